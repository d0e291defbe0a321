import { execFileSync } from 'node:child_process';
import { parse } from 'graphql';
import { documentHeapBytes, documentStore, HEAP_BYTES_PER_SOURCE_CHARACTER } from './document-store';

/**
 * The heap bytes a character of source takes once parsed, for each list of sources: measured in a
 * fresh Node process (a Jest worker's heap also holds what earlier test files left behind, and
 * frees it at its own pace).
 */
function heapBytesPerCharacter(sources: Record<string, string[]>): Record<string, number> {
  const script = `
    const { parse } = require('graphql');
    const sources = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    const heapUsed = () => { gc(); gc(); return process.memoryUsage().heapUsed; };
    const answer = {};
    let kept = [];
    for (const [shape, list] of Object.entries(sources)) {
      kept = [];
      const before = heapUsed();
      kept = list.map((source) => parse(source));
      const characters = list.reduce((sum, source) => sum + source.length, 0);
      answer[shape] = (heapUsed() - before) / characters;
      if (kept.length !== list.length) throw new Error('lost a document');
    }
    process.stdout.write(JSON.stringify(answer));`;
  const output = execFileSync(process.execPath, ['--expose-gc', '-e', script], {
    input: JSON.stringify(sources),
    cwd: __dirname,
  });
  return JSON.parse(output.toString('utf8')) as Record<string, number>;
}

/** Distinct documents of the shapes clients send: aliased fields, inline inputs, a short query. */
const SHAPES: Record<string, (n: number) => string> = {
  aliases: (n) => `{ ${Array.from({ length: 300 }, (_, i) => `a${n}_${i}: __typename`).join(' ')} }`,
  inline: (n) =>
    `mutation($c: ID!) { ${Array.from(
      { length: 50 },
      (_, i) => `c${i}: createCharacter(campaignId: $c, input: { name: "Adept ${n}-${i}" }) { id }`,
    ).join(' ')} }`,
  short: (n) =>
    `mutation($i: PoolCheckInput!) { poolCheck(input: $i) { dice faces successes odds { success } seed } } # ${n}`,
};

describe('the bounded GraphQL document store', () => {
  it('prices aliased, inline-input and short documents at no less than the heap they take', () => {
    const sources = Object.fromEntries(
      Object.entries(SHAPES).map(([shape, make]) => [shape, Array.from({ length: 300 }, (_, n) => make(n))]),
    );
    const measured = heapBytesPerCharacter(sources);
    for (const shape of Object.keys(SHAPES)) {
      expect([shape, measured[shape]]).toEqual([shape, expect.any(Number)]);
      expect(measured[shape]).toBeLessThanOrEqual(HEAP_BYTES_PER_SOURCE_CHARACTER);
      // Not many times more either: the store would then keep needlessly few documents.
      expect(measured[shape]).toBeGreaterThan(HEAP_BYTES_PER_SOURCE_CHARACTER / 4);
    }
  });

  it('prices a document by its source, without serialising it', () => {
    const source = SHAPES.short(1);
    expect(documentHeapBytes(parse(source))).toBe(source.length * HEAP_BYTES_PER_SOURCE_CHARACTER);
    expect(documentHeapBytes(parse(source, { noLocation: true }))).toBe(
      1000 * HEAP_BYTES_PER_SOURCE_CHARACTER,
    );
  });

  it('keeps the most recently used documents within its bytes, and none larger than them', async () => {
    const documents = Array.from({ length: 10 }, (_, n) => parse(SHAPES.short(n)));
    const each = documentHeapBytes(documents[0]);
    const store = documentStore(each * 3 + each / 2);
    for (const [n, document] of documents.entries()) await store.set(`q${n}`, document);
    expect(store.keys().sort()).toEqual(['q7', 'q8', 'q9']);
    expect(await store.get('q9')).toBe(documents[9]);
    expect(await store.get('q0')).toBeUndefined();
    await store.set('huge', parse(SHAPES.aliases(1)));
    expect(await store.get('huge')).toBeUndefined();
  });
});
