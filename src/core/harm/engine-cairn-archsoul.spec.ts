import { cairnCast } from '../magic/cairn';
import { createRng, Dice } from '../random';
import { harmSeed } from '../engine';
import { sheetDamage, type SheetDamageCairn } from './campaign';

/*
 * Issue 39 for Cairn and Archsoul: the pure halves of the engine's fixes (the routes' regression
 * tests are test/e2e/engine-cairn-archsoul.e2e-spec.ts).
 */

const CAIRN: SheetDamageCairn = {
  system: 'cairn',
  hp: 4,
  maxHp: 4,
  str: 10,
  dex: 12,
  wil: 8,
  maxDex: 12,
  maxWil: 8,
  armor: 0,
  damage: null,
  die: null,
  target: 'hp',
  doomed: false,
  npc: false,
};

describe('1. a failed Cairn cast hands its damage to the transition (004:146)', () => {
  const cast = { from: 'spellbook', deprived: true, wil: 8, failure: { damage: 'd6' } } as const;

  it('without HP the cast rolls only the die; the transition takes that damage past Armor', () => {
    const seeds = Array.from({ length: 40 }, (_, i) => `gate-${i}`);
    let checked = 0;
    for (const seed of seeds) {
      const out = cairnCast(cast as never, new Dice(createRng(seed)));
      if (out.riskySave!.passed) {
        expect(out.failure).toBeNull();
        continue;
      }
      const damage = out.failure!.damage!;
      expect(damage).toBeGreaterThanOrEqual(1);
      expect(damage).toBeLessThanOrEqual(6);
      expect(out.harm).toBeNull();
      expect(out.changes.map((c) => c.field)).not.toContain('hp');
      const harm = sheetDamage({ ...CAIRN, armor: 0, damage }, new Dice(createRng(harmSeed(seed))));
      // The same numbers the stateless cast with HP answers, when no dice follow the blow.
      const withHp = cairnCast(
        { ...cast, hp: 4, maxHp: 4, str: 10, dex: 12 } as never,
        new Dice(createRng(seed)),
      );
      if (damage < 4) {
        expect(harm.changes).toEqual([{ path: 'hp', delta: -damage, via: 'ledger' }]);
        expect(withHp.harm!.hp).toBe(4 - damage);
        expect(harm.state).toBe('up');
      } else {
        // At 0 HP or past it the transition rolls the scar or the STR save on its own seed.
        expect(harm.changes[0]).toEqual({ path: 'hp', delta: -4, via: 'ledger' });
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('Armor does not stop it: the same damage with Armor 3 is fully taken at armor 0', () => {
    const stopped = sheetDamage({ ...CAIRN, armor: 3, damage: 3 }, new Dice(createRng('a')));
    const taken = sheetDamage({ ...CAIRN, armor: 0, damage: 3 }, new Dice(createRng('a')));
    expect(stopped.changes).toEqual([]);
    expect(taken.changes).toEqual([{ path: 'hp', delta: -3, via: 'ledger' }]);
  });
});
