import fc from 'fast-check';
import { createRng, Dice } from '../random';
import { sheetDamage, sheetRest, type SheetHarm } from '../harm/campaign';
import { hazardHarmOutcome } from './hazard-harm';
import {
  applyArchsoul,
  applyCairn,
  applyChange,
  applyCoeac,
  applyGm,
  damageInput,
  playerView,
  restInput,
} from './index';
import type { ArchsoulState, CairnState, CoeacState, EngineChange, EngineState, GmState } from './state';
import { ENGINE_EVENT_TYPES, aidEvents, lastEffortEvents, looksOf, type EngineEvent } from './events';

const dice = (seed: string) => new Dice(createRng(seed));
const up = (over: Partial<SheetHarm> = {}): SheetHarm => ({
  state: 'up',
  conditions: [],
  pending: [],
  ...over,
});

const coeac = (over: Partial<CoeacState> = {}): CoeacState => ({
  system: 'coeac',
  name: 'Osk',
  ownerId: 'c1',
  npc: false,
  harm: up(),
  values: { hp: 7, maxHp: 7, bonusHp: 0 },
  saves: ['Vigor'],
  skills: ['Medicine'],
  ...over,
});
const cairn = (over: Partial<CairnState> = {}): CairnState => ({
  system: 'cairn',
  name: 'Bryn',
  ownerId: 'c2',
  npc: false,
  harm: up(),
  values: {
    hp: 3,
    maxHp: 6,
    'str.current': 12,
    'str.max': 12,
    'dex.current': 10,
    'dex.max': 10,
    'wil.current': 9,
    'wil.max': 9,
  },
  armor: 1,
  fatigue: 0,
  deprived: false,
  ...over,
});
const archsoul = (over: Partial<ArchsoulState> = {}): ArchsoulState => ({
  system: 'archsoul',
  name: 'Ilse',
  ownerId: 'c3',
  npc: false,
  harm: up(),
  values: { hp: 8, belowZero: 0, maxHp: 10, fatigue: 0, enduranceLoss: 0 },
  endurance: 12,
  disabled: false,
  ...over,
});
const gm = (over: Partial<GmState> = {}): GmState => ({
  system: 'gm',
  name: 'Tam',
  ownerId: 'c4',
  npc: false,
  harm: up(),
  values: {
    'survival.current': 10,
    'survival.max': 10,
    'verve.current': 6,
    'verve.max': 6,
    'injuries.current': 0,
    'injuries.max': 0,
    temporarySurvival: 0,
  },
  level: 3,
  reactions: { fortitude: 12, health: 11 },
  endurance: 11,
  temporarySource: null,
  unhealable: 0,
  ...over,
});

describe('engine apply: golden (the same faces and changes as the logged procedures)', () => {
  const seeds = ['golden-1', 'golden-2', 'golden-3', 'golden-4', 'golden-5'];
  it.each(seeds)('COEAC damage and rest, seed %s', (seed) => {
    const state = coeac({ values: { hp: 4, maxHp: 7, bonusHp: 1 } });
    const change = { kind: 'damage' as const, amount: 6, medicine: { pool: 3 } };
    const applied = applyCoeac(state, change, dice(seed));
    expect(applied.outcome).toEqual(sheetDamage(damageInput(state, change), dice(seed)));
    // The input is the one the service logged before the engine: every field of harm.sheet-damage.
    expect(damageInput(state, change)).toEqual({
      system: 'coeac',
      hp: 4,
      bonusHp: 1,
      damage: 6,
      block: null,
      down: false,
      maxHp: 7,
      saves: ['Vigor'],
      skills: ['Medicine'],
      items: [],
      medicine: { pool: 3 },
      maxHpDeath: true,
      ownShieldUses: true,
      stateBefore: 'up',
    });
    const rest = {
      kind: 'rest' as const,
      rest: 'short' as const,
      fed: true,
      rations: { score: 4, lastUse: false },
    };
    const rested = applyCoeac(state, rest, dice(seed));
    expect(rested.outcome).toEqual(sheetRest(restInput(state, rest), dice(seed)));
  });

  it.each(seeds)('Cairn damage and rest, seed %s', (seed) => {
    const state = cairn();
    const change = { kind: 'damage' as const, amount: null, die: 'd8' as const };
    const applied = applyCairn(state, change, dice(seed));
    expect(applied.outcome).toEqual(
      sheetDamage(
        {
          system: 'cairn',
          hp: 3,
          maxHp: 6,
          str: 12,
          dex: 10,
          wil: 9,
          maxDex: 10,
          maxWil: 9,
          maxStr: 12,
          armor: 1,
          damage: null,
          die: 'd8',
          target: 'hp',
          doomed: false,
          npc: false,
          stateBefore: 'up',
        },
        dice(seed),
      ),
    );
    const rest = { kind: 'rest' as const, rest: 'night' as const, safe: true, healer: false };
    expect(applyCairn(state, rest, dice(seed)).outcome).toEqual(
      sheetRest(restInput(state, rest), dice(seed)),
    );
  });

  it.each(seeds)('Archsoul damage, hazard and rest, seed %s', (seed) => {
    const state = archsoul();
    const change = { kind: 'damage' as const, amount: 11 };
    expect(applyArchsoul(state, change, dice(seed)).outcome).toEqual(
      sheetDamage(
        {
          system: 'archsoul',
          hp: 8,
          endurance: 12,
          damage: 11,
          coupDeGrace: false,
          unconscious: false,
          stateBefore: 'up',
        },
        dice(seed),
      ),
    );
    const effects = [{ track: 'hit-points', change: -9 }] as never;
    const hazard = applyArchsoul(state, { kind: 'hazard', effects }, dice(seed));
    expect(hazard.outcome).toEqual(
      hazardHarmOutcome(effects, damageInput(state, { kind: 'damage', amount: 0 }) as never, dice(seed)),
    );
    const rest = { kind: 'rest' as const, rest: 'night' as const };
    expect(applyArchsoul(state, rest, dice(seed)).outcome).toEqual(
      sheetRest(restInput(state, rest), dice(seed)),
    );
  });

  it.each(seeds)('G&M damage, hazard and rest, seed %s', (seed) => {
    const state = gm();
    const change = { kind: 'damage' as const, amount: 14, archetypal: false, weaponDice: 2 };
    expect(applyGm(state, change, dice(seed)).outcome).toEqual(
      sheetDamage(
        {
          system: 'gm',
          survival: 10,
          verve: 6,
          injuries: 0,
          damage: 14,
          archetypal: false,
          weaponDice: 2,
          evaded: false,
          consciousness: 12,
          endurance: 11,
          unconscious: false,
          stateBefore: 'up',
        },
        dice(seed),
      ),
    );
    const rest = { kind: 'rest' as const, rest: 'night' as const };
    expect(applyGm(state, rest, dice(seed)).outcome).toEqual(sheetRest(restInput(state, rest), dice(seed)));
  });

  it('pins one fixed seed: a COEAC blow to 0 HP rolls Down and Out with the same faces', () => {
    const applied = applyCoeac(coeac(), { kind: 'damage', amount: 9, medicine: { pool: 2 } }, dice('pinned'));
    const direct = sheetDamage(
      damageInput(coeac(), { kind: 'damage', amount: 9, medicine: { pool: 2 } }),
      dice('pinned'),
    );
    expect(applied.outcome!.faces).toEqual(direct.faces);
    expect(applied.outcome!.faces.length).toBeGreaterThan(0);
    expect(applied.state.values.hp).toBe(0);
    expect(applied.state.harm.state).toBe(direct.state);
    expect(['down-and-out', 'dead']).toContain(applied.state.harm.state);
  });
});

describe('engine apply: events and their texts', () => {
  it('a COEAC blow: damaged with the HP it took, a field change, the state change', () => {
    const { events, state } = applyCoeac(
      coeac({ values: { hp: 7, maxHp: 7, bonusHp: 0 } }),
      { kind: 'damage', amount: 4 },
      dice('e1'),
    );
    expect(events[0]).toEqual({
      type: 'damaged',
      ownerId: 'c1',
      ownerName: 'Osk',
      text: 'Osk takes 4 damage: HP 7 → 3.',
      amount: 4,
      absorbed: 0,
      source: null,
      looks: 'badly wounded',
    });
    expect(events[1]).toMatchObject({
      type: 'field-changed',
      path: 'hp',
      before: 7,
      after: 3,
      delta: -4,
      text: 'Osk: HP 7 → 3.',
    });
    expect(events).toHaveLength(2);
    expect(state.values.hp).toBe(3);
  });

  it('COEAC Medicine aid (issue 44): aided, with the Medicine test and the table in its sentence, never damaged', () => {
    const fallen = coeac({
      values: { hp: 0, maxHp: 7, bonusHp: 0 },
      harm: up({ state: 'down-and-out', conditions: ['awaiting-aid'] }),
    });
    for (const [pool, seed] of [
      [12, 'aid-1'],
      [1, 'aid-2'],
    ] as const) {
      const done = applyCoeac(
        fallen,
        { kind: 'damage', amount: 0, aid: true, medicine: { pool }, source: 'Medicine aid by Ivo' },
        dice(seed),
      );
      const table = done.outcome!.detail.downAndOut as {
        aid: { successes: number; passed: boolean };
        roll: number | null;
        name: string;
      };
      const head = done.events[0];
      expect(head).toMatchObject({ type: 'aided', ownerName: 'Osk', source: 'Medicine aid by Ivo' });
      expect(done.events.map((e) => e.type)).not.toContain('damaged');
      const test = `${table.aid.successes} success${table.aid.successes === 1 ? '' : 'es'} against Ob 3`;
      if (table.aid.passed) {
        expect(
          head.text.startsWith(
            `Osk gets Medicine aid: ${test}, aided; Down and Out ${table.roll}, ${table.name}`,
          ),
        ).toBe(true);
        expect(done.events).toContainEqual(
          expect.objectContaining({ type: 'condition-removed', condition: 'awaiting-aid' }),
        );
      } else {
        expect(head.text).toBe(`Osk gets Medicine aid: ${test}, not aided.`);
        expect(done.events).toHaveLength(1);
      }
    }
  });

  it('Cairn aid and the G&M last effort (issue 44): told from their outcomes, timers ended', () => {
    const dying = cairn({
      harm: up({
        state: 'critical',
        timers: [{ kind: 'cairn-critical', startedAt: { day: 1, watch: 1, turn: 1 }, endsAt: null }] as never,
      }),
    });
    const after = {
      ...dying,
      harm: { ...dying.harm, state: 'out' as const, conditions: ['stabilised'], timers: undefined },
    };
    const told = aidEvents(
      dying,
      after,
      {
        aided: 'critical',
        stateBefore: 'critical',
        state: 'out',
        conditionsAdded: ['stabilised'],
        conditionsRemoved: [],
      },
      'Birch',
      'bandages',
    );
    expect(told.map((e) => e.text)).toEqual([
      'Bryn is stabilised by Birch (bandages).',
      'Bryn is now stabilised.',
      'Bryn is out of action.',
      "Bryn's cairn-critical timer ends.",
    ]);
    const mortal = aidEvents(
      cairn({ harm: up({ state: 'critical', conditions: ['dying'] }) }),
      cairn({ harm: up({ state: 'out', conditions: ['tended'] }) }),
      {
        aided: 'mortal-wound',
        stateBefore: 'critical',
        state: 'out',
        conditionsAdded: ['tended'],
        conditionsRemoved: ['dying'],
      },
      null,
      'stitches',
    );
    expect(mortal[0].text).toBe("Bryn's Mortal Wound is tended (stitches).");
    expect(mortal.map((e) => e.type)).toEqual([
      'aided',
      'condition-added',
      'condition-removed',
      'state-changed',
    ]);
    const tam = gm({ harm: up({ state: 'dying' }) });
    const effort = lastEffortEvents(
      tam,
      { ...tam, harm: up({ state: 'dead' }) },
      { rating: 'strength', target: 17, roll: 9, passed: true, mojo: 2 },
      [{ path: 'mojo.current', delta: -2, via: 'ledger' }],
    );
    expect(effort).toEqual([
      expect.objectContaining({
        type: 'last-effort',
        text: 'Tam makes a heroic last effort (strength): 9 against 17, 2 mojo behind it, success.',
        passed: true,
        looks: 'dead',
      }),
      expect.objectContaining({
        type: 'field-changed',
        text: 'Tam: mojo -2.',
        path: 'mojo.current',
        before: null,
      }),
      expect.objectContaining({ type: 'died', text: 'Tam is dead.' }),
    ]);
    expect(ENGINE_EVENT_TYPES).toEqual(expect.arrayContaining(['aided', 'last-effort']));
  });

  it('a COEAC NPC at 0 HP is out of action: a state-changed event in words', () => {
    const { events, state } = applyCoeac(
      coeac({ name: 'Goblin 2', npc: true, ownerId: 'n1' }),
      { kind: 'damage', amount: 9 },
      dice('e2'),
    );
    expect(state.harm.state).toBe('out');
    expect(events.at(-1)).toEqual({
      type: 'state-changed',
      ownerId: 'n1',
      ownerName: 'Goblin 2',
      text: 'Goblin 2 is out of action.',
      from: 'up',
      to: 'out',
      looks: 'down',
    });
  });

  it('bonus HP absorbs: the damaged event says how much', () => {
    const { events } = applyCoeac(
      coeac({ values: { hp: 5, maxHp: 7, bonusHp: 2 } }),
      { kind: 'damage', amount: 3 },
      dice('e3'),
    );
    expect(events[0].text).toBe('Osk takes 3 damage (2 absorbed): bonus HP 2 → 0, HP 5 → 4.');
    expect(events[0].absorbed).toBe(2);
  });

  it('a Cairn blow past HP: a scar or STR damage, every event typed and worded', () => {
    const { events } = applyCairn(cairn({ armor: 0 }), { kind: 'damage', amount: 5 }, dice('e4'));
    expect(events[0]).toMatchObject({ type: 'damaged', amount: 5, absorbed: 0 });
    expect(events[0].text).toMatch(/^Bryn takes 5 damage: HP 3 → 0, STR 12 → \d+\.$/);
    for (const e of events) {
      expect(ENGINE_EVENT_TYPES).toContain(e.type);
      expect(e.text.length).toBeGreaterThan(5);
      expect(e.ownerName).toBe('Bryn');
    }
  });

  it('a dead character: died, and a rest restores nothing', () => {
    const dead = gm({ harm: up({ state: 'dead' }) });
    const rested = applyGm(dead, { kind: 'rest', rest: 'night' }, dice('e5'));
    expect(rested.events).toEqual([
      expect.objectContaining({
        type: 'rested',
        rested: false,
        text: 'Tam rests (night) but nothing comes back.',
      }),
    ]);
    const { events } = applyArchsoul(archsoul(), { kind: 'damage', amount: 1, fatal: true }, dice('e5'));
    expect(events.at(-1)).toMatchObject({
      type: 'died',
      text: 'Ilse is dead.',
      from: 'up',
      to: 'dead',
      looks: 'dead',
    });
  });

  it('a rest: rested, with what came back', () => {
    const { events } = applyCoeac(
      coeac({ values: { hp: 2, maxHp: 7, bonusHp: 0 } }),
      { kind: 'rest', rest: 'long', fed: true, rations: null },
      dice('e6'),
    );
    expect(events[0]).toMatchObject({
      type: 'rested',
      restKind: 'long',
      rested: true,
      text: 'Osk rests (long): HP 2 → 7.',
    });
  });

  it('playerView: a hidden owner in words only, no numbers, no paths; others whole', () => {
    const hidden = applyCoeac(
      coeac({ name: 'Canary', npc: true, ownerId: 'n9', values: { hp: 97, maxHp: 131, bonusHp: 0 } }),
      { kind: 'damage', amount: 100 },
      dice('e7'),
    );
    const mine = applyCoeac(coeac(), { kind: 'damage', amount: 2 }, dice('e7'));
    const view = playerView([...mine.events, ...hidden.events], (id) => id === 'n9');
    const theirs = view.filter((e) => e.ownerId === 'n9');
    expect(theirs).toEqual([
      {
        type: 'damaged',
        ownerId: 'n9',
        ownerName: 'Canary',
        text: 'Canary is hit and looks down.',
        looks: 'down',
      },
      { type: 'state-changed', ownerId: 'n9', ownerName: 'Canary', text: 'Canary is down.', looks: 'down' },
    ]);
    expect(JSON.stringify(theirs)).not.toMatch(/97|131|100|path|before|after|amount/);
    expect(view.filter((e) => e.ownerId === 'c1')).toEqual(mine.events);
  });
});

describe('engine apply: properties', () => {
  const seed = fc.string({ minLength: 1, maxLength: 12 });
  const amount = fc.integer({ min: 0, max: 40 });

  const withinBounds = (s: EngineState) => {
    const v = s.values as unknown as Record<string, number>;
    for (const value of Object.values(v)) expect(value).toBeGreaterThanOrEqual(0);
    if (s.system === 'gm') {
      expect(v['survival.current']).toBeLessThanOrEqual(v['survival.max']);
      expect(v['verve.current']).toBeLessThanOrEqual(v['verve.max']);
    } else expect(v.hp).toBeLessThanOrEqual(v.maxHp);
  };

  it('HP (survival, verve) never leaves 0..max, whatever damage and rests follow', () => {
    fc.assert(
      fc.property(
        seed,
        fc.array(fc.tuple(fc.boolean(), amount), { minLength: 1, maxLength: 8 }),
        (s, steps) => {
          let c: CoeacState = coeac();
          let k: CairnState = cairn();
          let g: GmState = gm();
          let a: ArchsoulState = archsoul();
          steps.forEach(([rest, n], i) => {
            const d = () => dice(`${s}/${i}`);
            c = applyCoeac(
              c,
              rest ? { kind: 'rest', rest: 'long', fed: true, rations: null } : { kind: 'damage', amount: n },
              d(),
            ).state;
            k = applyCairn(
              k,
              rest
                ? { kind: 'rest', rest: 'short', safe: true, healer: false }
                : { kind: 'damage', amount: n },
              d(),
            ).state;
            g = applyGm(
              g,
              rest ? { kind: 'rest', rest: 'night' } : { kind: 'damage', amount: n, archetypal: n % 2 === 0 },
              d(),
            ).state;
            a = applyArchsoul(
              a,
              rest ? { kind: 'rest', rest: 'hour' } : { kind: 'damage', amount: n },
              d(),
            ).state;
            for (const st of [c, k, g, a]) withinBounds(st);
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a dead state stays dead under any change', () => {
    const dead = up({ state: 'dead' });
    fc.assert(
      fc.property(seed, amount, fc.boolean(), (s, n, rest) => {
        const states: EngineState[] = [
          applyCoeac(
            coeac({ harm: dead }),
            rest ? { kind: 'rest', rest: 'long', fed: true, rations: null } : { kind: 'damage', amount: n },
            dice(s),
          ).state,
          applyCairn(
            cairn({ harm: dead }),
            rest ? { kind: 'rest', rest: 'week', safe: true, healer: true } : { kind: 'damage', amount: n },
            dice(s),
          ).state,
          applyGm(
            gm({ harm: dead }),
            rest ? { kind: 'rest', rest: 'day' } : { kind: 'damage', amount: n, archetypal: false },
            dice(s),
          ).state,
          applyArchsoul(
            archsoul({ harm: dead }),
            rest ? { kind: 'rest', rest: 'night' } : { kind: 'damage', amount: n },
            dice(s),
          ).state,
        ];
        for (const st of states) expect(st.harm.state).toBe('dead');
      }),
      { numRuns: 80 },
    );
  });

  it('an NPC never gains a scar, and a COEAC NPC is never down and out', () => {
    fc.assert(
      fc.property(seed, amount, fc.integer({ min: 0, max: 6 }), (s, n, hp) => {
        const k = applyCairn(
          cairn({ npc: true, values: { ...cairn().values, hp } }),
          { kind: 'damage', amount: n },
          dice(s),
        );
        expect((k.outcome as { scar: string | null }).scar).toBeNull();
        expect(k.events.some((e: EngineEvent) => e.type === 'scar')).toBe(false);
        const c = applyCoeac(
          coeac({ npc: true, values: { hp, maxHp: 7, bonusHp: 0 } }),
          { kind: 'damage', amount: n },
          dice(s),
        );
        expect(c.state.harm.state).not.toBe('down-and-out');
        expect(c.state.harm.conditions).not.toContain('awaiting-aid');
      }),
      { numRuns: 80 },
    );
  });

  it('looks agrees with the state after every blow', () => {
    fc.assert(
      fc.property(seed, amount, (s, n) => {
        const { state, events } = applyCoeac(coeac(), { kind: 'damage', amount: n }, dice(s));
        expect(events[0].looks).toBe(looksOf(state));
      }),
      { numRuns: 40 },
    );
  });
});

describe('a dead character holds no dying, critical or awaiting-aid condition (DEATH_ENDS)', () => {
  const held = ['dying', 'critical', 'awaiting-aid', 'deprived'];
  const states: EngineState[] = [
    coeac({
      harm: up({ state: 'down-and-out', conditions: [...held] }),
      values: { hp: 0, maxHp: 7, bonusHp: 0 },
    }),
    coeac({ harm: up({ conditions: [...held] }), values: { hp: 2, maxHp: 2, bonusHp: 0 } }),
    cairn({
      harm: up({ state: 'out', conditions: [...held] }),
      values: { ...cairn().values, hp: 0, 'str.current': 3 },
    }),
  ];
  it('COEAC and Cairn: after a blow that kills, only the other conditions stay', () => {
    const deaths = new Map<string, number>();
    for (const state of states)
      for (let i = 0; i < 40; i++) {
        const change = { kind: 'damage', amount: 2 + i } as EngineChange;
        const applied = applyChange(state, change, dice(`dead-${i}`));
        if (applied.state.harm.state !== 'dead') continue;
        deaths.set(state.system, (deaths.get(state.system) ?? 0) + 1);
        expect(applied.state.harm.conditions).toEqual(['deprived']);
      }
    // Both systems' deaths by a blow are seen (fixed seeds).
    expect([...deaths.keys()].sort()).toEqual(['cairn', 'coeac']);
  });

  it('G&M and Archsoul make none of these conditions: one a referee wrote stays theirs (hazard v2 replays)', () => {
    const state = archsoul({
      harm: up({ state: 'unconscious', conditions: ['critical'] }),
      values: { ...archsoul().values, hp: 1 },
      endurance: 2,
    });
    const applied = applyArchsoul(state, { kind: 'damage', amount: 20 }, dice('x'));
    expect(applied.state.harm.state).toBe('dead');
    expect(applied.state.harm.conditions).toEqual(['critical']);
  });
});
