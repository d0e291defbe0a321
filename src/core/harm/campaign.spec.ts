import fc from 'fast-check';
import { createRng, Dice } from '../random';
import {
  GM_CONSCIOUSNESS_DUE,
  mergePending,
  sheetDamage,
  sheetRest,
  worse,
  type SheetDamageCoeac,
  type SheetDamageCairn,
  type SheetDamageGm,
} from './campaign';
import { harmOf, normaliseHarm } from './sheet-harm';
import { normaliseSheet } from '../characters/sheets';

const dice = (seed: string) => new Dice(createRng(seed));

const coeac = (over: Partial<SheetDamageCoeac> = {}): SheetDamageCoeac => ({
  system: 'coeac',
  hp: 5,
  bonusHp: 0,
  damage: 0,
  block: null,
  down: false,
  maxHp: 5,
  saves: ['Vigor'],
  skills: ['Medicine', 'Stealth'],
  items: [{ name: 'Rope', artifact: false }],
  medicine: null,
  ...over,
});

const cairn = (over: Partial<SheetDamageCairn> = {}): SheetDamageCairn => ({
  system: 'cairn',
  hp: 3,
  maxHp: 6,
  str: 12,
  dex: 10,
  wil: 9,
  maxDex: 10,
  maxWil: 9,
  armor: 0,
  damage: 3,
  die: null,
  target: 'hp',
  doomed: false,
  npc: false,
  ...over,
});

describe('harm on a stored sheet (the composed procedures)', () => {
  it('takes every max HP a stored sheet can hold (past the stateless 10,000): Down and Out still rolls', () => {
    for (const maxHp of [10_001, 50_000, 100_000]) {
      const out = sheetDamage(
        coeac({ hp: 0, maxHp, damage: 2, down: true, stateBefore: 'down-and-out' }),
        dice('big'),
      );
      expect(out.detail.downAndOut).toBeDefined();
    }
  });

  it('COEAC: a blow that stops short of 0 rolls nothing and changes HP by sheet path', () => {
    const out = sheetDamage(coeac({ damage: 3 }), dice('a'));
    expect(out).toMatchObject({
      state: 'up',
      faces: [],
      changes: [{ path: 'hp', delta: -3, via: 'ledger' }],
    });
  });

  it('COEAC: reaching 0 rolls Down and Out in the same stream, odds summing to 1', () => {
    const out = sheetDamage(coeac({ damage: 9 }), dice('ogre'));
    const table = out.detail.downAndOut as { roll: number; result: string };
    expect(out.faces.slice(0, 2).reduce((a, b) => a + b, 0)).toBe(table.roll);
    expect(out.state).toBe(table.result === 'death' ? 'dead' : 'down-and-out');
    const odds = out.odds.downAndOut as Record<string, number>;
    expect(Object.values(odds).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // Replays to the same answer from the same seed.
    expect(sheetDamage(coeac({ damage: 9 }), dice('ogre'))).toEqual(out);
  });

  it('COEAC: the end-of-session check rolls the table without touching HP; Trauma lowers a Save by path', () => {
    for (let i = 0; i < 60; i++) {
      const out = sheetDamage(coeac({ downAndOutCheck: true }), dice(`eos-${i}`));
      expect(out.changes.some((c) => c.path === 'hp' && c.delta < 0)).toBe(false);
      const result = (out.detail.downAndOut as { result: string }).result;
      if (result === 'trauma')
        expect(out.changes).toContainEqual({ path: 'saves.Vigor', delta: -1, via: 'base' });
      if (result === 'death') expect(out.state).toBe('dead');
      else expect(out.state).toBe('up');
    }
  });

  it('Cairn: exactly 0 HP gives the scar for the HP lost; a state never improves under a blow', () => {
    const out = sheetDamage(cairn(), dice('wolf'));
    expect(out.scar).toBe('Walloped');
    expect(out.changes[0]).toEqual({ path: 'hp', delta: -3, via: 'ledger' });
    const critical = sheetDamage(cairn({ hp: 0, damage: 0, stateBefore: 'critical' }), dice('x'));
    expect(critical.state).toBe('critical');
  });

  it('fast-check: Cairn HP never below 0 and what HP did not absorb reaches STR', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 18 }),
        fc.integer({ min: 0, max: 20 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        (hp, str, damage, seed) => {
          const out = sheetDamage(cairn({ hp, str, damage }), dice(seed));
          const hpDelta = out.changes.find((c) => c.path === 'hp')?.delta ?? 0;
          const strDelta = out.changes.find((c) => c.path === 'str.current')?.delta ?? 0;
          expect(hp + hpDelta).toBeGreaterThanOrEqual(0);
          expect(0 - hpDelta === Math.min(hp, damage)).toBe(true);
          // A scar at exactly 0 HP may set STR by its own roll (scar 6: the new result).
          if (out.scar === null)
            expect(0 - strDelta === Math.min(str, damage - Math.min(hp, damage))).toBe(true);
          if (str + strDelta === 0) expect(out.state).toBe('dead');
        },
      ),
    );
  });

  it('Archsoul: HP below 0 goes to belowZero, unconscious at 0, dead below −2 × Endurance', () => {
    const out = sheetDamage(
      { system: 'archsoul', hp: 5, endurance: 4, damage: 7, coupDeGrace: false, unconscious: false },
      dice('fall'),
    );
    expect(out.state).toBe('unconscious');
    expect(out.changes).toEqual([
      { path: 'hp', delta: -5, via: 'ledger' },
      { path: 'belowZero', delta: 2, via: 'ledger' },
    ]);
    const dead = sheetDamage(
      {
        system: 'archsoul',
        hp: -2,
        endurance: 4,
        damage: 7,
        coupDeGrace: false,
        unconscious: true,
        stateBefore: 'unconscious',
      },
      dice('fall-2'),
    );
    expect(dead.state).toBe('dead');
    expect(dead.changes).toEqual([{ path: 'belowZero', delta: 7, via: 'ledger' }]);
  });

  it('rests: COEAC without Rations rests to nothing; the dead do not rest; G&M healing the injuries ends dying', () => {
    const hungry = sheetRest(
      { system: 'coeac', kind: 'short', hp: 1, maxHp: 5, fed: false, rations: null, armor: [] },
      dice('r'),
    );
    expect(hungry).toMatchObject({ rested: false, changes: [] });
    const fed = sheetRest(
      {
        system: 'coeac',
        kind: 'short',
        hp: 0,
        maxHp: 5,
        fed: true,
        rations: { score: 11, lastUse: false },
        armor: [],
        stateBefore: 'down-and-out',
      },
      dice('r'),
    );
    expect(fed).toMatchObject({ rested: true, state: 'up', changes: [{ path: 'hp', delta: 3 }] });
    expect(fed.rations).toMatchObject({ score: 11, odds: { lastUse: 0.5 } });
    expect(fed.faces).toEqual([fed.rations!.roll]);
    const dead = sheetRest(
      {
        system: 'coeac',
        kind: 'long',
        hp: 0,
        maxHp: 5,
        fed: true,
        rations: null,
        armor: [],
        stateBefore: 'dead',
      },
      dice('r'),
    );
    expect(dead.rested).toBe(false);
    const healed = sheetRest(
      {
        system: 'gm',
        kind: 'aid',
        level: 2,
        survival: 0,
        maxSurvival: 10,
        injuries: 2,
        verve: 0,
        maxVerve: 5,
        health: null,
        choice: null,
        npc: false,
        amount: 0,
        injuriesHealed: 2,
        stateBefore: 'dying',
      },
      dice('h'),
    );
    expect(healed.state).toBe('up');
  });

  it('worse() orders states; sheet.harm validates and extends every system', () => {
    expect(worse('up', 'dead')).toBe('dead');
    expect(worse('dying', 'unconscious')).toBe('dying');
    expect(harmOf({})).toEqual({ state: 'up', conditions: [], pending: [] });
    expect(() => normaliseHarm({ state: 'asleep' })).toThrow(/harm.state/);
    const sheet = normaliseSheet('archsoul', { maxHp: 4, belowZero: 2, harm: { state: 'unconscious' } });
    expect(sheet).toMatchObject({ hp: 4, belowZero: 2, harm: { state: 'unconscious', conditions: [] } });
    expect(normaliseSheet('coeac', { maxHp: 3 }).harm).toBeUndefined();
  });
});

describe('pending notes after a blow', () => {
  it('replaces an older note of a running state with the newer one and keeps the rest', () => {
    const before = ['Unconscious for 3 minute(s)', 'Lost a finger: roll later', 'Dying: death in 4 minutes'];
    expect(mergePending(before, ['Unconscious for 7 minute(s)'])).toEqual([
      'Lost a finger: roll later',
      'Dying: death in 4 minutes',
      'Unconscious for 7 minute(s)',
    ]);
    expect(mergePending(before, ['Dying: death in 2 minutes'])).toEqual([
      'Unconscious for 3 minute(s)',
      'Lost a finger: roll later',
      'Dying: death in 2 minutes',
    ]);
  });

  it('never holds more than its limit, newest kept, and a hundred blows keep one unconscious note', () => {
    let pending: string[] = [];
    for (let i = 1; i <= 100; i++) pending = mergePending(pending, [`Unconscious for ${i} minute(s)`]);
    expect(pending).toEqual(['Unconscious for 100 minute(s)']);
    const many = Array.from({ length: 70 }, (_, i) => `note ${i}`);
    expect(mergePending([], many)).toEqual(many.slice(-64));
  });

  it('keeps one note of a roll to stay conscious however often a G&M character without a reaction is hit', () => {
    // Each hit that gains an injury calls for the roll; unrolled, one note says that it is due.
    const input: SheetDamageGm = {
      system: 'gm',
      survival: 100,
      verve: 0,
      injuries: 0,
      damage: 3,
      archetypal: false,
      weaponDice: 1,
      evaded: false,
      consciousness: null,
      endurance: 12,
      unconscious: false,
    };
    let pending = ['Lost a finger: roll later'];
    for (let blow = 0; blow < 5; blow++) {
      const outcome = sheetDamage({ ...input, injuries: blow }, dice(`blow-${blow}`));
      expect(outcome.pending).toContain(GM_CONSCIOUSNESS_DUE);
      pending = mergePending(pending, outcome.pending);
    }
    expect(pending.filter((note) => note === GM_CONSCIOUSNESS_DUE)).toHaveLength(1);
    expect(pending[0]).toBe('Lost a finger: roll later');
  });
});
