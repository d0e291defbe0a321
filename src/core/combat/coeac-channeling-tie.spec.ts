import { createRng, Dice } from '../random';
import { coeacAction, coeacActionV2, type CoeacActionInput } from './coeac-action';
import { coeacChannelingDefence } from './coeac-channeling-defence';

/*
 * M5 (003:137): every tie of an exchange costs everyone in it a point, the exchange on a channeler
 * included. `combat.coeac-action.v2` applies it; version 1 (a tie held the attack off) replays as it
 * was.
 */

const dice = (seed: string) => new Dice(createRng(seed));
const sheet = { hp: 5, bonusHp: 0, maxHp: 5, saves: ['Vigor', 'Discipline'], skills: ['Ruin'], items: [] };
const input = (supporters: number): CoeacActionInput => ({
  channeling: {
    attacker: { pool: 3, ...(supporters ? { supporters } : {}) },
    channeling: { pool: 4, spell: 'hekaphage', disciplinePool: 3, vigorPool: 2 },
  },
  sheets: {
    defender: sheet,
    attacker: sheet,
    supporters: Array.from({ length: supporters }, () => sheet),
  },
});

/** The first seed `tie-N` on which the attack's successes equal the Potency. */
function tieSeed(supporters: number): string {
  for (let i = 0; i < 500; i++) {
    const out = coeacAction(input(supporters), dice(`tie-${i}`));
    const c = out.channeling!;
    if (c.attacker.successes === c.channeling.potency) return `tie-${i}`;
  }
  throw new Error('no tie in 500 seeds');
}

describe('the exchange on a channeler: a tie costs everyone 1 (combat.coeac-action.v2)', () => {
  it('golden: on a tie the channeler, the captain and its supporter each take 1; the channeler saves Discipline at Ob 1', () => {
    const seed = tieSeed(1);
    expect(seed).toBe('tie-0');
    const v2 = coeacActionV2(input(1), dice(seed));
    const c = v2.channeling!;
    expect(c.damageToDefender).toBe(1);
    expect(c.damageToAttacker).toBe(1);
    expect(c.channeling.defence).toMatchObject({ damageTaken: 1 });
    expect(c.channeling.defence!.discipline).toMatchObject({ objective: 1 });
    expect(v2.harm.map((h) => [h.role, h.amount])).toEqual([
      ['defender', 1 + c.backlashDamage],
      ['attacker', 1],
      ['supporter', 1],
    ]);
    // Version 1 on the same seed: the tie held the attack off, nobody but a backlash was harmed.
    const v1 = coeacAction(input(1), dice(seed));
    expect(v1.channeling!.damageToDefender).toBe(0);
    expect(v1.channeling!.damageToAttacker).toBeUndefined();
    expect(v1.harm.map((h) => h.role)).toEqual(c.backlashDamage > 0 ? ['defender'] : []);
    // Replay from (inputs, seed, rng): the same outcome.
    expect(coeacActionV2(input(1), dice(seed))).toEqual(v2);
  });

  it('without a tie, version 2 answers what version 1 did, with damageToAttacker 0', () => {
    let compared = 0;
    for (let i = 0; i < 60; i++) {
      const v1 = coeacAction(input(0), dice(`x-${i}`));
      const c = v1.channeling!;
      if (c.attacker.successes === c.channeling.potency) continue;
      const v2 = coeacActionV2(input(0), dice(`x-${i}`));
      expect(v2.channeling!.damageToAttacker).toBe(0);
      expect(v2.channeling!.damageToDefender).toBe(c.damageToDefender);
      expect(v2.harm.map((h) => [h.role, h.amount])).toEqual(v1.harm.map((h) => [h.role, h.amount]));
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('the exact odds count a tie as 1 damage to the channeler', () => {
    const one = { attacker: { pool: 2 }, channeling: { pool: 2, spell: 'hekaphage' } };
    const v1 = coeacChannelingDefence(one, dice('odds'));
    const v2 = coeacChannelingDefence({ ...one, ties: true }, dice('odds'));
    // P(tie) with 2 dice a side at 1/2: 1/16 + 4/16 + 1/16 = 6/16.
    expect(v2.odds.damageToDefender['1'] - v1.odds.damageToDefender['1']).toBeCloseTo(6 / 16, 12);
    expect(v1.odds.damageToDefender['0'] - v2.odds.damageToDefender['0']).toBeCloseTo(6 / 16, 12);
  });

  it('version 2 needs one sheet per supporter (400 naming sheets.supporters)', () => {
    const bad = { ...input(1), sheets: { defender: sheet, attacker: sheet } };
    expect(() => coeacActionV2(bad, dice('bad'))).toThrow(
      expect.objectContaining({ field: 'sheets.supporters' }),
    );
  });
});
