import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import ts from 'typescript';

/*
 * On Node 20's V8, optimised code that builds `{ ...a, b }` (a spread first, then any member or
 * another spread) gives every object it makes a map of its own. Each such object is then slow to
 * build, and every inline cache that later reads it (serialisers, the ORM, our own code) goes
 * megamorphic. Starting the literal with `...{}` keeps V8 on its ordinary path, with one shared map
 * per site; the object is the same. docs/decisions.md, "Object spreads"; docs/benchmarks.md, stop 21.
 */

const ROOT = join(__dirname, '..');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (path.endsWith('.ts') && !path.endsWith('.spec.ts')) out.push(path);
  }
  return out;
}

/** Object literals whose first member spreads an object other than `{}` and that have more members. */
export function slowSpreads(fileName: string, text: string): number[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node) && node.properties.length > 1) {
      const first = node.properties[0];
      const emptyLiteral =
        ts.isSpreadAssignment(first) &&
        ts.isObjectLiteralExpression(first.expression) &&
        first.expression.properties.length === 0;
      if (ts.isSpreadAssignment(first) && !emptyLiteral)
        lines.push(file.getLineAndCharacterOfPosition(first.getStart(file)).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return lines;
}

describe('object literals that spread first', () => {
  it('finds the shape it forbids, and lets the fixed one and a lone spread through', () => {
    expect(slowSpreads('a.ts', 'const a = { ...b, c: 1 };\nconst d = { ...e, ...f };')).toEqual([1, 2]);
    expect(slowSpreads('a.ts', 'const a = { ...{}, ...b, c: 1 };')).toEqual([]);
    expect(slowSpreads('a.ts', 'const a = { ...b };\nconst c = { d: 1, ...e };')).toEqual([]);
  });

  it('made by optimised code, share one map per site once they start with `...{}`', () => {
    // V8's own test hook, turned on for the functions compiled below only.
    setFlagsFromString('--allow-natives-syntax');
    const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
    const optimise = new Function(
      'f',
      '%PrepareFunctionForOptimization(f); f({ a: 1 }); f({ a: 2 }); %OptimizeFunctionOnNextCall(f); f({ a: 3 });',
    ) as (f: (o: object) => object) => void;
    const fixed = (o: object) => ({ ...{}, ...o, c: 1 });
    optimise(fixed);
    expect(sameMap(fixed({ a: 1 }), fixed({ a: 2 }))).toBe(true);
  });

  it('start with `...{}` in every source file when more members follow the spread', () => {
    const found = sources(ROOT).flatMap((path) =>
      slowSpreads(path, readFileSync(path, 'utf8')).map((line) => `${relative(ROOT, path)}:${line}`),
    );
    expect(found).toEqual([]);
  });
});
