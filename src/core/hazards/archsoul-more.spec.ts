import { scripted } from '../../../test/factories/dice';
import {
  archsoulBlow,
  archsoulRest,
  archsoulTerrain,
  archsoulTrap,
  archsoulUnderwaterAttack,
  archsoulUnderwaterHurt,
} from './archsoul-survival';
import { coeacTravel } from './coeac-travel';

describe('Archsoul food, water and sleep', () => {
  it('a full night restores HP, halves Drain up to 10, gives back a point of each attribute and lowers fatigue', () => {
    const o = archsoulRest({
      fatigue: 2,
      sleepHours: 8,
      watchMinutes: 160,
      hitPoints: 2,
      maxHitPoints: 9,
      drain: 30,
      attributeReductions: { Strength: 2, Agility: 1 },
      disabled: true,
    });
    expect(o).toMatchObject({
      fullNight: true,
      fatigueAfter: 1,
      hitPointsAfter: 9,
      drainAfter: 20,
      attributeReductionsAfter: { Strength: 1, Agility: 0 },
      disabledAfter: false,
    });
  });

  it('too much watch is no full night; thirst fatigues and blocks sleep from clearing it', () => {
    expect(archsoulRest({ sleepHours: 8, watchMinutes: 161 }).fullNight).toBe(false);
    const o = archsoulRest({ fatigue: 0, hoursWithoutWater: 48, sleepHours: 8 });
    expect(o).toMatchObject({ deprivationFatigue: 2, fatigueAfter: 2, thirsty: true });
    const half = archsoulRest({ fatigue: 1, waterMillilitres: 2000, sleepHours: 9 });
    expect(half).toMatchObject({ halfWater: true, exhaustionDifficulty: 2, fatigueAfter: 1 });
    expect(archsoulRest({ hoursWithoutFood: 71 }).deprivationFatigue).toBe(0);
    expect(archsoulRest({ hoursWithoutFood: 72 }).deprivationFatigue).toBe(1);
  });

  it('an hour’s rest is +1 HP and clears Disabled', () => {
    expect(archsoulRest({ restHours: 1, hitPoints: 3, maxHitPoints: 5, disabled: true })).toMatchObject({
      hitPointsAfter: 4,
      disabledAfter: false,
    });
  });
});

describe('Archsoul traps, terrain, blows and underwater', () => {
  it('a known trap is Athletics + Conditioning one difficulty lower, with exact odds', () => {
    const o = archsoulTrap({ athletics: 1, conditioning: 1, known: true }, scripted(3, 1));
    expect(o).toMatchObject({ difficulty: 3, successes: 1, avoided: true });
    expect(o.odds.success).toBeCloseTo(1 - (2 / 6) ** 2, 12);
  });

  it('difficult terrain is one space an action', () => {
    expect(archsoulTerrain({ speed: 5, difficult: true, actions: 3 })).toMatchObject({
      spaces: 3,
      slowOnly: true,
    });
  });

  it('a tool made for the material lowers the damage difficulty; underwater halves the pool', () => {
    const o = archsoulBlow({ pool: 3, tool: true }, scripted(3, 2, 6));
    expect(o).toMatchObject({ difficulty: 3, damage: 2 });
    expect(o.odds.damage.reduce((s, c) => s + c.probability, 0)).toBeCloseTo(1, 12);
    expect(archsoulBlow({ pool: 5, underwater: true }, scripted(5, 5))).toMatchObject({
      dice: 2,
      difficulty: 5,
    });
  });

  it('underwater weapons: halved pools, +1 difficulty unless thrusting, forbidden weapons', () => {
    expect(archsoulUnderwaterAttack({ weapon: 'Spear', damagePool: 5 })).toMatchObject({
      damagePool: 2,
      difficulty: 0,
    });
    expect(archsoulUnderwaterAttack({ weapon: 'sword', damagePool: 5, range: 20 })).toMatchObject({
      difficulty: 1,
      range: 5,
    });
    expect(archsoulUnderwaterAttack({ weapon: 'whip', damagePool: 5 }).allowed).toBe(false);
    expect(archsoulUnderwaterAttack({ weapon: 'shield', damagePool: 5 }).allowed).toBe(false);
  });

  it('hurt underwater: damage over the successes starts drowning', () => {
    const o = archsoulUnderwaterHurt({ endurance: 2, skill: 1, damage: 2 }, scripted(3, 2, 1));
    expect(o).toMatchObject({ difficulty: 3, successes: 1, drowning: true });
    expect(o.effects).toEqual([{ track: 'status', change: 1, status: 'drowning' }]);
  });
});

describe('COEAC travel', () => {
  it('three hexes overland: three watches, three 2-in-6 checks', () => {
    const o = coeacTravel({ hexes: 3 }, scripted(1, 3, 2));
    expect(o).toMatchObject({ watches: 3, days: 2, encounters: 2 });
    expect(o.odds.atLeastOne).toBeCloseTo(1 - (4 / 6) ** 3, 12);
  });

  it('water: four hexes a day and one 1-in-8 check a day', () => {
    const o = coeacTravel({ mode: 'water', days: 2 }, scripted(1, 8));
    expect(o).toMatchObject({ hexes: 8, days: 2, watches: 0, encounters: 1 });
  });
});
