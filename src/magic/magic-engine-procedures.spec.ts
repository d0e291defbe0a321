import { createRng, Dice } from '../core/random';
import {
  coeacStateOfInput,
  damageInput,
  describeDamage,
  stateAfterDamage,
  fatigueEvents,
  harmSeed,
  sheetState,
  type EngineChange,
  type EngineState,
} from '../core/engine';
import { cairnCast } from '../core/magic/cairn';
import { CAIRN_CAMPAIGN_CAST_PROCEDURE, CAIRN_MAGIC_PROCEDURES } from './cairn/cairn-magic.service';
import { harmOf } from '../core/harm';
import { sheetDamage, type SheetDamageInput } from '../core/harm/campaign';
import { channel } from '../core/magic';
import { AFFIX_CHANNELING_V2 } from './magic-campaign.service';
import {
  AFFIX_CHANNELING_V3,
  COEAC_CAST_PROCEDURE,
  COEAC_CATASTROPHE_PROCEDURE,
  COEAC_COUNTERSPELL_PROCEDURE,
  COEAC_MAGIC_PROCEDURES,
  COEAC_MASTERY_PROCEDURE,
  COEAC_MASTERY_V3_PROCEDURE,
  COEAC_RELEASE_PROCEDURE,
  type CasterEngine,
} from './magic.service';

/*
 * Issue 39: a counterspell, a bound spell's release and a day of Affix Spell take their harm inside
 * their own logged roll, through the COEAC transition on the same dice. Goldens on fixed seeds; the
 * spell's own part matches the procedure logged before (the same dice come first).
 */
const dice = (seed: string) => new Dice(createRng(seed));
const SEED_WAVE = 's0';
const CAIRN_DAMAGE_A = 3;
const sheet = (hp: number) => ({
  hp,
  maxHp: 12,
  bonusHp: 0,
  saves: { Vigor: 2 },
  skills: { 'Arcane Lore': 2 },
});
const state = (hp: number) =>
  sheetState({ name: 'Mirel', id: 'c1', npc: false }, 'coeac', sheet(hp), sheet(hp), harmOf(sheet(hp)));
const harm = (hp: number): SheetDamageInput => damageInput(state(hp), { kind: 'damage', amount: 0 });

describe('magic.coeac.counterspell.v2', () => {
  it('golden (seed a): a failure by 3 costs 3 HP through the transition; at 2 HP the caster is down and out', () => {
    const out = COEAC_COUNTERSPELL_PROCEDURE.run(
      { counterspell: { pool: 3, potency: 3 }, harm: harm(2) },
      dice('a'),
    );
    expect(out.counterspell).toMatchObject({
      objective: 4,
      roll: { faces: [4, 3, 2], successes: 1, passed: false },
      countered: false,
      damage: 3,
    });
    expect(out.harm).toMatchObject({
      damage: 3,
      stateBefore: 'up',
      state: 'down-and-out',
      changes: [
        { path: 'hp', delta: -2, via: 'ledger' },
        { path: 'maxHp', delta: -1, via: 'ledger' },
      ],
    });
    // The test is the one logged before (`magic.coeac.counterspell`) on the same seed; the harm follows on the same dice.
    const d = dice('a');
    expect(COEAC_MAGIC_PROCEDURES.counterspell.run({ pool: 3, potency: 3 }, d)).toEqual(out.counterspell);
    expect(sheetDamage({ ...{}, ...harm(2), damage: 3 } as SheetDamageInput, d)).toEqual(out.harm);
    // The engine tells it: damaged, HP and max HP, then down and out, each a sentence.
    const told = describeDamage(state(2), out.harm!, 'magic:counterspell').events;
    expect(told.map((e) => [e.type, e.text])).toEqual([
      ['damaged', 'Mirel takes 3 damage: HP 2 → 0, max HP 12 → 11.'],
      ['field-changed', 'Mirel: HP 2 → 0.'],
      ['field-changed', 'Mirel: max HP 12 → 11.'],
      ['state-changed', 'Mirel is down and out.'],
    ]);
    expect(told[0]).toMatchObject({ amount: 3, source: 'magic:counterspell', ownerId: 'c1', looks: 'down' });
  });

  it('golden (seed c): a failure by 1 costs 1 HP and leaves the caster up', () => {
    const out = COEAC_COUNTERSPELL_PROCEDURE.run(
      { counterspell: { pool: 3, potency: 3 }, harm: harm(12) },
      dice('c'),
    );
    expect(out.counterspell).toMatchObject({ roll: { faces: [4, 5, 4] }, damage: 1 });
    expect(out.harm).toMatchObject({ state: 'up', changes: [{ path: 'hp', delta: -1, via: 'ledger' }] });
  });

  it('a counterspell that counters harms nobody: no harm, no dice past the test', () => {
    const out = COEAC_COUNTERSPELL_PROCEDURE.run(
      { counterspell: { pool: 12, potency: 0 }, harm: harm(12) },
      dice('a'),
    );
    expect(out.counterspell.countered).toBe(true);
    expect(out.harm).toBeNull();
  });
});

describe('magic.coeac.bound-release.v1', () => {
  it('golden (seed c): the binding stops 1 of 4; 3 at 3 HP is down and out, the table says Death', () => {
    const out = COEAC_RELEASE_PROCEDURE.run({ damage: 4, harm: harm(3) }, dice('c'));
    expect(out).toMatchObject({ blocked: 1, damageTaken: 3 });
    expect(out.harm).toMatchObject({
      damage: 3,
      state: 'dead',
      changes: [{ path: 'hp', delta: -3, via: 'ledger' }],
    });
    expect(out.harm!.steps.map((s) => s.name)).toEqual(['hp', 'down-and-out', 'table', 'dead']);
    expect(out.harm!.steps[2].faces).toEqual([4, 5]);
    // The same as the transition alone on that seed: the release draws no dice of its own.
    expect(sheetDamage({ ...{}, ...harm(3), damage: 3 } as SheetDamageInput, dice('c'))).toEqual(out.harm);
  });

  it('golden (seed b): Impairment lowers a skill drawn by lot', () => {
    const out = COEAC_RELEASE_PROCEDURE.run({ damage: 4, harm: harm(3) }, dice('b'));
    expect(out.harm).toMatchObject({
      state: 'down-and-out',
      changes: [
        { path: 'hp', delta: -3, via: 'ledger' },
        { path: 'skills.Arcane Lore', delta: -1, via: 'base' },
      ],
    });
  });

  it('a blow of 1 or less is stopped whole: no harm', () => {
    expect(COEAC_RELEASE_PROCEDURE.run({ damage: 1, harm: harm(3) }, dice('a'))).toEqual({
      blocked: 1,
      damageTaken: 0,
      harm: null,
    });
    expect(COEAC_RELEASE_PROCEDURE.run({ damage: 0, harm: harm(3) }, dice('a'))).toMatchObject({
      blocked: 0,
      damageTaken: 0,
      harm: null,
    });
  });
});

describe('crafting.channeling.v3 (Affix Spell with a COEAC sheet)', () => {
  const day = { pool: 3, objective: 5, spell: 'disintegrate', vigorPool: 4 };

  it('golden (seed a): the channeling of v2 on the same seed, its backlash of 4 taken from HP in the same roll', () => {
    const out = AFFIX_CHANNELING_V3.run({ channeling: day, harm: harm(12) }, dice('a'));
    const { harm: taken, ...channeling } = out;
    expect(channeling).toEqual(AFFIX_CHANNELING_V2.run(day, dice('a')));
    expect(channeling).toEqual(channel(day, dice('a')));
    expect(out.backlash).toEqual({ happened: true, damage: 4, plasmidLost: true });
    expect(taken).toMatchObject({
      damage: 4,
      state: 'up',
      changes: [{ path: 'hp', delta: -4, via: 'ledger' }],
    });
  });

  it('a passing day harms nobody', () => {
    const out = AFFIX_CHANNELING_V3.run(
      { channeling: { pool: 14, objective: 1, vigorPool: 4 }, harm: harm(12) },
      dice('a'),
    );
    expect(out.backlash.happened).toBe(false);
    expect(out.harm).toBeNull();
  });
});

describe('fatigueEvents (a Cairn cast’s Fatigue)', () => {
  it('one field-changed event with a sentence; none for no Fatigue', () => {
    expect(fatigueEvents({ name: 'Ash', ownerId: 'x' }, 2, 'casting Light')).toEqual([
      {
        type: 'field-changed',
        ownerId: 'x',
        ownerName: 'Ash',
        text: 'Ash gains 2 Fatigue from casting Light.',
        path: 'fatigue',
        before: null,
        after: null,
        delta: 2,
      },
    ]);
    expect(fatigueEvents({ name: 'Ash', ownerId: 'x' }, 0)).toEqual([]);
  });
});

/*
 * Issue 39, second step: the spell's harm goes through the engine's `applyChange` when live (`live`),
 * and the logged roll replays by the registered `run` on its logged `harm` input: both answer the
 * same outcome on the same seed, and the transition's events are the engine's telling of it.
 */
describe('live (applyChange) and replay (the logged input) agree', () => {
  const engine = (hp: number, source: string): CasterEngine => ({ state: state(hp), source });
  const cases: Array<
    [
      string,
      {
        name: string;
        run: (i: never, d: Dice) => { harm: unknown };
        live: (e: CasterEngine) => { run: (i: never, d: Dice) => { harm: unknown } };
      },
      Record<string, unknown>,
    ]
  > = [
    [
      'magic.coeac.cast.v1',
      COEAC_CAST_PROCEDURE as never,
      { channeling: { pool: 3, objective: 5, spell: 'disintegrate', vigorPool: 4 }, ritualHp: 1 },
    ],
    [
      'magic.coeac.counterspell.v2',
      COEAC_COUNTERSPELL_PROCEDURE as never,
      { counterspell: { pool: 3, potency: 3 } },
    ],
    ['magic.coeac.bound-release.v1', COEAC_RELEASE_PROCEDURE as never, { damage: 4 }],
    [
      'crafting.channeling.v3',
      AFFIX_CHANNELING_V3 as never,
      { channeling: { pool: 3, objective: 5, spell: 'disintegrate', vigorPool: 4 } },
    ],
    [
      'magic.coeac.spell-mastery.v2',
      COEAC_MASTERY_PROCEDURE as never,
      { mastery: { pool: 3, spell: 'disintegrate', vigorPool: 4 } },
    ],
  ];
  it.each(cases)('%s: seeds a, b, c at 2 and 12 HP', (name, procedure, input) => {
    expect(procedure.name).toBe(name);
    for (const seed of ['a', 'b', 'c'])
      for (const hp of [2, 12]) {
        const e = engine(hp, 'magic:test');
        const logged = { ...{}, ...input, harm: harm(hp) } as never;
        const live = procedure.live(e).run(logged, dice(seed));
        expect(live).toEqual(procedure.run(logged, dice(seed)));
        if (live.harm === null) continue;
        expect(e.applied!.outcome).toEqual(live.harm);
        expect(e.applied!.events).toEqual(describeDamage(state(hp), live.harm as never, 'magic:test').events);
      }
  });
});

describe('magic.coeac.spell-mastery.v2', () => {
  const mastery = { pool: 3, spell: 'disintegrate', vigorPool: 4 };
  it('golden: the mastery of magic.coeac.spell-mastery on the same seed, its backlash in the same roll as the old pair took it', () => {
    const seed = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].find(
      (s) => (COEAC_MAGIC_PROCEDURES.spellMastery.run(mastery, dice(s)).blindCast.backlash.damage ?? 0) > 0,
    )!;
    expect(seed).toBe('a');
    const out = COEAC_MASTERY_PROCEDURE.run({ mastery, harm: harm(12) }, dice(seed));
    const old = COEAC_MAGIC_PROCEDURES.spellMastery.run(mastery, dice(seed));
    expect(out.mastery).toEqual(old);
    const backlash = old.blindCast.backlash.damage!;
    expect(backlash).toBe(4);
    // The old pair: `harm.sheet-damage` on `<seed>/harm` (nothing drawn above 0 HP: the same answer).
    const pair = sheetDamage(
      { ...{}, ...harm(12), damage: backlash } as SheetDamageInput,
      dice(harmSeed(seed)),
    );
    expect(out.harm).toEqual(pair);
    expect(out.harm).toMatchObject({ state: 'up', changes: [{ path: 'hp', delta: -4, via: 'ledger' }] });
  });

  it('a mastery without backlash harms nobody', () => {
    const calm = { pool: 14, spell: 'disintegrate' };
    const seed = Array.from({ length: 40 }, (_, i) => `s${i}`).find(
      (s) => (COEAC_MAGIC_PROCEDURES.spellMastery.run(calm, dice(s)).blindCast.backlash.damage ?? 0) === 0,
    )!;
    expect(seed).toBeDefined();
    const out = COEAC_MASTERY_PROCEDURE.run({ mastery: calm, harm: harm(12) }, dice(seed));
    expect(out.mastery).toEqual(COEAC_MAGIC_PROCEDURES.spellMastery.run(calm, dice(seed)));
    expect(out.harm).toBeNull();
  });
});

describe('magic.coeac.spell-mastery.v3', () => {
  const mastery = { pool: 3, spell: 'disintegrate', vigorPool: 4 };
  /** The Down and Out check's input on a state: a loss of 0 with `downAndOutCheck`, as v2's second roll sent it. */
  const check = (on: EngineState, items: Array<{ name: string; artifact: boolean }> = []) =>
    damageInput(on, {
      kind: 'damage',
      amount: 0,
      block: null,
      medicine: null,
      items,
      downAndOutCheck: true,
    } as EngineChange);

  it('golden (seed a, 12 HP): v2’s mastery and backlash, then the check on the next dice of the same stream', () => {
    const out = COEAC_MASTERY_V3_PROCEDURE.run({ mastery, harm: harm(12) }, dice('a'));
    const v2 = COEAC_MASTERY_PROCEDURE.run({ mastery, harm: harm(12) }, dice('a'));
    expect(out.mastery).toEqual(v2.mastery);
    expect(out.harm).toEqual(v2.harm);
    expect(out.mastery).toMatchObject({ learned: false, barredForever: true, downAndOutCheck: true });
    expect(out.harm).toMatchObject({ state: 'up', changes: [{ path: 'hp', delta: -4, via: 'ledger' }] });
    // The check: the transition on the state the backlash left (HP 8), drawing after v2's draws.
    expect(out.downAndOut).toMatchObject({
      damage: 0,
      stateBefore: 'up',
      state: 'up',
      faces: [6, 5],
      changes: [{ path: 'maxHp', delta: 1, via: 'ledger' }],
      detail: { coeacDamage: { hp: 8, hpLost: 0 }, downAndOut: { roll: 11, result: 'resilience' } },
    });
    const d = dice('a');
    COEAC_MASTERY_PROCEDURE.run({ mastery, harm: harm(12) }, d);
    expect(sheetDamage(check(stateAfterDamage(state(12), v2.harm!)), d)).toEqual(out.downAndOut);
    // v2 drew its check from a second stream (`a/down-and-out`): another table result on the same state.
    const pair = sheetDamage(check(stateAfterDamage(state(12), v2.harm!)), dice('a/down-and-out'));
    expect(pair.detail.downAndOut).toMatchObject({ roll: 8, result: 'impairment' });
    // Live through the engine: the same outcome, the check's state and events kept for the writer.
    const e: CasterEngine = { state: state(12), source: 'magic:mastery' };
    expect(COEAC_MASTERY_V3_PROCEDURE.live(e).run({ mastery, harm: harm(12) }, dice('a'))).toEqual(out);
    expect(e.check!.from).toEqual(e.applied!.state);
    expect(e.check!.applied.outcome).toEqual(out.downAndOut);
    expect(e.check!.applied.events.map((ev) => ev.type)).toContain('field-changed');
  });

  it('golden (seed d, 2 HP): the backlash puts the caster down and out, the check follows on that state', () => {
    const out = COEAC_MASTERY_V3_PROCEDURE.run({ mastery, harm: harm(2) }, dice('d'));
    // The backlash's own Down and Out roll (Impairment), then the failure's check (a Lingering Injury).
    expect(out.harm).toMatchObject({
      state: 'down-and-out',
      changes: [
        { path: 'hp', delta: -2, via: 'ledger' },
        { path: 'skills.Arcane Lore', delta: -1, via: 'base' },
      ],
    });
    expect(out.downAndOut).toMatchObject({
      stateBefore: 'down-and-out',
      state: 'down-and-out',
      changes: [{ path: 'maxHp', delta: -1, via: 'ledger' }],
      detail: { downAndOut: { roll: 7, result: 'lingering-injury' } },
    });
    const e: CasterEngine = { state: state(2), source: 'magic:mastery' };
    expect(COEAC_MASTERY_V3_PROCEDURE.live(e).run({ mastery, harm: harm(2) }, dice('d'))).toEqual(out);
  });

  it('Broken Gear in the check draws its lots from the logged items (seed b, 12 HP)', () => {
    const items = [
      { name: 'Rope', artifact: false },
      { name: 'Lamp', artifact: false },
    ];
    const logged = { mastery, harm: { ...{}, ...harm(12), items } as SheetDamageInput };
    const out = COEAC_MASTERY_V3_PROCEDURE.run(logged, dice('b'));
    expect(out.harm!.detail.downAndOut).toBeUndefined();
    expect(out.downAndOut!.detail.downAndOut).toMatchObject({
      roll: 6,
      result: 'broken-gear',
      lots: [
        { kind: 'item', name: 'Lamp', broken: true },
        { kind: 'item', name: 'Rope', broken: true },
      ],
    });
    const e: CasterEngine = { state: state(12), source: 'magic:mastery' };
    expect(COEAC_MASTERY_V3_PROCEDURE.live(e).run(logged, dice('b'))).toEqual(out);
  });

  it('replay equals live on seeds a to j at 2 and 12 HP; a pass calls no check', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'])
      for (const hp of [2, 12]) {
        const e: CasterEngine = { state: state(hp), source: 'magic:mastery' };
        const logged = { mastery, harm: harm(hp) };
        const live = COEAC_MASTERY_V3_PROCEDURE.live(e).run(logged, dice(seed));
        expect(live).toEqual(COEAC_MASTERY_V3_PROCEDURE.run(logged, dice(seed)));
        expect(live.downAndOut).toEqual(live.mastery.downAndOutCheck ? e.check!.applied.outcome : null);
      }
    const calm = { pool: 14, spell: 'disintegrate' };
    const e: CasterEngine = { state: state(12), source: 'magic:mastery' };
    const passed = COEAC_MASTERY_V3_PROCEDURE.live(e).run({ mastery: calm, harm: harm(12) }, dice('s1'));
    expect(passed.mastery.learned).toBe(true);
    expect(passed.downAndOut).toBeNull();
    expect(e.check).toBeNull();
  });

  it('coeacStateOfInput: the logged input names the state damageInput reads', () => {
    for (const hp of [0, 2, 12]) {
      const s = state(hp);
      const back = coeacStateOfInput(damageInput(s, { kind: 'cast-cost', amount: 0 } as EngineChange));
      for (const change of [
        { kind: 'cast-cost', amount: 3 },
        { kind: 'damage', amount: 0, downAndOutCheck: true, items: [] },
      ] as EngineChange[])
        expect(damageInput(back, change)).toEqual(damageInput(s, change));
    }
  });
});

describe('magic.coeac.catastrophe.v3', () => {
  const core = { damage: 3, disciplinePool: 2, vigorPool: 3 };
  it('golden: the catastrophe of v2 on the same seed, the wave taken in the same roll as the old pair took it', () => {
    const seed = Array.from({ length: 60 }, (_, i) => `s${i}`).find(
      (s) => (COEAC_MAGIC_PROCEDURES.catastropheV2.run(core, dice(s)).consequences?.waveDamage ?? 0) > 0,
    )!;
    expect(seed).toBe(SEED_WAVE);
    const out = COEAC_CATASTROPHE_PROCEDURE.run({ catastrophe: core, harm: harm(12) }, dice(seed));
    const old = COEAC_MAGIC_PROCEDURES.catastropheV2.run(core, dice(seed));
    expect(out.catastrophe).toEqual(old);
    const wave = old.consequences!.waveDamage!;
    const pair = sheetDamage({ ...{}, ...harm(12), damage: wave } as SheetDamageInput, dice(harmSeed(seed)));
    expect(out.harm).toEqual(pair);
    // Live through the engine: the same outcome.
    const e: CasterEngine = { state: state(12), source: 'magic:catastrophe' };
    expect(
      COEAC_CATASTROPHE_PROCEDURE.live(e).run({ catastrophe: core, harm: harm(12) }, dice(seed)),
    ).toEqual(out);
    expect(e.applied!.events[0]).toMatchObject({
      type: 'damaged',
      amount: wave,
      source: 'magic:catastrophe',
    });
  });

  it('no catastrophe harm: no harm outcome', () => {
    const out = COEAC_CATASTROPHE_PROCEDURE.run({ catastrophe: {}, harm: harm(12) }, dice('a'));
    expect(out.catastrophe).toEqual(COEAC_MAGIC_PROCEDURES.catastropheV2.run({}, dice('a')));
    const c = out.catastrophe.consequences;
    expect((c?.waveDamage ?? 0) + (c?.wildCast?.channeling.backlash.damage ?? 0)).toBe(0);
    expect(out.harm).toBeNull();
  });
});

describe('magic.cairn-cast.v2', () => {
  const cairnSheet = {
    hp: 3,
    maxHp: 6,
    str: { current: 10, max: 10 },
    dex: { current: 10, max: 10 },
    wil: { current: 3, max: 10 },
  };
  const cairnState = (): EngineState =>
    sheetState({ name: 'Ash', id: 'c2', npc: false }, 'cairn', cairnSheet, cairnSheet, harmOf(cairnSheet));
  const loss = (amount: number) =>
    ({ kind: 'damage', amount, die: null, pastArmor: true, source: 'magic.cairn-cast' }) as EngineChange;
  const cast = {
    from: 'spellbook' as const,
    spell: 1,
    danger: true,
    wil: 3,
    freeSlots: 5,
    failure: { damage: 'd6' as const },
  };

  it('golden (seed a): the cast of magic.cairn-cast on the same seed, its failure damage taken in the same roll', () => {
    const harmInput = damageInput(cairnState(), loss(0));
    expect(harmInput).toMatchObject({ system: 'cairn', armor: 0, hp: 3 });
    const out = CAIRN_CAMPAIGN_CAST_PROCEDURE.run({ cast, harm: harmInput }, dice('a'));
    const old = CAIRN_MAGIC_PROCEDURES.cast.run(cast, dice('a'));
    expect(out.cast).toEqual(old);
    expect(out.cast).toEqual(cairnCast(cast, dice('a')));
    const damage = old.failure!.damage!;
    expect(damage).toBe(CAIRN_DAMAGE_A);
    const pair = sheetDamage({ ...{}, ...harmInput, damage } as SheetDamageInput, dice(harmSeed('a')));
    expect(out.harm).toMatchObject({ damage, changes: pair.changes });
    // Live through the engine: the same outcome, and the engine's events for it.
    const e: { state: EngineState; applied?: unknown } = { state: cairnState() };
    const live = CAIRN_CAMPAIGN_CAST_PROCEDURE.live(e as never).run({ cast, harm: harmInput }, dice('a'));
    expect(live).toEqual(out);
    expect((e.applied as { events: unknown[] }).events).toEqual(
      describeDamage(cairnState(), out.harm!, 'magic.cairn-cast').events,
    );
  });

  it('a cast that passes its save harms nobody', () => {
    const safe = { from: 'spellbook' as const, spell: 1, freeSlots: 5, failure: { damage: 'd6' as const } };
    const out = CAIRN_CAMPAIGN_CAST_PROCEDURE.run(
      { cast: safe, harm: damageInput(cairnState(), loss(0)) },
      dice('a'),
    );
    expect(out.cast.failure).toBeNull();
    expect(out.harm).toBeNull();
  });
});
