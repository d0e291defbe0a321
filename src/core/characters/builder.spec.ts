import fc from 'fast-check';
import { createRng, Dice } from '../random';
import {
  applyAbilityAdjustments,
  fourD6KeepThreeDistribution,
  keepHighest,
  rollGmAbilities,
} from './gm-abilities';
import { gmBody, rollGmBody } from './gm-body';
import { buildGm } from './gm-builder';
import { GM_SPECIES, GM_SPECIES_IDS } from './gm-species';
import { cairnHireling, coeacFollower, coeacHireling, followerLoss, moraleRule } from './hirelings';

const dice = (seed: string) => new Dice(createRng(seed));

describe('G&M ability rolls', () => {
  it('keeps the three highest of four (Toromeen’s first row: 2 5 3 6 → 14, 001:312)', () => {
    expect(keepHighest([2, 5, 3, 6], 3)).toEqual({ kept: [6, 5, 3], total: 14 });
    expect(keepHighest([6, 3, 6, 6], 3).total).toBe(18);
    expect(keepHighest([1, 1, 4, 5], 3).total).toBe(10);
  });

  it('has the exact 4d6-keep-3 distribution', () => {
    const distribution = fourD6KeepThreeDistribution();
    expect(distribution).toHaveLength(16);
    expect(distribution.find((row) => row.total === 3)?.probability).toBe(1 / 1296);
    expect(distribution.find((row) => row.total === 18)?.probability).toBe(21 / 1296);
    expect(distribution.find((row) => row.total === 13)?.probability).toBe(172 / 1296);
    expect(distribution.reduce((sum, row) => sum + row.probability, 0)).toBeCloseTo(1, 12);
  });

  it('rolls six scores reproducibly from a seed (golden)', () => {
    const outcome = rollGmAbilities({}, dice('toromeen'));
    expect(outcome.faces).toHaveLength(24);
    expect(outcome.scores.map((s) => s.total)).toEqual(
      rollGmAbilities({}, dice('toromeen')).scores.map((s) => s.total),
    );
    expect(outcome.scores.map((s) => s.faces)).toMatchInlineSnapshot(`
     [
       [
         5,
         2,
         2,
         5,
       ],
       [
         4,
         1,
         4,
         6,
       ],
       [
         4,
         3,
         5,
         1,
       ],
       [
         5,
         1,
         1,
         6,
       ],
       [
         2,
         3,
         3,
         1,
       ],
       [
         2,
         4,
         4,
         6,
       ],
     ]
    `);
  });

  it('keeps totals between 3 and 18 and equal to the kept faces', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (seed) => {
        for (const score of rollGmAbilities({}, dice(seed)).scores) {
          expect(score.total).toBeGreaterThanOrEqual(3);
          expect(score.total).toBeLessThanOrEqual(18);
          expect(score.total).toBe(score.faces.reduce((a, b) => a + b, 0) - score.dropped);
        }
      }),
    );
  });

  it('applies species adjustments (a dwarf: +1 endurance, −1 charisma, 001:318)', () => {
    const rolled = { strength: 18, agility: 10, endurance: 14, intelligence: 12, wisdom: 15, charisma: 9 };
    expect(applyAbilityAdjustments(rolled, { endurance: 1, charisma: -1 })).toEqual({
      ...rolled,
      endurance: 15,
      charisma: 8,
    });
    expect(() => applyAbilityAdjustments(rolled, { luck: 1 })).toThrow(
      expect.objectContaining({ field: 'abilityAdjustments.luck' }) as Error,
    );
  });
});

describe('COEAC hirelings, followers and animals', () => {
  it('hires a Porter from the Cost table: Pool 2, 2 HP, 3 slots', () => {
    expect(coeacHireling({ item: 'porter' })).toEqual({
      kind: 'hireling',
      name: null,
      morale: expect.objectContaining({ check: 'versus' }) as unknown,
      sheets: { coeac: { pool: 2, hp: 2, maxHp: 2, role: 'Porter', carrierSlots: 3 } },
      hire: { item: 'Porter', cost: 3, note: null },
    });
    expect(coeacHireling({ item: 'Veteran Mercenary', name: 'Brask' }).sheets.coeac).toMatchObject({
      pool: 5,
      hp: 5,
    });
  });

  it('names item when the line is not a hireling', () => {
    expect(() => coeacHireling({ item: 'Warhorse' })).toThrow(
      expect.objectContaining({ field: 'item' }) as Error,
    );
  });

  it('makes followers exempt from morale and trained animals not', () => {
    expect(coeacFollower({ kind: 'follower', pool: 3, hp: 3, role: 'Squire' }).morale.check).toBe('none');
    const mule = coeacFollower({ kind: 'animal', pool: 2, hp: 4, role: 'Mule', packAnimal: true });
    expect(mule.morale.check).toBe('rating');
    expect(mule.sheets.coeac.carrierSlots).toBe(6);
    expect(
      coeacFollower({ kind: 'animal', pool: 2, hp: 2, role: 'Owl', training: 'familiar' }).morale.check,
    ).toBe('none');
    expect(moraleRule('untrained-animal').check).toBe('referee');
  });

  it('refills a Feat-granted follower next session, not one gained in the fiction', () => {
    expect(followerLoss({ source: 'feat', lostInSession: 4 })).toEqual({
      replaceable: true,
      recruitDays: 7,
      availableFromSession: 5,
    });
    expect(followerLoss({ source: 'fiction', lostInSession: 4 }).replaceable).toBe(false);
  });
});

describe('Cairn hireling', () => {
  it('rolls 3d6 STR, DEX, WIL and 1d6 HP from a seed (golden)', () => {
    const outcome = cairnHireling({ role: 'Torchbearer' }, dice('hireling-1'));
    const again = cairnHireling({ role: 'Torchbearer' }, dice('hireling-1'));
    expect(outcome).toEqual(again);
    const { str, dex, wil, hp, maxHp, armor } = outcome.sheets.cairn;
    expect(str.current).toBe(outcome.rolls.str.reduce((a, b) => a + b, 0));
    expect(str.max).toBe(str.current);
    expect(hp).toBe(maxHp);
    expect(armor).toBe(0);
    expect(outcome.faces).toHaveLength(10);
    expect({ str, dex, wil, hp }).toMatchInlineSnapshot(`
     {
       "dex": {
         "current": 10,
         "max": 10,
       },
       "hp": 6,
       "str": {
         "current": 11,
         "max": 11,
       },
       "wil": {
         "current": 7,
         "max": 7,
       },
     }
    `);
    expect(outcome.odds.attribute.find((row) => row.total === 10)?.probability).toBe(27 / 216);
  });

  it('names armor when it is out of range', () => {
    expect(() => cairnHireling({ armor: 4 }, dice('x'))).toThrow(
      expect.objectContaining({ field: 'armor' }) as Error,
    );
  });
});

describe('G&M age, height and weight (001:382–388)', () => {
  const dwarf = { baseAge: 120, ageDice: 8, baseHeight: 41, heightDice: 2, baseWeight: 80 };
  const toromeen = { strength: 18, agility: 10, endurance: 15, intelligence: 12, wisdom: 15, charisma: 8 };

  it('reproduces Toromeen: 151 years, 56 in, 220 lb', () => {
    expect(gmBody(dwarf, toromeen, { age: 31, height: 10 })).toMatchObject({
      age: 151,
      height: 56,
      weight: 220,
    });
  });

  it('ships the example’s dwarf and nothing else', () => {
    expect(GM_SPECIES_IDS).toEqual(['dwarf']);
    expect(GM_SPECIES.dwarf.body).toEqual(dwarf);
    expect(rollGmBody({ species: 'dwarf', abilities: toromeen }, dice('d'))).toEqual(
      rollGmBody({ speciesBody: dwarf, abilities: toromeen }, dice('d')),
    );
    expect(() => rollGmBody({ abilities: toromeen }, dice('d'))).toThrow(
      expect.objectContaining({ field: 'species' }) as Error,
    );
    expect(() => rollGmBody({ species: 'elf', abilities: toromeen }, dice('d'))).toThrow(
      expect.objectContaining({ field: 'species' }) as Error,
    );
  });

  it('builds Toromeen from his rolled scores and the shipped dwarf (001:318–404)', () => {
    const built = buildGm({
      abilities: { ...toromeen, endurance: 14, charisma: 9 },
      archetype: 'warrior',
      species: 'dwarf',
      startingPurchases: 27,
    });
    expect(built.abilities).toEqual(toromeen);
    expect(built).toMatchObject({ mojo: 16, survival: 7, verve: 7, movement: 10, species: 'dwarf' });
    expect(built.reactions).toEqual({
      health: 10,
      fortitude: 10,
      willpower: 6,
      evasion: 4,
      reason: 6,
      perception: 3,
    });
    expect(built.startingMoney).toEqual({
      silver: 18,
      cost: 27,
      mojoTraded: 1,
      silverLeft: 21,
      mojoLeft: 15,
    });
    expect(
      buildGm({ abilities: toromeen, archetype: 'warrior', specials: { baseMovement: 12 }, species: 'dwarf' })
        .movement,
    ).toBe(12 + 2);
  });

  it('rolls the species dice from a seed', () => {
    const outcome = rollGmBody({ speciesBody: dwarf, abilities: toromeen }, dice('toromeen-body'));
    expect(outcome.rolls.age).toHaveLength(8);
    expect(outcome.rolls.height).toHaveLength(2);
    expect(outcome).toEqual(rollGmBody({ speciesBody: dwarf, abilities: toromeen }, dice('toromeen-body')));
  });
});
