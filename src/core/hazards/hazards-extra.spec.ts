import fc from 'fast-check';
import { scripted } from '../../../test/factories/dice';
import { createRng, Dice } from '../random';
import { archsoulObjectAttack } from './archsoul-object-attack';
import { coeacMirrorRoad } from './coeac-travel';
import { gmConcentration } from './gm-concentration';
import { ailmentTicksDue, gmAilmentTicks } from './gm-ailment-course';

describe(archsoulObjectAttack.name, () => {
  it('misses an object only on a roll of no successes (defence 0)', () => {
    expect(archsoulObjectAttack({ dice: 3 }, scripted(1, 2, 3))).toMatchObject({
      defence: 0,
      successes: 0,
      hit: false,
      margin: 0,
      cannotMiss: false,
    });
    expect(archsoulObjectAttack({ dice: 3 }, scripted(1, 2, 4))).toMatchObject({
      successes: 1,
      hit: true,
      margin: 1,
    });
  });

  it('cannot miss an object larger than a space, but still reports the roll', () => {
    const outcome = archsoulObjectAttack({ dice: 2, size: 'large' }, scripted(1, 1));
    expect(outcome).toMatchObject({ cannotMiss: true, successes: 0, hit: true, odds: { hit: 1 } });
    expect(outcome.modifiers.map((m) => m.name)).toContain('larger than a space: cannot be missed');
  });

  it('beyond the accurate range a large object needs a success as normal', () => {
    const outcome = archsoulObjectAttack(
      { dice: 2, size: 'large', beyondAccurateRange: true },
      scripted(3, 2),
    );
    expect(outcome).toMatchObject({ cannotMiss: false, hit: false });
    expect(outcome.odds.hit).toBeCloseTo(1 - 0.25, 12);
  });

  it('gives exact odds: 1 − (chance a die fails)^dice', () => {
    expect(archsoulObjectAttack({ dice: 1, difficulty: 5 }, scripted(6)).odds.hit).toBeCloseTo(2 / 6, 12);
    expect(archsoulObjectAttack({ dice: 0 }, scripted()).odds.hit).toBe(0);
  });

  it('golden: seed "object-attack" rolls four dice', () => {
    expect(archsoulObjectAttack({ dice: 4 }, new Dice(createRng('object-attack')))).toMatchObject(
      GOLDEN_ATTACK,
    );
  });

  it('refuses an unknown size, naming the field', () => {
    expect(() => archsoulObjectAttack({ dice: 1, size: 'huge' as never }, scripted(1))).toThrow(
      expect.objectContaining({ field: 'size' }),
    );
  });

  it('more dice never lower the chance to hit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 2, max: 6 }), (dice, difficulty) => {
        const a = archsoulObjectAttack({ dice, difficulty }, new Dice(createRng(`a${dice}`)));
        const b = archsoulObjectAttack({ dice: dice + 1, difficulty }, new Dice(createRng(`b${dice}`)));
        return b.odds.hit >= a.odds.hit - 1e-12;
      }),
      { numRuns: 50 },
    );
  });
});

describe(coeacMirrorRoad.name, () => {
  it('covers a day (two hexes) in an hour, one overland check a hex', () => {
    const outcome = coeacMirrorRoad({ days: 2 }, scripted(1, 3, 2, 6));
    expect(outcome).toMatchObject({ hexes: 4, days: 2, minutes: 120, turns: 12, encounters: 2 });
    expect(outcome.checks.map((c) => c.encounter)).toEqual([true, false, true, false]);
    expect(outcome.odds.encounterPerCheck).toBeCloseTo(1 / 3, 12);
    expect(outcome.odds.atLeastOne).toBeCloseTo(1 - (2 / 3) ** 4, 12);
  });

  it('an odd hex is half a day: thirty minutes, three turns', () => {
    expect(coeacMirrorRoad({ hexes: 3 }, scripted(6, 6, 6))).toMatchObject({
      days: 1.5,
      minutes: 90,
      turns: 9,
    });
  });

  it('refuses both hexes and days', () => {
    expect(() => coeacMirrorRoad({ hexes: 1, days: 1 }, scripted())).toThrow(
      expect.objectContaining({ field: 'days' }),
    );
  });

  it('time and distance keep the same ratio (half an hour a hex)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), (hexes) => {
        const outcome = coeacMirrorRoad({ hexes }, new Dice(createRng(`m${hexes}`)));
        return outcome.minutes === hexes * 30 && outcome.checks.length === hexes;
      }),
      { numRuns: 30 },
    );
  });
});

describe(gmConcentration.name, () => {
  it('halves Movement, forbids attacks and costs 1 defence; no roll unless a sustained one is hit', () => {
    expect(gmConcentration({ movement: 9 }, scripted())).toMatchObject({
      maxMovement: 4,
      defenceModifier: -1,
      canAttack: false,
      roll: null,
      kept: true,
      odds: { kept: 1 },
    });
    expect(gmConcentration({ hit: true, evasion: 10 }, scripted())).toMatchObject({ roll: null, kept: true });
  });

  it('a hit on a sustained concentration calls for an evasion roll (d20 at or under)', () => {
    expect(gmConcentration({ sustained: true, hit: true, evasion: 11 }, scripted(11))).toMatchObject({
      roll: { target: 11, roll: 11, passed: true },
      kept: true,
      odds: { kept: 11 / 20 },
    });
    expect(
      gmConcentration({ sustained: true, hit: true, evasion: 11, evasionModifier: -2 }, scripted(10)),
    ).toMatchObject({ roll: { target: 9, passed: false }, kept: false, odds: { kept: 9 / 20 } });
  });

  it('a concentration penalty lowers charisma, wisdom and intelligence, named', () => {
    const outcome = gmConcentration({ penalty: 4 }, scripted());
    expect(outcome.abilityModifiers).toEqual({ charisma: -4, wisdom: -4, intelligence: -4 });
    expect(outcome.modifiers).toContainEqual({
      name: 'concentration penalty (charisma, wisdom, intelligence)',
      value: -4,
    });
  });

  it('needs evasion when the roll is due, naming it', () => {
    expect(() => gmConcentration({ sustained: true, hit: true }, scripted(1))).toThrow(
      expect.objectContaining({ field: 'evasion' }),
    );
  });

  it('golden: seed "concentration" rolls the evasion d20', () => {
    expect(
      gmConcentration({ sustained: true, hit: true, evasion: 12 }, new Dice(createRng('concentration'))),
    ).toMatchObject(GOLDEN_CONCENTRATION);
  });
});

const GOLDEN_ATTACK = { faces: [1, 3, 2, 6], successes: 1, hit: true, margin: 1, odds: { hit: 0.9375 } };
const GOLDEN_CONCENTRATION = { roll: { target: 12, roll: 9, passed: true }, kept: true, odds: { kept: 0.6 } };

describe(gmAilmentTicks.name, () => {
  const food = {
    id: 'a',
    strength: 3,
    health: 9,
    from: 1,
    count: 3,
    effect: 'injuries' as const,
    effectDice: 1,
    effectSides: 1,
  };

  it('rolls health at −(strength − action times since onset) until the first pass', () => {
    // Targets 7, 8, 9: 12 fails (1 injury), 8 passes; the third action time is never rolled.
    const outcome = gmAilmentTicks({ ailments: [food] }, scripted(12, 8));
    expect(outcome.ailments[0]).toMatchObject({ ended: true, amount: 1 });
    expect(outcome.ailments[0].steps.map((s) => [s.target, s.roll, s.passed])).toEqual([
      [7, 12, false],
      [8, 8, true],
    ]);
    expect(outcome.injuries).toBe(1);
    expect(outcome.ailments[0].steps[0].odds.success).toBeCloseTo(7 / 20, 12);
  });

  it('rolls the effect dice when the effect has sides', () => {
    const outcome = gmAilmentTicks(
      { ailments: [{ ...food, effect: 'sleep-minutes', effectDice: 2, effectSides: 10, count: 1 }] },
      scripted(20, 3, 9),
    );
    expect(outcome.ailments[0]).toMatchObject({ ended: false, amount: 12 });
    expect(outcome.injuries).toBe(0);
  });

  it('carries the time short of an action time', () => {
    const a = { actionTime: { amount: 1, unit: 'hour' as const }, carriedSeconds: 1200 };
    expect(ailmentTicksDue(a, 2400)).toEqual({ ticks: 1, carried: 0 });
    expect(ailmentTicksDue(a, 600)).toEqual({ ticks: 0, carried: 1800 });
    expect(ailmentTicksDue({ ...a, carriedSeconds: 0 }, 4 * 3600 + 5)).toEqual({ ticks: 4, carried: 5 });
  });

  it('never rolls more action times than are due, and stops at the first pass', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 20 }), (count, health) => {
        const outcome = gmAilmentTicks(
          { ailments: [{ ...food, count, health }] },
          new Dice(createRng(`t${count}`)),
        );
        const steps = outcome.ailments[0].steps;
        return (
          steps.length <= count &&
          steps.slice(0, -1).every((s) => !s.passed) &&
          outcome.ailments[0].ended === (steps.length > 0 && steps[steps.length - 1].passed)
        );
      }),
      { numRuns: 50 },
    );
  });
});
