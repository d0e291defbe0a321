import { cairnCast } from '../magic/cairn';
import { createRng, Dice } from '../random';
import { harmSeed } from '../engine';
import { cairnAidNeed, sheetAid } from './cairn-aid';
import { timerHolds } from './timers';
import { archsoulRest, archsoulUnderwaterAttack, underwaterWeaponKey } from '../hazards/archsoul-survival';
import { spellbookRoll } from '../treasure/spells';
import { archsoulStandUp } from './archsoul-condition';
import { deriveSheet } from '../characters/sheets-derived';
import {
  mayActInRound,
  scarDeprivationEnds,
  sheetDamage,
  sheetRest,
  type SheetDamageCairn,
  type SheetRestCairn,
} from './campaign';

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

describe('2. M2: scar 6 (Reorienting Head Wound) keeps the new score as rolled (004:126)', () => {
  // Rook, STR 5 of 12, takes 6 at 6 HP: exactly 0, scar 6; golden seed rook-33 rolls STR and 3d6 = 16.
  const ROOK: SheetDamageCairn = { ...CAIRN, hp: 6, maxHp: 6, str: 5, maxStr: 12, damage: 6 };

  it('a new STR above the maximum raises the maximum first, then the score (golden seed rook-33)', () => {
    const out = sheetDamage(ROOK, new Dice(createRng('rook-33')));
    expect(out.scar).toBe('Reorienting Head Wound');
    expect(out.changes).toEqual([
      { path: 'hp', delta: -6, via: 'ledger' },
      { path: 'str.max', delta: 4, via: 'ledger' },
      { path: 'str.current', delta: 11, via: 'ledger' },
    ]);
  });

  it('a roll logged before (no maxStr) replays as it was: the score only', () => {
    const { maxStr: _maxStr, ...before } = ROOK;
    const out = sheetDamage(before, new Dice(createRng('rook-33')));
    expect(out.changes).toEqual([
      { path: 'hp', delta: -6, via: 'ledger' },
      { path: 'str.current', delta: 11, via: 'ledger' },
    ]);
  });

  it('a new score at or under the maximum leaves the maximum alone', () => {
    const out = sheetDamage({ ...ROOK, maxStr: 18 }, new Dice(createRng('rook-33')));
    expect(out.changes.map((c) => c.path)).toEqual(['hp', 'str.current']);
  });
});

describe('3. M3: a scar’s deprivation is enforced (004:25, 123, 131)', () => {
  const REST: SheetRestCairn = {
    system: 'cairn',
    kind: 'short',
    hp: 0,
    maxHp: 5,
    fatigue: 0,
    deprived: false,
    safe: true,
    healer: false,
    str: { current: 10, max: 10 },
    dex: { current: 10, max: 10 },
    wil: { current: 10, max: 10 },
  };
  const rest = (input: Partial<SheetRestCairn>) =>
    sheetRest({ ...REST, ...input } as SheetRestCairn, new Dice(createRng('rest')));

  it('Walloped: a short rest restores nothing; a night ends the deprivation and heals', () => {
    const short = rest({ kind: 'short', conditions: ['deprived'] });
    expect(short.rested).toBe(false);
    expect(short.changes).toEqual([]);
    expect(short.conditionsRemoved).toEqual([]);
    const night = rest({ kind: 'night', conditions: ['deprived'] });
    expect(night.rested).toBe(true);
    expect(night.conditionsRemoved).toEqual(['deprived']);
    expect(night.changes).toEqual([{ path: 'hp', delta: 5, via: 'ledger' }]);
  });

  it('a Mortal Wound: no rest heals it while untended; tended, a week ends it and lifts out', () => {
    const wound = ['deprived', 'out-of-action', 'dying'];
    for (const kind of ['short', 'night', 'week'] as const) {
      const r = rest({ kind, conditions: wound, stateBefore: 'out' });
      expect(r.rested).toBe(false);
      expect(r.changes).toEqual([]);
      expect(r.state).toBe('out');
    }
    const tended = ['deprived', 'out-of-action'];
    expect(rest({ kind: 'night', conditions: tended, stateBefore: 'out' }).rested).toBe(false);
    const week = rest({ kind: 'week', conditions: tended, stateBefore: 'out' });
    expect(week.rested).toBe(true);
    expect(week.conditionsRemoved).toEqual(['deprived', 'out-of-action']);
    expect(week.state).toBe('up');
    expect(week.changes).toEqual(expect.arrayContaining([{ path: 'hp', delta: 5, via: 'ledger' }]));
  });

  it('rolls logged before (no conditions) replay as they were: the short rest heals', () => {
    expect(rest({ kind: 'short' }).changes).toEqual([{ path: 'hp', delta: 5, via: 'ledger' }]);
    expect(scarDeprivationEnds('short', [])).toBeNull();
  });
});

describe('4. CA-15: a Cairn round’s results are simultaneous (004:64)', () => {
  it('a combatant felled this round still acts in it, not in the next', () => {
    expect(mayActInRound('cairn', 'dead', 3, 3)).toBe(true);
    expect(mayActInRound('cairn', 'critical', 3, 3)).toBe(true);
    expect(mayActInRound('cairn', 'dead', 4, 3)).toBe(false);
    expect(mayActInRound('cairn', 'out', 3, undefined)).toBe(false);
    expect(mayActInRound('cairn', 'up', 9, undefined)).toBe(true);
  });

  it('other systems keep their order: felled is felled', () => {
    expect(mayActInRound('gm', 'unconscious', 3, 3)).toBe(false);
    expect(mayActInRound('coeac', 'down-and-out', 3, 3)).toBe(false);
  });
});

describe('5. CA-24: aid stabilises the critical and tends a Mortal Wound (004:19, 88, 131)', () => {
  it('critical: stabilised, out of the fight, the hour no longer holds; a rest brings it back up', () => {
    const out = sheetAid({ system: 'cairn', stateBefore: 'critical', conditions: [], means: 'bandages' });
    expect(out).toMatchObject({ aided: 'critical', state: 'out', conditionsAdded: ['stabilised'] });
    expect(timerHolds('cairn-critical', { state: out.state, conditions: out.conditionsAdded })).toBe(false);
    const rest = sheetRest(
      {
        system: 'cairn',
        kind: 'short',
        hp: 0,
        maxHp: 5,
        fatigue: 0,
        deprived: false,
        safe: true,
        healer: false,
        str: { current: 3, max: 10 },
        dex: { current: 10, max: 10 },
        wil: { current: 10, max: 10 },
        conditions: ['stabilised'],
        stateBefore: 'out',
      },
      new Dice(createRng('rest')),
    );
    expect(rest.state).toBe('up');
    expect(rest.conditionsRemoved).toEqual(['stabilised']);
  });

  it('a Mortal Wound: tended, `dying` goes and its hour with it; still out and deprived', () => {
    const wound = ['deprived', 'out-of-action', 'dying'];
    const out = sheetAid({ system: 'cairn', stateBefore: 'out', conditions: wound, means: 'stitches' });
    expect(out).toMatchObject({ aided: 'mortal-wound', state: 'out', conditionsRemoved: ['dying'] });
    expect(
      timerHolds('cairn-mortal-wound', { state: 'out', conditions: ['deprived', 'out-of-action', 'tended'] }),
    ).toBe(false);
  });

  it('nothing to stop: no aid (up, dead, a tended wound)', () => {
    expect(cairnAidNeed('up', [])).toBeNull();
    expect(cairnAidNeed('dead', [])).toBeNull();
    expect(cairnAidNeed('out', ['deprived', 'out-of-action', 'tended'])).toBeNull();
    expect(() => sheetAid({ system: 'cairn', stateBefore: 'up', conditions: [], means: 'x' })).toThrow();
    expect(() => sheetAid({ system: 'cairn', stateBefore: 'critical', conditions: [], means: '' })).toThrow(
      /means/,
    );
  });
});

describe('6. M8, M9, M4', () => {
  it('M8: the sheet rest reads thirst and hunger as the hazards rest does (T17: 30 h without water)', () => {
    const sheet = {
      system: 'archsoul' as const,
      kind: 'night' as const,
      hp: 3,
      maxHp: 8,
      fatigue: 2,
      enduranceLoss: 0,
      disabled: true,
    };
    const hazards = archsoulRest({
      fatigue: 2,
      hitPoints: 3,
      maxHitPoints: 8,
      sleepHours: 8,
      hoursWithoutWater: 30,
      disabled: true,
    });
    const rest = sheetRest({ ...sheet, hoursWithoutWater: 30 }, new Dice(createRng('night')));
    expect(hazards.fatigueAfter).toBe(3);
    expect(rest.fieldChanges.find((c) => c.field === 'fatigue')).toEqual({
      field: 'fatigue',
      delta: 1,
      after: 3,
    });
    expect(rest.detail.archsoulRest).toMatchObject({ fatigueAfter: 3, thirsty: true, deprivationFatigue: 1 });
    // Fed and watered (nothing sent, as rests logged before): sleep lowers fatigue a level.
    const fed = sheetRest(sheet, new Dice(createRng('night')));
    expect(fed.fieldChanges.find((c) => c.field === 'fatigue')).toEqual({
      field: 'fatigue',
      delta: -1,
      after: 1,
    });
  });

  it('M9: weapon names read as the document writes them', () => {
    expect(underwaterWeaponKey('Rope Dart')).toBe('rope-dart');
    expect(underwaterWeaponKey('Meteor Hammers')).toBe('meteor-hammer');
    expect(underwaterWeaponKey('Knives')).toBe('knife');
    expect(underwaterWeaponKey('Pikes')).toBe('pike');
    expect(underwaterWeaponKey('short spear')).toBe('shortspear');
    expect(underwaterWeaponKey('Pistol')).toBe('firearm');
    expect(underwaterWeaponKey('Flintlock Pistols')).toBe('firearm');
    expect(underwaterWeaponKey('Axes')).toBe('axe');
    for (const weapon of ['Rope Dart', 'Meteor Hammer', 'Whips', 'Slings', 'Pistol', 'Musket'])
      expect(archsoulUnderwaterAttack({ weapon, damagePool: 4 }).allowed).toBe(false);
    for (const weapon of ['Knives', 'Stilettos', 'Shortspears', 'Spears', 'Pikes'])
      expect(archsoulUnderwaterAttack({ weapon, damagePool: 4 })).toMatchObject({
        allowed: true,
        difficulty: 0,
      });
    expect(archsoulUnderwaterAttack({ weapon: 'Sword', damagePool: 4 })).toMatchObject({
      allowed: true,
      difficulty: 1,
    });
  });

  it('M4: a scroll found as treasure is petty (0 slots); a spellbook takes 1', () => {
    expect(spellbookRoll({ kind: 'scroll' }, new Dice(createRng('tome'))).slots).toBe(0);
    expect(spellbookRoll({ kind: 'spellbook' }, new Dice(createRng('tome'))).slots).toBe(1);
  });
});

describe('7. AS-26: Knocked Down on the character’s own state (002:82–90)', () => {
  it('speed 1 while Knocked Down, whatever the base move; back once it stands', () => {
    const sheet = { stats: { Endurance: 4 }, maxHp: 8, move: 5, statuses: ['Knocked Down'] };
    expect(deriveSheet('archsoul', sheet, {} as never).moveNow).toBe(1);
    expect(deriveSheet('archsoul', { ...sheet, statuses: [] }, {} as never).moveNow).toBeUndefined();
  });

  it('standing up costs 1 AP and removes Knocked Down only; Restrained cannot rise', () => {
    const out = archsoulStandUp({ statuses: ['Disabled', 'knocked_down'] });
    expect(out).toMatchObject({ statuses: ['Disabled'], actionPoints: 1 });
    expect(() => archsoulStandUp({ statuses: ['Disabled'] })).toThrow(/not Knocked Down/);
    expect(() => archsoulStandUp({ statuses: ['Knocked Down', 'Restrained'] })).toThrow(/Restrained/);
  });
});
