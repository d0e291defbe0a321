import fc from 'fast-check';
import fixture from '../../../test/fixtures/hazards/gm-falling.json';
import { scripted } from '../../../test/factories/dice';
import { createRng, Dice } from '../random';
import { gmFall, gmFallEvasionEffect, gmFallRow, gmFallSeconds, GM_FALLING_TABLE } from './gm-falls';

const total = (chances: { probability: number }[]) => chances.reduce((sum, c) => sum + c.probability, 0);

describe(gmFall.name, () => {
  describe('the falling table', () => {
    it.each(fixture.rows)('$feet feet: $dice d6, $seconds s, evasion $evasion', (row) => {
      expect(gmFallRow(row.feet).dice).toBe(row.dice);
      expect(gmFallSeconds(row.feet)).toBe(row.seconds);
      expect(gmFallEvasionEffect(row.feet)).toBe(row.evasion);
    });

    it('has seven rows, one die more each time the height doubles', () => {
      expect(GM_FALLING_TABLE.map((row) => row.dice)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    });
  });

  it('sends one point per die to injuries and the rest to survival (a 45-foot fall, 4d6)', () => {
    const outcome = gmFall({ feet: 45 }, scripted(3, 5, 1, 6));
    expect(outcome).toMatchObject({
      dice: 4,
      damageFaces: [3, 5, 1, 6],
      rolled: 15,
      damage: 15,
      injuries: 4,
      survival: 11,
      seconds: 4,
      evasion: { effect: 'none', rolled: false, roll: null, passed: null },
      effects: [
        { track: 'survival', change: -11, status: null },
        { track: 'injuries', change: 4, status: null },
      ],
    });
    expect(outcome.odds.evasion).toBeNull();
  });

  it('negates a fall under 10 feet on a passed evasion roll, injuries included', () => {
    const outcome = gmFall({ feet: 8, evasion: 12 }, scripted(12, 6));
    expect(outcome).toMatchObject({ damage: 0, injuries: 0, survival: 0, faces: [12, 6], effects: [] });
    expect(outcome.evasion).toEqual({ effect: 'negates', rolled: true, target: 12, roll: 12, passed: true });
    expect(outcome.odds.evasion).toBe(0.6);
  });

  it('halves (rounding down) a fall under 20 feet on a passed roll and spares the injuries', () => {
    expect(gmFall({ feet: 15, evasion: 12 }, scripted(3, 4, 3))).toMatchObject({
      rolled: 7,
      damage: 3,
      injuries: 0,
      survival: 3,
    });
  });

  it('takes full damage and injuries when the evasion roll fails', () => {
    expect(gmFall({ feet: 15, evasion: 12 }, scripted(13, 4, 3))).toMatchObject({
      damage: 7,
      injuries: 2,
      survival: 5,
      evasion: { passed: false },
    });
  });

  it('makes no evasion roll at exactly 20 feet (our reading) and so spares no injuries', () => {
    const outcome = gmFall({ feet: 20, evasion: 20 }, scripted(1, 1, 1));
    expect(outcome.evasion).toEqual({
      effect: 'none',
      rolled: false,
      target: null,
      roll: null,
      passed: null,
    });
    expect(outcome).toMatchObject({ dice: 3, damage: 3, injuries: 3, survival: 0 });
  });

  it('gives exact distributions that sum to 1', () => {
    const outcome = gmFall({ feet: 12, evasion: 10 }, scripted(1, 1, 1));
    expect(total(outcome.odds.rolled)).toBeCloseTo(1, 12);
    expect(total(outcome.odds.damage)).toBeCloseTo(1, 12);
    expect(outcome.odds.rolled.find((c) => c.value === 7)?.probability).toBe(6 / 36);
    // Damage 1 only when halving a 2 or 3: (1 + 2) / 36 of the evaded half.
    expect(outcome.odds.damage.find((c) => c.value === 1)?.probability).toBeCloseTo(0.5 * (3 / 36), 15);
  });

  it('refuses a height that is not a whole number of feet, naming the field', () => {
    expect(() => gmFall({ feet: 0 }, scripted())).toThrow(expect.objectContaining({ field: 'feet' }));
    expect(() => gmFall({ feet: 10, evasion: -1 }, scripted())).toThrow(
      expect.objectContaining({ field: 'evasion' }),
    );
  });

  it('golden: seed "fall-45" always rolls the same', () => {
    const outcome = gmFall({ feet: 45 }, new Dice(createRng('fall-45')));
    expect(outcome).toMatchObject({ damageFaces: [3, 2, 1, 6], damage: 12, injuries: 4, survival: 8 });
  });

  it('never does less damage from higher up (same dice)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.string(),
        (feet, more, seed) => {
          const low = gmFall({ feet }, new Dice(createRng(seed || 's')));
          const high = gmFall({ feet: feet + more }, new Dice(createRng(seed || 's')));
          return high.damage >= low.damage && high.injuries >= low.injuries && high.seconds >= low.seconds;
        },
      ),
    );
  });
});
