import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { gmAttack } from './gm-attack';
import { gmGroupEffort, gmMassConflict } from './gm-group';
import { gmMassAftermath, gmMassAttack, gmMassMorale } from './gm-mass-stored';

const dice = (seed: string) => new Dice(createRng(seed));
const militia = { size: 20, medianAttackBonus: 1, damage: 'd6' };
const goblins = { size: 12, medianDefense: 0, survival: 20, injuries: 0 };

describe('stored mass conflicts (G5–G10) on the stateless core', () => {
  it('a unit attack is combat.gm-attack at median + group bonus against median defence + group bonus (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (seed) => {
        const out = gmMassAttack({ attacker: militia, target: goblins }, dice(seed));
        // 20 members: +4; 12 defenders: +3.
        expect(out.numbers).toEqual({
          attackBonus: 5,
          attackerGroupBonus: 4,
          defense: 3,
          targetGroupBonus: 3,
        });
        expect(out.attack).toEqual(gmAttack({ attackBonus: 5, defense: 3, damage: 'd6' }, dice(seed)));
        const lost = goblins.survival - out.after.survival + out.after.injuries;
        expect(lost).toBe(out.attack.hit ? out.attack.damage : 0);
        expect(out.after.survival).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('golden spear-2: 7 against 13 hits for 1, and the weapon’s die forces it into injuries', () => {
    const out = gmMassAttack({ attacker: militia, target: goblins }, dice('spear-2'));
    expect(out.attack).toMatchObject({ roll: 7, target: 13, hit: true, damage: 1 });
    expect(out.after).toEqual({ survival: 20, injuries: 1, broken: false });
  });

  it('a unit with no survival left is broken (G9)', () => {
    const out = gmMassAttack(
      { attacker: { ...militia, damage: '3d6+20' }, target: { ...goblins, survival: 5 } },
      dice('spear-2'),
    );
    expect(out.attack.hit).toBe(true);
    expect(out.after.survival).toBe(0);
    expect(out.after.broken).toBe(true);
  });

  it('morale: each unit is combat.gm-group-effort’s morale check; a leader rallies a failure by its margin (golden rout-0)', () => {
    const alone = gmMassMorale({ units: [{ size: 12, target: 0 }] }, dice('rout-0'));
    expect(alone.checks[0].check).toEqual(
      gmGroupEffort({ size: 12, target: 0, morale: true }, dice('rout-0')),
    );
    // 6 against 3: held back by the miss, at most the bonus (3).
    expect(alone.checks[0]).toMatchObject({ leader: null, delay: 3 });
    const led = gmMassMorale({ units: [{ size: 12, target: 0, leaderCharisma: 12 }] }, dice('rout-0'));
    // The leader's 4 against 12: a margin of 8 takes the whole delay off.
    expect(led.checks[0].leader).toMatchObject({ roll: 4, passed: true });
    expect(led.checks[0].delay).toBe(0);
    expect(led.faces).toEqual([6, 4]);
  });

  it('morale delays are never negative nor above the bonus (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 20 }),
        fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }),
        (seed, size, target, leaderCharisma) => {
          const out = gmMassMorale({ units: [{ size, target, leaderCharisma }] }, dice(seed));
          const { check, delay } = out.checks[0];
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThanOrEqual(check.bonus);
          if (check.passed) expect(delay).toBe(0);
        },
      ),
    );
  });

  it('the aftermath is combat.gm-mass-conflict’s for each unit, on one stream', () => {
    const unit = { size: 12, medianSurvival: 5, damageTaken: 5, injuries: 1, medianEvasion: 8 };
    const out = gmMassAftermath({ units: [unit] }, dice('after'));
    expect(out.units[0]).toEqual(gmMassConflict(unit, dice('after')));
    // 5 ÷ 3 → at most 2 a member: the d2.
    expect(out.units[0].aftermath).toMatchObject({ maxPerMember: 2, die: 'd2', evasionTarget: 7 });
    expect(() => gmMassAftermath({ units: [] }, dice('x'))).toThrow(
      expect.objectContaining({ field: 'units' }),
    );
  });
});
