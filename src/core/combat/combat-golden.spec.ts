import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRng, Dice } from '../random';
import * as combat from './index';

/**
 * Combat resolutions replayed from fixed seeds: a change to how seeds become dice, to a rule or to
 * the odds breaks them, and needs a new rng version or a `.vN` procedure.
 */
interface GoldenCase {
  procedure: string;
  name: string;
  seed: string;
  input: unknown;
  expected: unknown;
}

const file = JSON.parse(
  readFileSync(join(__dirname, '../../../test/fixtures/combat/golden.json'), 'utf8'),
) as {
  cases: GoldenCase[];
};
const registry = combat as unknown as Record<string, (input: unknown, dice: Dice) => unknown>;

describe('golden combat fixtures', () => {
  it.each(file.cases.map((c) => [c.procedure, c.name, c] as const))('%s: %s', (procedure, _name, golden) => {
    const outcome = registry[procedure](golden.input, new Dice(createRng(golden.seed)));
    expect(JSON.parse(JSON.stringify(outcome))).toEqual(golden.expected);
  });

  it('pins readable facts of the fixtures', () => {
    const byName = (name: string) =>
      file.cases.find((c) => c.name === name)?.expected as Record<string, unknown>;
    const axe = byName('Toromeen’s axe') as { target: number; odds: { hit: number } };
    expect(axe.target).toBe(12);
    expect(axe.odds.hit).toBe(0.6);
    const goblins = byName('twelve goblins and their aftermath') as {
      survival: number;
      movement: number;
      aftermath: { die: string; members: unknown[] };
    };
    expect(goblins.survival).toBe(20);
    expect(goblins.movement).toBe(40);
    expect(goblins.aftermath.die).toBe('d8');
    expect(goblins.aftermath.members).toHaveLength(12);
    const blast = byName('a blast on five characters') as { targets: unknown[] };
    expect(blast.targets).toHaveLength(5);
  });
});
