import fc from 'fast-check';
import fixture from '../../../test/fixtures/hazards/archsoul-tolerance.json';
import { scripted } from '../../../test/factories/dice';
import { createRng, Dice } from '../random';
import { activityTolerance, EXERTION_CONDITIONS, exertion } from './archsoul-exertion';

const total = (chances: { probability: number }[]) => chances.reduce((sum, c) => sum + c.probability, 0);

describe(exertion.name, () => {
  describe('the tolerance table', () => {
    it.each(fixture.rows)('Endurance $endurance: light $light min, heavy $heavy min', (row) => {
      expect(activityTolerance(row.endurance, 'light')).toBe(row.light);
      expect(activityTolerance(row.endurance, 'heavy')).toBe(row.heavy);
    });

    it('names the same conditions and steps as the fixture', () => {
      expect(EXERTION_CONDITIONS).toEqual(fixture.conditions);
    });

    it('never tolerates less with more Endurance', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 29 }), fc.constantFrom('light', 'heavy' as const), (e, a) => {
          return (
            activityTolerance(e + 1, a as 'light' | 'heavy') >= activityTolerance(e, a as 'light' | 'heavy')
          );
        }),
      );
    });
  });

  it('makes one roll per full tolerance period with a target rising from 3', () => {
    // Endurance 3, Resolve 1: heavy tolerance 10 minutes; 25 minutes → 2 rolls of 4 dice.
    const outcome = exertion(
      { endurance: 3, resolve: 1, activity: 'heavy', minutes: 25 },
      scripted(4, 5, 6, 1, 4, 4, 4, 1),
    );
    expect(outcome).toMatchObject({ toleranceMinutes: 10, rollsDue: 2, fatigueBefore: 0 });
    expect(outcome.rolls.map((r) => [r.target, r.difficulty, r.dice, r.successes, r.passed])).toEqual([
      [3, 4, 4, 3, true],
      [4, 4, 4, 3, false],
    ]);
    expect(outcome).toMatchObject({
      fatigueAfter: 1,
      fatigueLevel: 'fatigued',
      rollsSinceSleepAfter: 2,
      effects: [{ track: 'fatigue', change: 1, status: null }],
    });
  });

  it('names each condition and the fatigue it applies, and counts half water instead of thirst', () => {
    const outcome = exertion(
      {
        endurance: 6,
        activity: 'light',
        hours: 12,
        conditions: ['heat', 'thirst', 'half-water'],
        fatigue: 2,
      },
      scripted(),
    );
    expect(outcome.modifiers).toEqual([
      { name: 'heat', value: 1 },
      { name: 'half-water', value: 2 },
    ]);
    expect(outcome.rolls[0]).toMatchObject({
      difficulty: 6,
      dice: 5,
      modifiers: [
        { name: 'heat', value: 1 },
        { name: 'half-water', value: 2 },
        { name: 'fatigued', value: 1 },
        { name: 'exhausted: Endurance −1', value: -1 },
      ],
    });
  });

  it('fatigues, then exhausts, then knocks out, and stops rolling there', () => {
    const outcome = exertion({ endurance: 2, activity: 'heavy', minutes: 60 }, scripted());
    expect(outcome.rollsDue).toBe(12);
    expect(outcome.rolls.map((r) => r.fatigueAfter)).toEqual([1, 2, 3]);
    expect(outcome).toMatchObject({
      fatigueLevel: 'unconscious',
      effects: [
        { track: 'fatigue', change: 3, status: null },
        { track: 'status', change: 1, status: 'unconscious' },
      ],
    });
    expect(outcome.odds.fatigueAfter).toEqual([{ value: 3, probability: 1 }]);
  });

  it('gives an exact distribution of the final fatigue level', () => {
    const outcome = exertion({ endurance: 9, resolve: 3, activity: 'heavy', hours: 2 }, scripted());
    expect(total(outcome.odds.fatigueAfter)).toBeCloseTo(1, 12);
    for (const roll of outcome.rolls) expect(roll.odds.success).toBeGreaterThanOrEqual(0);
  });

  it('refuses both hours and minutes, naming a field', () => {
    expect(() => exertion({ endurance: 3, activity: 'light', hours: 1, minutes: 5 }, scripted())).toThrow(
      expect.objectContaining({ field: 'minutes' }),
    );
    expect(() => exertion({ endurance: 0, activity: 'light', hours: 1 }, scripted())).toThrow(
      expect.objectContaining({ field: 'endurance' }),
    );
  });

  it('replays the same rolls from the same seed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (seed) => {
        const input = { endurance: 4, resolve: 2, activity: 'heavy' as const, minutes: 45 };
        const a = exertion(input, new Dice(createRng(seed)));
        const b = exertion(input, new Dice(createRng(seed)));
        return JSON.stringify(a) === JSON.stringify(b);
      }),
      { numRuns: 50 },
    );
  });
});

describe('exertion golden seeds', () => {
  it('seed "march": three heavy periods at Endurance 4, Resolve 2 fail into unconsciousness', () => {
    const outcome = exertion(
      { endurance: 4, resolve: 2, activity: 'heavy', minutes: 45 },
      new Dice(createRng('march')),
    );
    expect(outcome.rolls.map((r) => [r.faces, r.successes, r.passed])).toEqual([
      [[1, 3, 1, 3, 3, 3], 0, false],
      [[1, 5, 5, 4, 2, 2], 2, false],
      [[2, 3, 3, 1, 1], 0, false],
    ]);
    expect(outcome.fatigueLevel).toBe('unconscious');
  });
});
