import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { OptionalInputPipe } from './optional-input';

/*
 * Every GraphQL argument that names an input class reaches the validation pipe as that class: either
 * TypeScript records the class as the parameter's type, or the argument carries OptionalInputPipe.
 * `@Args('input', { type: () => X, nullable: true }) input: X | null` records `Object` and would let
 * X's bounds go unchecked over GraphQL; this test fails on any resolver written that way.
 */

const ROUTE_ARGS = '__routeArguments__';

function resolverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return resolverFiles(path);
    return entry.name.endsWith('.resolver.ts') ? [path] : [];
  });
}

interface RouteArg {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

function unvalidatedArgs(): string[] {
  const found: string[] = [];
  for (const file of resolverFiles(join(__dirname, '..'))) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(file) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      if (typeof value !== 'function') continue;
      const proto = (value as { prototype?: object }).prototype;
      if (!proto) continue;
      for (const method of Object.getOwnPropertyNames(proto)) {
        const args = Reflect.getMetadata(ROUTE_ARGS, value, method) as Record<string, RouteArg> | undefined;
        if (!args) continue;
        const types = (Reflect.getMetadata('design:paramtypes', proto, method) ?? []) as unknown[];
        for (const [key, arg] of Object.entries(args)) {
          if (arg.data !== 'input') continue;
          const validated =
            types[arg.index] !== Object || (arg.pipes ?? []).some((p) => p instanceof OptionalInputPipe);
          if (!validated) found.push(`${(value as { name: string }).name}.${method} (${key})`);
        }
      }
    }
  }
  return found;
}

describe('GraphQL input arguments', () => {
  it('finds the resolvers and their input arguments', () => {
    const files = resolverFiles(join(__dirname, '..'));
    expect(files.length).toBeGreaterThan(10);
  });

  it('every input argument is validated as its class (no `X | null` parameter without OptionalInput)', () => {
    expect(unvalidatedArgs()).toEqual([]);
  });
});
