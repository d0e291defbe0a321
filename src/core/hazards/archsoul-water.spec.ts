import fc from 'fast-check';
import fixture from '../../../test/fixtures/hazards/archsoul-hardness.json';
import { scripted } from '../../../test/factories/dice';
import { createRng, Dice } from '../random';
import { archsoulBreath, archsoulSwim, TURBULENCE_TABLE } from './archsoul-water';

const total = (chances: { probability: number }[]) => chances.reduce((sum, c) => sum + c.probability, 0);

describe(archsoulBreath.name, () => {
  it('holds half Endurance minutes, plus half Conditioning when prepared', () => {
    expect(archsoulBreath({ endurance: 5, conditioning: 3, prepared: true }, scripted())).toMatchObject({
      airSeconds: 240,
      strenuousRoundsLeft: 8,
      outOfAir: false,
    });
  });

  it('spends 30 seconds a strenuous round, then rolls a d6 a turn, 3 or less costing Endurance', () => {
    const outcome = archsoulBreath(
      { endurance: 2, strenuousRounds: 2, turnsWithoutAir: 4 },
      scripted(3, 5, 1, 6),
    );
    expect(outcome.drowning.map((r) => [r.roll, r.lost, r.enduranceAfter])).toEqual([
      [3, 1, 1],
      [5, 0, 1],
      [1, 1, 0],
    ]);
    expect(outcome).toMatchObject({ enduranceAfter: 0, dead: true });
    expect(outcome.effects).toEqual([
      { track: 'endurance', change: -2, status: null },
      { track: 'status', change: 1, status: 'dead' },
    ]);
    expect(total(outcome.odds.enduranceLost)).toBeCloseTo(1, 12);
  });

  it('refuses turns without air while air remains, naming the field', () => {
    expect(() => archsoulBreath({ endurance: 4, turnsWithoutAir: 1 }, scripted())).toThrow(
      expect.objectContaining({ field: 'turnsWithoutAir' }),
    );
  });

  it('golden: seed "drown" replays', () => {
    const a = archsoulBreath(
      { endurance: 3, calmSeconds: 90, turnsWithoutAir: 5 },
      new Dice(createRng('drown')),
    );
    const b = archsoulBreath(
      { endurance: 3, calmSeconds: 90, turnsWithoutAir: 5 },
      new Dice(createRng('drown')),
    );
    expect(a).toEqual(b);
  });

  it('never loses more Endurance than there is', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 30 }),
        fc.string(),
        (e, turns, seed) => {
          const outcome = archsoulBreath(
            { endurance: e, calmSeconds: 10_000, turnsWithoutAir: turns },
            new Dice(createRng(seed || 's')),
          );
          return outcome.enduranceAfter >= 0 && Math.abs(total(outcome.odds.enduranceLost) - 1) < 1e-9;
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe(archsoulSwim.name, () => {
  it('matches the turbulence table', () => {
    expect(TURBULENCE_TABLE).toEqual(fixture.turbulence);
  });

  it('swims 1 space a round, +1 per 3 Conditioning, capped by base speed', () => {
    expect(archsoulSwim({ endurance: 3, conditioning: 7, baseSpeed: 5 }, scripted()).speed).toBe(3);
    expect(archsoulSwim({ endurance: 3, conditioning: 12, baseSpeed: 3 }, scripted()).speed).toBe(3);
  });

  it('rolls Endurance + Conditioning for the successes the water needs, Noisy armour +1', () => {
    const outcome = archsoulSwim(
      { endurance: 2, conditioning: 1, baseSpeed: 4, water: 'storm', armor: 'noisy' },
      scripted(5, 6, 2),
    );
    expect(outcome).toMatchObject({ target: 2, difficulty: 5, successes: 2, passed: true });
    expect(outcome.odds.success).toBeCloseTo(7 / 27, 12);
  });

  it('rules swimming out in Heavy armour', () => {
    expect(archsoulSwim({ endurance: 2, baseSpeed: 4, armor: 'heavy' }, scripted())).toMatchObject({
      canSwim: false,
      faces: [],
    });
  });
});
