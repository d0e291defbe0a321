import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RuleError } from '../errors';
import { createRng, Dice } from '../random';
import * as checks from './index';

/**
 * Golden cases in the BCDice manner: each fixture file pins, for fixed seeds, the full outcome of
 * one check (or the error it raises). Any change to how seeds become dice, to a rule or to the odds
 * arithmetic breaks them, which is the point: such a change needs a new rng version or a decision.
 */
interface GoldenCase {
  name: string;
  seed: string;
  input: unknown;
  expected?: unknown;
  error?: { code: string; field: string };
}

interface GoldenFile {
  check: string;
  description: string;
  cases: GoldenCase[];
}

type Check = (input: never, dice: Dice) => unknown;

const directory = join(__dirname, '../../../test/fixtures/checks');
const files = readdirSync(directory).filter((file) => file.endsWith('.json'));
const registry = checks as unknown as Record<string, Check | undefined>;

describe('golden check fixtures', () => {
  it('cover every check', () => {
    const covered = files.map(
      (file) => (JSON.parse(readFileSync(join(directory, file), 'utf8')) as GoldenFile).check,
    );
    expect(covered.sort()).toEqual(
      [
        'abilityRoll',
        'contest',
        'criticalPoolTest',
        'extendedTest',
        'gmTask',
        'multiContest',
        'difficultyPool',
        'poolTest',
        'rollUnderSave',
        'tableRoll',
        'variableDamage',
        'versusTest',
      ].sort(),
    );
  });

  describe.each(files)('%s', (file) => {
    const golden = JSON.parse(readFileSync(join(directory, file), 'utf8')) as GoldenFile;
    const check = registry[golden.check];

    it.each(golden.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
      expect(typeof check).toBe('function');
      const run = (): unknown => (check as Check)(c.input as never, new Dice(createRng(c.seed)));
      if (c.error !== undefined) {
        expect(run).toThrow(RuleError);
        expect(run).toThrow(expect.objectContaining(c.error));
      } else {
        expect(run()).toStrictEqual(c.expected);
      }
    });
  });
});
