import fc from 'fast-check';
import { scripted } from '../../../test/factories/dice';
import { createRng, Dice } from '../random';
import { groupBonus as combatGroupBonus } from '../combat/gm-group';
import { gmAilment, EXAMPLE_AILMENTS } from './gm-ailments';
import {
  gmAging,
  gmIllusion,
  gmItemReaction,
  gmItemReactionV1,
  phantasmalKept,
  thicknessBonus,
  ITEM_REACTION_TABLE,
} from './gm-consequences';
import {
  gmCoverTracks,
  gmDailyMovement,
  gmForcedMarch,
  gmSearch,
  gmSpeed,
  gmTime,
  gmTracking,
  gmTrackingV1,
  groupBonus,
  SPEED_TABLE,
} from './gm-movement';

const total = (chances: { probability: number }[]) => chances.reduce((sum, c) => sum + c.probability, 0);

describe('G&M ailments', () => {
  it('has the example table as a fixture', () => {
    expect(
      EXAMPLE_AILMENTS.map((a) => [
        a.id,
        a.kind,
        a.strength,
        `${a.actionTime.amount} ${a.actionTime.unit}`,
        a.effect.dice,
        a.effect.sides,
      ]),
    ).toEqual([
      ['alcohol', 'chronic', -1, '20 minute', 1, 1],
      ['common-cold', 'chronic', 1, '1 day', 1, 1],
      ['food-poisoning', 'chronic', 3, '1 hour', 1, 1],
      ['black-widow', 'one-shot', 0, '30 minute', 1, 2],
      ['giant-spider', 'one-shot', 4, '1 round', 1, 4],
      ['huge-spider', 'one-shot', 2, '1 round', 1, 3],
      ['large-spider', 'one-shot', 1, '1 round', 1, 2],
      ['shadow-spider', 'one-shot', 1, '2 round', 1, 6],
      ['sleep-gas', 'inescapable', 0, '1 round', 2, 10],
    ]);
  });

  it('food poisoning failed three more times beyond its onset is 4 injuries (the seed’s example)', () => {
    const o = gmAilment(
      { ailment: 'food-poisoning', contact: 'willing', reaction: 11, actionTimesAfter: 5 },
      scripted(20, 20, 20, 20, 1),
    );
    // Contact: health 11 − strength 3 − willing 4 = 4; the course fades: 9, 10, 11, 12.
    expect(o.steps.map((s) => [s.phase, s.target, s.passed, s.amount])).toEqual([
      ['contact', 4, false, 1],
      ['course', 9, false, 1],
      ['course', 10, false, 1],
      ['course', 11, false, 1],
      ['course', 12, true, 0],
    ]);
    expect(o).toMatchObject({
      contracted: true,
      ongoing: false,
      applications: 4,
      total: 4,
      reaction: 'health',
    });
    expect(o.effects).toEqual([{ track: 'injuries', change: 4, status: null }]);
    expect(total(o.odds.applications)).toBeCloseTo(1, 12);
    expect(o.odds.contract).toBeCloseTo(16 / 20, 12);
  });

  it('sleep gas for five rounds with three failures sleeps 6d10 minutes (the seed’s example)', () => {
    const o = gmAilment(
      { ailment: 'sleep-gas', contact: 'forced', reaction: 10, actionTimesExposed: 5 },
      scripted(15, 3, 4, 5, 15, 6, 7, 5, 15, 8, 9),
    );
    expect(o.applications).toBe(3);
    expect(o.steps.flatMap((s) => s.effectFaces)).toHaveLength(6);
    expect(o.total).toBe(3 + 4 + 6 + 7 + 8 + 9);
    expect(o.effects).toEqual([{ track: 'status', change: 1, status: 'asleep' }]);
    // Binomial(5, 1/2) applications.
    expect(o.odds.applications.map((c) => c.probability * 32)).toEqual(
      [1, 5, 10, 10, 5, 1].map((n) => expect.closeTo(n, 9)),
    );
  });

  it('a chronic inescapable ailment strikes every action time after the first failure with no roll', () => {
    const o = gmAilment(
      { kind: 'chronic-inescapable', strength: 0, contact: 'forced', reaction: 10, actionTimesExposed: 4 },
      scripted(5, 15),
    );
    expect(o.steps.map((s) => [s.roll, s.applied, s.strength])).toEqual([
      [5, false, 0],
      [15, true, 0],
      [null, true, 1],
      [null, true, 2],
    ]);
    expect(total(o.odds.applications)).toBeCloseTo(1, 12);
  });

  it('an illusory poison the victim cannot know of does nothing; a knowable one is at +10', () => {
    const none = gmAilment(
      { ailment: 'huge-spider', contact: 'forced', reaction: 5, illusory: true },
      scripted(20),
    );
    expect(none).toMatchObject({ contracted: false, applications: 0, odds: { contract: 0 } });
    const known = gmAilment(
      { ailment: 'huge-spider', contact: 'forced', reaction: 5, illusory: true, knowable: true },
      scripted(13),
    );
    expect(known.steps[0].target).toBe(13);
    expect(known.contracted).toBe(false);
  });

  it('names the field of a bad ailment', () => {
    expect(() =>
      gmAilment({ ailment: 'plague', contact: 'willing', reaction: 1 } as never, scripted()),
    ).toThrow(expect.objectContaining({ field: 'ailment' }));
  });
});

describe('G&M aging, illusions and item reactions', () => {
  it('counts birthdays from 40 + endurance’s major contributor', () => {
    expect(gmAging({ from: 38, to: 43, endurance: 12 })).toMatchObject({
      threshold: 41,
      ages: [41, 42, 43],
      injuries: 3,
    });
    expect(gmAging({ from: 30, to: 40, endurance: 3 }).ages).toEqual([37, 38, 39, 40]);
    // The referee's special contributor replaces the major one (a long-lived species, say).
    expect(gmAging({ from: 40, to: 70, endurance: 12, enduranceContribution: 25 })).toMatchObject({
      threshold: 65,
      ages: [65, 66, 67, 68, 69, 70],
      modifiers: [{ name: 'endurance (special contributor, referee) on the threshold', value: 25 }],
    });
    expect(() => gmAging({ from: 40, to: 45, endurance: 12, enduranceContribution: 41 })).toThrow(
      expect.objectContaining({ field: 'enduranceContribution' }),
    );
  });

  it('gives back all but a tenth of phantasmal damage, rounded up, at least one', () => {
    expect([1, 9, 10, 11, 25].map(phantasmalKept)).toEqual([1, 1, 1, 2, 3]);
    const o = gmIllusion({ method: 'willpower', score: 10, penalty: 5, phantasmalSurvival: 14 }, scripted(8));
    expect(o).toMatchObject({ target: 8, passed: true, disbelieved: true, allyBonus: 2 });
    expect(o.recovery).toMatchObject({ survivalBack: 12, survivalKept: 2 });
    expect(o.odds.success).toBe(8 / 20);
  });

  it('has the item reaction table and the thickness bonus (glass: +1, +2, +3, +4 at ¼, ½, 1, 2 inches)', () => {
    expect(ITEM_REACTION_TABLE.paper).toEqual({ fire: -2, bludgeon: 6, acid: 8, baseSixteenths: 8 });
    expect(ITEM_REACTION_TABLE.ice).toEqual({ fire: 0, bludgeon: 0, acid: 8, baseSixteenths: 8 });
    expect([4, 8, 16, 32].map((t) => thicknessBonus(t, 4))).toEqual([1, 2, 3, 4]);
    expect(thicknessBonus(2, 4)).toBe(0);
    const o = gmItemReaction({ material: 'glass', attack: 'acid', thicknessSixteenths: 8 }, scripted(20));
    expect(o).toMatchObject({ target: 22, passed: true, odds: { success: 1 } });
    expect(
      gmItemReaction({ material: 'glass', attack: 'bludgeon', protected: true }, scripted()).rolled,
    ).toBe(false);
  });
});

describe('G&M item reactions: the ice row (issue 43, X1)', () => {
  it('golden: the whole table, row by row, as seed 001 aligns it (ice +8 under acid)', () => {
    expect(
      Object.entries(ITEM_REACTION_TABLE).map(([m, r]) => [m, r.fire, r.bludgeon, r.acid, r.baseSixteenths]),
    ).toEqual([
      ['glass', 8, 0, 16, 4],
      ['ice', 0, 0, 8, 8],
      ['metal', 6, 5, 0, 4],
      ['paper', -2, 6, 8, 8],
      ['stone', 8, 0, 10, 16],
      ['wood', 0, 3, 5, 16],
    ]);
  });

  it('golden: half-inch ice rolls against 13 for acid and 5 for a blow; version 1 had them swapped', () => {
    const acid = gmItemReaction({ material: 'ice', attack: 'acid' }, new Dice(createRng('ice-acid')));
    expect(acid).toMatchObject({ target: 13, thicknessBonus: 1, odds: { success: 13 / 20 } });
    expect(acid.modifiers).toEqual([
      { name: 'base', value: 4 },
      { name: 'ice against acid', value: 8 },
      { name: 'thickness', value: 1 },
    ]);
    expect(gmItemReaction({ material: 'ice', attack: 'bludgeon' }, scripted(6))).toMatchObject({
      target: 5,
      passed: false,
      damaged: true,
    });
    expect(gmItemReactionV1({ material: 'ice', attack: 'acid' }, scripted(6)).target).toBe(5);
    expect(gmItemReactionV1({ material: 'ice', attack: 'bludgeon' }, scripted(6)).target).toBe(13);
    expect(gmItemReactionV1({ material: 'glass', attack: 'acid' }, scripted(6)).target).toBe(21);
  });
});

describe('G&M movement', () => {
  it('has the speed table as a fixture', () => {
    expect(Object.entries(SPEED_TABLE).map(([k, r]) => [k, r.yardsPerMinute, r.reaction, r.attack])).toEqual([
      ['semi-conscious', 1, 0, 0],
      ['combat', 2, 0, 0],
      ['dash', 6, -1, 4],
      ['explore', 4, 0, 0],
      ['walk', 10, -2, 2],
      ['jog', 20, -4, 4],
      ['run', 30, -8, 8],
      ['sprint', 50, -16, 16],
    ]);
  });

  it('shifts penalties one step lighter outdoors and halves or quarters Movement in the dark', () => {
    expect(gmSpeed({ movement: 10, speed: 'jog', endurance: 12, outdoors: true })).toMatchObject({
      yardsPerMinute: 200,
      reactionPenalty: -2,
      attackBonus: 2,
      timeBaseRounds: 360,
    });
    expect(gmSpeed({ movement: 10, speed: 'walk', endurance: 12, outdoors: true }).reactionPenalty).toBe(0);
    expect(gmSpeed({ movement: 10, speed: 'walk', endurance: 12, darkness: 'total' }).movement).toBe(2);
    expect(
      gmSpeed({ movement: 10, speed: 'run', endurance: 1, equine: true, loadPercent: 125 }).feetPerRound,
    ).toBe(15 * 8 * 2);
  });

  it('forced march: +2 per Movement given up, −2 per earlier roll, thirst', () => {
    const o = gmForcedMarch({ health: 10, periods: 3, movementGivenUp: 1, thirst: 2 }, scripted(10, 9, 1));
    expect(o.rolls.map((r) => [r.target, r.passed])).toEqual([
      [10, true],
      [8, false],
      [6, true],
    ]);
    expect(o.injuries).toBe(1);
    expect(total(o.odds.injuries)).toBeCloseTo(1, 12);
  });

  it('daily movement by terrain, flying eight times further, rest days and pushed days', () => {
    const base = { movement: 8, endurance: 12, health: 10, days: 6 };
    expect(gmDailyMovement({ ...base, terrain: 'easy' }, scripted()).miles).toBe(96);
    expect(gmDailyMovement({ ...base, terrain: 'rough' }, scripted()).milesPerDay).toBe(8);
    expect(gmDailyMovement({ ...base, terrain: 'difficult' }, scripted()).milesPerDay).toBe(4);
    expect(gmDailyMovement({ ...base, flying: true }, scripted()).milesPerDay).toBe(8 * 16);
    const pushed = gmDailyMovement({ ...base, terrain: 'rough', pushedDays: 2 }, scripted(20, 1));
    expect(pushed).toMatchObject({ miles: 8 * 4 + 12 * 2, restEvery: 6, restDaysDue: 1 });
    expect(pushed.march.injuries).toBe(1);
  });

  it('searching: 20 × 20 ft is −1 and 40 × 40 ft −2 (001:692), two minutes a 10-foot square', () => {
    expect(gmSearch({ perception: 12, widthFeet: 20, lengthFeet: 20 }, scripted(11))).toMatchObject({
      obstaclePenalty: 1,
      target: 11,
      passed: true,
      minutes: 8,
    });
    expect(gmSearch({ perception: 12, widthFeet: 40, lengthFeet: 40 }, scripted(11)).obstaclePenalty).toBe(2);
  });

  it('tracking and covering tracks', () => {
    expect([1, 2, 3, 4, 7, 8, 1024, 2047, 2048, 5000].map(groupBonus)).toEqual([
      0, 1, 1, 2, 2, 3, 10, 10, 11, 12,
    ]);
    // One table for group efforts and tracking; version 1 (replay only) capped the tracker at +10.
    expect(groupBonus).toBe(combatGroupBonus);
    expect(gmTracking({ perception: 10, days: 0, quarry: 5000 }, scripted(20)).target).toBe(22);
    expect(gmTrackingV1({ perception: 10, days: 0, quarry: 5000 }, scripted(20)).target).toBe(20);
    const o = gmTracking({ perception: 12, days: 3, quarry: 8, covered: 2 }, scripted(10));
    expect(o).toMatchObject({ target: 10, passed: true });
    const c = gmCoverTracks({ perception: 12 }, scripted(7));
    expect(c).toMatchObject({ passed: true, trackerPenalty: 5, movementFactor: 0.5 });
    expect(total(c.odds.trackerPenalty)).toBeCloseTo(1, 12);
  });

  it('time: six rounds to the minute', () => {
    expect(gmTime({ rounds: 6, minutes: 1 })).toMatchObject({ seconds: 120, rounds: 12, minutes: 2 });
  });

  it('properties: turns into minutes and back conserve time; more Movement never fewer miles', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (rounds) => {
        const t = gmTime({ rounds });
        expect(gmTime({ minutes: 0, rounds: t.rounds }).seconds).toBe(rounds * 10);
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.constantFrom('easy', 'rough', 'difficult'),
        (m, terrain) => {
          const a = gmDailyMovement(
            { movement: m, endurance: 10, health: 10, days: 1, terrain } as never,
            scripted(),
          );
          const b = gmDailyMovement(
            { movement: m + 1, endurance: 10, health: 10, days: 1, terrain } as never,
            scripted(),
          );
          expect(b.miles).toBeGreaterThanOrEqual(a.miles);
        },
      ),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (seed) => {
        const input = {
          ailment: 'food-poisoning',
          contact: 'willing' as const,
          reaction: 12,
          actionTimesAfter: 6,
        };
        expect(gmAilment(input, new Dice(createRng(seed)))).toEqual(
          gmAilment(input, new Dice(createRng(seed))),
        );
      }),
      { numRuns: 50 },
    );
  });
});
