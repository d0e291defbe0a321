import fc from 'fast-check';
import { scripted } from '../../../test/factories/dice';
import { createRng, Dice } from '../random';
import { archsoulFall } from './archsoul-falls';

const total = (chances: { probability: number }[]) => chances.reduce((sum, c) => sum + c.probability, 0);

describe(archsoulFall.name, () => {
  it('rolls one die per metre past the first at difficulty 4', () => {
    expect(archsoulFall({ meters: 4 }, scripted(4, 3, 6))).toMatchObject({
      dice: 3,
      difficulty: 4,
      successes: 2,
      damage: 2,
      effects: [{ track: 'hit-points', change: -2, status: null }],
    });
  });

  it('rolls nothing for a fall of one metre or less', () => {
    expect(archsoulFall({ meters: 1 }, scripted())).toMatchObject({ dice: 0, damage: 0, effects: [] });
  });

  it('names the size and hardness it applied', () => {
    const outcome = archsoulFall({ meters: 5, size: 'small', hardness: 1 }, scripted(5, 5, 6, 1));
    expect(outcome).toMatchObject({ difficulty: 5, successes: 3, damage: 2 });
    expect(outcome.modifiers).toEqual([
      { name: 'small target', value: 1 },
      { name: 'hardness', value: -1 },
    ]);
  });

  it('gives the exact damage distribution (2 dice at 4+: 1/4, 1/2, 1/4)', () => {
    expect(archsoulFall({ meters: 3 }, scripted()).odds.damage).toEqual([
      { value: 0, probability: 0.25 },
      { value: 1, probability: 0.5 },
      { value: 2, probability: 0.25 },
    ]);
  });

  it('golden: seed "fall-7m" rolls six dice for seven metres', () => {
    expect(archsoulFall({ meters: 7 }, new Dice(createRng('fall-7m')))).toMatchObject({
      faces: [5, 4, 3, 5, 3, 5],
      damage: 4,
    });
  });

  it('refuses a negative height, naming the field', () => {
    expect(() => archsoulFall({ meters: -1 }, scripted())).toThrow(
      expect.objectContaining({ field: 'meters' }),
    );
  });

  it('never rolls fewer dice from higher up, and its odds sum to 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 50 }), (meters, more) => {
        const low = archsoulFall({ meters }, scripted());
        const high = archsoulFall({ meters: meters + more }, scripted());
        return high.dice >= low.dice && Math.abs(total(high.odds.damage) - 1) < 1e-9;
      }),
      { numRuns: 50 },
    );
  });
});
