import fc from 'fast-check';
import { createRng, Dice } from '../../random';
import {
  catastrophe,
  channel,
  channelingOdds,
  COEAC_CATASTROPHES,
  counterspell,
  randomSpell,
  spellMastery,
} from './channeling';
import { COEAC_FAMILIES, COEAC_SPELLS } from './spells';

const dice = (seed: string) => new Dice(createRng(seed));

/** Every face sequence of n d6, for brute-force odds. */
function* allFaces(n: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of allFaces(n - 1)) for (let f = 1; f <= 6; f++) yield [...rest, f];
}

describe('COEAC channeling', () => {
  it('golden: Disintegrate on 3 dice backlashes for the margin and still rolls its 7d + 1d per success', () => {
    const out = channel({ pool: 3, spell: 'disintegrate', vigorPool: 4 }, dice('a'));
    expect(out.faces).toEqual([4, 3, 2]);
    expect(out.potency).toBe(1);
    expect(out.objective).toBe(5);
    expect(out.backlash).toEqual({ happened: true, damage: 4, plasmidLost: true });
    expect(out.mutationSave).toBeNull();
    expect(out.takesEffect).toBe(true);
    expect(out.saveObjective).toBe(1);
    expect(out.duration).toEqual({ unit: 'instant', amount: null });
    expect(out.controlSpent).toBe(1);
    expect(out.subRolls).toHaveLength(1);
    expect(out.subRolls[0]).toEqual(expect.objectContaining({ id: 'damage', damage: 2 }));
    expect(out.subRolls[0].faces).toHaveLength(8);
  });

  it('golden: zero successes on Zombify call the Ob 5 Vigor save, rolled when the pool is known', () => {
    const unrolled = channel({ pool: 2, spell: 'zombify' }, dice('f'));
    expect(unrolled.faces).toEqual([2, 3]);
    expect(unrolled.potency).toBe(0);
    expect(unrolled.backlash).toEqual({ happened: true, damage: 5, plasmidLost: true });
    expect(unrolled.mutationSave).toEqual({
      save: 'Vigor',
      objective: 5,
      rolled: false,
      roll: null,
      mutation: null,
    });
    expect(unrolled.subRolls[0].entry).toBe('stay with you as servants for good');
    const rolled = channel({ pool: 2, spell: 'zombify', vigorPool: 4 }, dice('f'));
    expect(rolled.mutationSave!.rolled).toBe(true);
    expect(rolled.mutationSave!.roll!.dice).toBe(4);
    expect(rolled.mutationSave!.roll!.objective).toBe(5);
    // Four dice can never reach Ob 5: the caster mutates.
    expect(rolled.mutationSave!.mutation).toBe(true);
    expect(rolled.mutationSave!.roll!.odds.success).toBe(0);
  });

  it('adds bonus, Empower, materials and ritual dice, minus penalties, and a ritual takes a turn', () => {
    const out = channel(
      {
        pool: 3,
        objective: 3,
        bonusDice: 1,
        empower: 2,
        materialDice: 1,
        ritual: { hp: 2, cash: 1 },
        penaltyDice: 1,
      },
      dice('g'),
    );
    expect(out.dice).toBe(9);
    expect(out.faces).toHaveLength(9);
    expect(out.ritual).toEqual({ hp: 2, cash: 1, bonusDice: 3 });
    expect(out.takes).toBe('turn');
    expect(out.diceFrom).toEqual([
      { source: 'pool', dice: 3 },
      { source: 'bonusDice', dice: 1 },
      { source: 'empower', dice: 2 },
      { source: 'materialDice', dice: 1 },
      { source: 'ritual.hp', dice: 2 },
      { source: 'ritual.cash', dice: 1 },
      { source: 'penaltyDice', dice: -1 },
    ]);
  });

  it('binds instead of releasing: no effect, no sub-rolls, lost for the day, Block 1 or +Ob dice', () => {
    const out = channel({ pool: 8, spell: 'miasma', bind: true }, dice('c'));
    expect(out.takesEffect).toBe(false);
    expect(out.subRolls).toEqual([]);
    expect(out.bound).toEqual({ blockDamage: 1, bonusDice: 5 });
    expect(out.backlash.plasmidLost).toBe(true);
    expect(out.takes).toBe('turn');
  });

  it('a wand costs one more Control; a reversed spell names its other skill', () => {
    expect(channel({ pool: 3, objective: 2, wand: true }, dice('x')).controlSpent).toBe(2);
    expect(channel({ pool: 3, spell: 'celerity-torpor', reversed: true }, dice('x')).skill).toBe('Ruin');
    expect(() => channel({ pool: 3, spell: 'banish', reversed: true }, dice('x'))).toThrow(
      expect.objectContaining({ field: 'reversed' }),
    );
  });

  it('as a defence: a damaging attack calls the Discipline save at Ob = damage, and its failure a catastrophe', () => {
    const out = channel({ pool: 0, objective: 2, attack: { successes: 3 }, disciplinePool: 0 }, dice('d'));
    expect(out.defence!.damageTaken).toBe(3);
    expect(out.defence!.discipline!.objective).toBe(3);
    expect(out.defence!.discipline!.passed).toBe(false);
    expect(COEAC_CATASTROPHES.map((c) => c.roll)).toContain(out.defence!.catastrophe!.roll);
    const held = channel({ pool: 0, objective: 2, attack: { successes: 0 }, disciplinePool: 3 }, dice('d'));
    expect(held.defence).toEqual({
      attackerSuccesses: 0,
      damageTaken: 0,
      discipline: null,
      catastrophe: null,
    });
  });

  it('refuses bad input naming the field, before any die', () => {
    expect(() => channel({ pool: 3 }, dice('x'))).toThrow(expect.objectContaining({ field: 'objective' }));
    expect(() => channel({ pool: 3, spell: 'nope' }, dice('x'))).toThrow(
      expect.objectContaining({ field: 'spell' }),
    );
    expect(() => channel({ pool: 3, spell: 'glyph', objective: 4 }, dice('x'))).toThrow(
      expect.objectContaining({ field: 'objective' }),
    );
    expect(() => channel({ pool: -1, objective: 2 }, dice('x'))).toThrow(
      expect.objectContaining({ field: 'pool' }),
    );
    expect(() => channel({ pool: 3, objective: 2, ritual: { hp: 1.5 } }, dice('x'))).toThrow(
      expect.objectContaining({ field: 'ritual.hp' }),
    );
  });

  it('exact odds of Potency, backlash and zero successes match brute force', () => {
    for (let n = 0; n <= 5; n++) {
      for (let ob = 0; ob <= 5; ob++) {
        const counts = new Array<number>(n + 1).fill(0);
        let total = 0;
        for (const faces of allFaces(n)) {
          counts[faces.filter((f) => f >= 4).length]++;
          total++;
        }
        const odds = channelingOdds(n, ob);
        const pass = counts.reduce((s, c, k) => (k >= ob ? s + c : s), 0) / total;
        expect(odds.noBacklash).toBeCloseTo(pass, 12);
        expect(odds.zeroSuccesses).toBeCloseTo(counts[0] / total, 12);
        for (const p of odds.potency) expect(p.probability).toBeCloseTo(counts[p.value] / total, 12);
        expect(odds.potency.reduce((s, p) => s + p.probability, 0)).toBeCloseTo(1, 12);
      }
    }
  });

  it('property: more dice never lower the chance of avoiding backlash', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 20 }), (n, ob) => {
        expect(channelingOdds(n + 1, ob).noBacklash).toBeGreaterThanOrEqual(channelingOdds(n, ob).noBacklash);
      }),
    );
  });

  it('property: replaying a seed gives the same outcome; backlash damage is the margin of failure', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom(...COEAC_SPELLS.map((s) => s.id)),
        fc.string({ minLength: 1, maxLength: 20 }),
        (pool, spell, seed) => {
          const a = channel({ pool, spell }, dice(seed));
          expect(channel({ pool, spell }, dice(seed))).toEqual(a);
          expect(a.backlash.damage).toBe(Math.max(0, a.objective - a.potency));
          expect(a.saveObjective).toBe(a.potency);
          expect(a.mutationSave !== null).toBe(a.potency === 0);
        },
      ),
    );
  });
});

describe('COEAC counterspell, Spell Mastery, catastrophe, random spell', () => {
  it('golden: a counterspell at Ob = Potency + 1 costs its margin of failure', () => {
    const failed = counterspell({ pool: 4, potency: 2 }, dice('f'));
    expect(failed.objective).toBe(3);
    expect(failed.roll.faces).toEqual([2, 3, 6, 1]);
    expect(failed.countered).toBe(false);
    expect(failed.damage).toBe(2);
    const passed = counterspell({ pool: 4, potency: 2 }, dice('c'));
    expect(passed.roll.faces).toEqual([4, 5, 4, 4]);
    expect(passed).toEqual(expect.objectContaining({ countered: true, damage: 0, controlSpent: 1 }));
  });

  it('Spell Mastery rolls the blind cast, then the skill at Ob + 1; failure bars the spell and calls Down and Out', () => {
    const out = spellMastery({ pool: 2, spell: 'banish' }, dice('h'));
    expect(out.blindCast.objective).toBe(4);
    expect(out.mastery.objective).toBe(5);
    expect(out.mastery.dice).toBe(2);
    expect(out.learned).toBe(false);
    expect(out.barredForever).toBe(true);
    expect(out.downAndOutCheck).toBe(true);
    expect(out.blindCast.faces.length + out.mastery.faces.length).toBe(4);
  });

  it('golden: the catastrophe d6 comes after a failed Discipline save', () => {
    const hit = catastrophe({ damage: 2, disciplinePool: 3 }, dice('a'));
    expect(hit.discipline!.faces).toEqual([4, 3, 2]);
    expect(hit.happened).toBe(true);
    expect(hit.catastrophe).toEqual(COEAC_CATASTROPHES[4]);
    expect(hit.odds.catastrophe).toBeCloseTo(1 / 2, 12);
    const safe = catastrophe({ damage: 2, disciplinePool: 3 }, dice('b'));
    expect(safe).toEqual(expect.objectContaining({ happened: false, catastrophe: null }));
    const bare = catastrophe({}, dice('a'));
    expect(bare.odds).toEqual({ catastrophe: 1, eachResult: 1 / 6 });
    expect(() => catastrophe({ damage: 2 }, dice('a'))).toThrow(
      expect.objectContaining({ field: 'disciplinePool' }),
    );
  });

  it('random spell: d8 then d10, or the d10 within a named family', () => {
    const any = randomSpell({}, dice('r'), COEAC_SPELLS, COEAC_FAMILIES);
    expect(any.spell.family).toBe(COEAC_FAMILIES[any.familyRoll! - 1]);
    expect(any.spell.number).toBe(any.spellRoll);
    expect(any.odds.thisSpell).toBeCloseTo(1 / 80, 12);
    const named = randomSpell({ family: 'psychomancy' }, dice('r'), COEAC_SPELLS, COEAC_FAMILIES);
    expect(named.familyRoll).toBeNull();
    expect(named.spell.family).toBe('psychomancy');
    expect(named.odds.thisSpell).toBeCloseTo(1 / 10, 12);
  });
});
