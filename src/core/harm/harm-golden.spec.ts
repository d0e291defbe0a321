import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRng, Dice } from '../random';
import * as harm from './index';

/**
 * Harm procedures replayed from fixed seeds, in the BCDice manner: a change to how seeds become
 * dice, to a rule or to the odds breaks them, and needs a new rng version or a recorded decision.
 */
interface GoldenCase {
  procedure: string;
  name: string;
  seed: string;
  input: unknown;
  expected: unknown;
}

const file = JSON.parse(readFileSync(join(__dirname, '../../../test/fixtures/harm/golden.json'), 'utf8')) as {
  cases: GoldenCase[];
};
const registry = harm as unknown as Record<string, (input: unknown, dice: Dice) => unknown>;

describe('golden harm fixtures', () => {
  it.each(file.cases.map((c) => [c.procedure, c.name, c] as const))('%s: %s', (procedure, _name, golden) => {
    const outcome = registry[procedure](golden.input, new Dice(createRng(golden.seed)));
    expect(JSON.parse(JSON.stringify(outcome))).toEqual(golden.expected);
  });

  it('pins the Toromeen consciousness roll and a scar’s follow-ups', () => {
    const byName = (name: string) =>
      file.cases.find((c) => c.name === name)!.expected as Record<string, unknown>;
    expect(byName('Toromeen at 4 survival takes 6')).toMatchObject({
      consciousnessRoll: { target: 9, roll: 20, passed: false },
      unconsciousMinutes: 2,
    });
    expect(byName('exactly 0 from 6: scar 6, a head wound')).toMatchObject({
      scar: {
        entry: 6,
        followUps: [{ result: 'wil' }, { total: 10, change: { field: 'wil', delta: 3, after: 10 } }],
      },
    });
  });
});
