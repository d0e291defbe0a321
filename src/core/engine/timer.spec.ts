import type { ClockPosition } from '../clock';
import type { SheetChange, SheetHarm } from '../harm/campaign';
import { gmAwaken } from '../harm/gm-awaken';
import {
  HARM_TIMER_KINDS,
  gmUnconsciousTurns,
  roundsTimer,
  startTimer,
  timerExpired,
  timerHolds,
  type HarmTimer,
  type HarmTimerKind,
} from '../harm/timers';
import { createRng, Dice } from '../random';
import { applyArchsoul, applyCairn, applyCoeac, applyGm, applyChange } from './index';
import { nextExpiring, timerInput } from './timer';
import type { ArchsoulState, CairnState, CoeacState, EngineState, GmState, TimerChange } from './state';

/*
 * Issue 39: a harm timer's end is a change of the engine (`{ kind: 'timer' }`). These golden tests
 * hold the transition to what the clock hook decided before it (transcribed below as `hookBefore`,
 * from src/harm/sheet-harm.service.ts as it stood): the harm written, the ledger changes, the logged
 * procedure, its input and outcome (fixed seeds for the roll to awaken), for every timer kind on
 * states that hold it and states that no longer do.
 */

const dice = (seed: string) => new Dice(createRng(seed));
const CLOCK = { day: 2, watch: 'afternoon' as const, turn: 3, nightWatch: true, turnsPerWatch: 0 };
const AT: ClockPosition = { day: 2, watch: 'afternoon', turn: 3 };
const START = { day: 2, watch: 'afternoon' as const, turn: 1, nightWatch: true, turnsPerWatch: 0 };

const harm = (over: Partial<SheetHarm>): SheetHarm => ({ state: 'up', conditions: [], pending: [], ...over });

const coeac = (h: SheetHarm, bonusHp = 0): CoeacState => ({
  system: 'coeac',
  name: 'Osk',
  ownerId: 'c1',
  npc: false,
  harm: h,
  values: { hp: 0, maxHp: 7, bonusHp },
  saves: ['Vigor'],
  skills: [],
});
const cairn = (h: SheetHarm): CairnState => ({
  system: 'cairn',
  name: 'Mara',
  ownerId: 'c2',
  npc: false,
  harm: h,
  values: {
    hp: 0,
    maxHp: 11,
    'str.current': 10,
    'str.max': 10,
    'dex.current': 10,
    'dex.max': 10,
    'wil.current': 10,
    'wil.max': 10,
  },
  armor: 0,
  fatigue: 0,
  deprived: false,
});
const archsoul = (h: SheetHarm): ArchsoulState => ({
  system: 'archsoul',
  name: 'Ilse',
  ownerId: 'c3',
  npc: false,
  harm: h,
  values: { hp: 0, belowZero: 3, maxHp: 10, fatigue: 0, enduranceLoss: 0 },
  endurance: 9,
  disabled: false,
});
const gm = (h: SheetHarm, over: Partial<GmState> = {}): GmState => ({
  system: 'gm',
  name: 'Toromeen',
  ownerId: 'c4',
  npc: false,
  harm: h,
  values: {
    'survival.current': 0,
    'survival.max': 10,
    'verve.current': 0,
    'verve.max': 0,
    'injuries.current': 3,
    'injuries.max': 3,
    temporarySurvival: 4,
  },
  level: 2,
  reactions: { fortitude: 12, willpower: 11 },
  endurance: 14,
  temporarySource: 'a spirit',
  unhealable: 0,
  ...over,
});

/** The clock hook's decision before the engine (src/harm/sheet-harm.service.ts, transcribed). */
function hookBefore(state: EngineState, ran: HarmTimer, seed: string) {
  const h = state.harm;
  if (!timerHolds(ran.kind, h)) return null;
  const at = AT;
  const endsAt = ran.endsAt ?? at;
  const values = state.values as unknown as Record<string, number>;
  if (ran.kind === 'gm-unconscious') {
    const reactions = (state as GmState).reactions;
    const input = {
      fortitude: typeof reactions.fortitude === 'number' ? reactions.fortitude : null,
      willpower: typeof reactions.willpower === 'number' ? reactions.willpower : null,
      injuries: values['injuries.current'],
    };
    const outcome = gmAwaken(input, dice(seed));
    let next: SheetHarm;
    let timers = (h.timers ?? []).filter((t) => t !== ran);
    if (outcome.awake) {
      next = {
        ...h,
        state: 'up',
        conditions: h.conditions.filter((c) => c !== 'awaiting-aid'),
        pending: h.pending.filter((p) => !/^(unconscious|semi-conscious|cannot respond)/i.test(p)),
      };
      timers = timers.filter((t) => timerHolds(t.kind, next));
    } else {
      next = { ...h };
      const from = outcome.odds.awake > 0 ? endsAt : at;
      timers.push(
        startTimer('gm-unconscious', { ...CLOCK, ...from }, gmUnconsciousTurns(outcome.nextMinutes ?? 1)),
      );
    }
    if (timers.length > 0) next.timers = timers;
    else delete next.timers;
    return {
      procedure: 'harm.gm-awaken',
      input,
      outcome,
      harm: next,
      changes: [] as SheetChange[],
      effect: outcome.awake ? 'wakes' : 'sleeps-on',
      unset: [] as string[],
    };
  }
  const stateAfter =
    ran.effect === 'wakes' ? 'up' : ran.effect === 'lapses' || ran.effect === 'responds' ? h.state : 'dead';
  const pool = ran.kind === 'gm-temporary-pool' ? 'temporarySurvival' : 'bonusHp';
  const lapsed = ran.effect === 'lapses' ? (values[pool] ?? 0) : 0;
  const changes: SheetChange[] = lapsed > 0 ? [{ path: pool, delta: -lapsed, via: 'ledger' }] : [];
  const input = { system: state.system, kind: ran.kind, endsAt, clock: at };
  // The hook kept `dying` on the dead; since the dead-is-not-dying rule (docs/decisions.md) a death
  // ends dying and critical too: the one change made to the transcription.
  const conditions =
    ran.effect === 'lapses' || ran.effect === 'responds'
      ? [...h.conditions]
      : h.conditions.filter(
          (c) => c !== 'awaiting-aid' && !(stateAfter === 'dead' && (c === 'dying' || c === 'critical')),
        );
  if (ran.kind === 'archsoul-unconscious' && !conditions.includes('disabled')) conditions.push('disabled');
  const next: SheetHarm = {
    ...h,
    state: stateAfter,
    conditions,
    pending:
      stateAfter === 'up'
        ? h.pending.filter((p) => !/^(unconscious|semi-conscious|cannot respond)/i.test(p))
        : ran.effect === 'responds'
          ? h.pending.filter((p) => !/^cannot respond/i.test(p))
          : h.pending,
  };
  const timers = (h.timers ?? []).filter((t) => t !== ran && timerHolds(t.kind, next));
  if (timers.length > 0) next.timers = timers;
  else delete next.timers;
  return {
    procedure: 'harm.timer-expired',
    input,
    outcome: timerExpired(input),
    harm: next,
    changes,
    effect: ran.effect,
    unset: ran.kind === 'gm-temporary-pool' ? ['temporarySurvivalSource'] : [],
  };
}

const timer = (kind: HarmTimerKind): HarmTimer =>
  kind === 'archsoul-unconscious' ? { ...roundsTimer(kind, 0) } : startTimer(kind, START, 1);

/** Every timer kind on a state that holds it, and on one that no longer does. */
function cases(): Array<[string, EngineState, HarmTimer]> {
  const out: Array<[string, EngineState, HarmTimer]> = [];
  const on = (kind: HarmTimerKind, others: HarmTimerKind[] = []) => {
    const t = timer(kind);
    return [t, [t, ...others.map(timer)]] as const;
  };
  {
    const [t, timers] = on('coeac-aid', ['coeac-bonus-hp']);
    out.push([
      'coeac-aid, unaided',
      coeac(harm({ state: 'down-and-out', conditions: ['awaiting-aid'], timers: [...timers] }), 2),
      t,
    ]);
    out.push(['coeac-aid, aided', coeac(harm({ state: 'down-and-out', timers: [...timers] })), t]);
  }
  {
    const [t, timers] = on('coeac-bonus-hp');
    out.push(['coeac-bonus-hp, 3 left', coeac(harm({ timers: [...timers] }), 3), t]);
    out.push(['coeac-bonus-hp, none left', coeac(harm({ timers: [...timers] }), 0), t]);
  }
  {
    const [t, timers] = on('cairn-critical');
    out.push(['cairn-critical, untended', cairn(harm({ state: 'critical', timers: [...timers] })), t]);
    out.push([
      'cairn-critical, stabilised',
      cairn(harm({ state: 'out', conditions: ['stabilised'], timers: [...timers] })),
      t,
    ]);
  }
  {
    const [t, timers] = on('cairn-mortal-wound');
    const pending = ['Mortal Wound: dead within the hour unless healed'];
    out.push([
      'cairn-mortal-wound, untended',
      cairn(harm({ state: 'out', conditions: ['dying', 'deprived'], pending, timers: [...timers] })),
      t,
    ]);
    out.push([
      'cairn-mortal-wound, tended',
      cairn(harm({ state: 'out', conditions: ['deprived'], pending, timers: [...timers] })),
      t,
    ]);
  }
  {
    const [t, timers] = on('gm-death', ['gm-temporary-pool']);
    out.push(['gm-death, dying', gm(harm({ state: 'dying', timers: [...timers] })), t]);
    out.push(['gm-death, healed', gm(harm({ state: 'unconscious', timers: [...timers] })), t]);
  }
  {
    const [t, timers] = on('gm-temporary-pool');
    out.push(['gm-temporary-pool', gm(harm({ timers: [...timers] })), t]);
  }
  {
    const [t, timers] = on('gm-response-delay', ['gm-unconscious']);
    out.push([
      'gm-response-delay',
      gm(harm({ state: 'semi-conscious', pending: ['cannot respond for 2 rounds'], timers: [...timers] })),
      t,
    ]);
  }
  {
    const [t, timers] = on('gm-unconscious', ['gm-response-delay']);
    const pending = ['unconscious for 3 minutes', 'semi-conscious: mojo spent'];
    out.push(['gm-unconscious', gm(harm({ state: 'unconscious', pending, timers: [...timers] })), t]);
    out.push([
      'gm-unconscious, semi-conscious with a delay',
      gm(harm({ state: 'semi-conscious', pending, timers: [...timers] })),
      t,
    ]);
    out.push([
      'gm-unconscious, hopeless',
      gm(harm({ state: 'unconscious', timers: [...timers] }), { reactions: { fortitude: 2, willpower: 1 } }),
      t,
    ]);
    out.push([
      'gm-unconscious, no reactions derived',
      gm(harm({ state: 'unconscious', timers: [...timers] }), { reactions: {} }),
      t,
    ]);
    out.push(['gm-unconscious, already up', gm(harm({ timers: [...timers] })), t]);
  }
  {
    const [t, timers] = on('archsoul-unconscious');
    out.push(['archsoul-unconscious', archsoul(harm({ state: 'unconscious', timers: [...timers] })), t]);
    out.push(['archsoul-unconscious, dead', archsoul(harm({ state: 'dead', timers: [...timers] })), t]);
  }
  return out;
}

describe('a harm timer’s end as the engine’s timer change (issue 39)', () => {
  it('covers every timer kind', () => {
    expect(new Set(cases().map(([, , t]) => t.kind))).toEqual(new Set(HARM_TIMER_KINDS));
  });

  for (const seed of ['golden-1', 'golden-2', 'golden-3', 'golden-4']) {
    it.each(cases())(`%s gives what the clock hook gave (seed ${seed})`, (_label, state, ran) => {
      const change: TimerChange = { kind: 'timer', timer: ran, clock: CLOCK };
      const before = hookBefore(state, ran, seed);
      const applied = applyChange(state, change, dice(seed));
      expect(applied.kind).toBe('timer');
      if (before === null) {
        // The state that started it no longer holds: nothing happens, nothing to log.
        expect(timerInput(state, change)).toBeNull();
        expect(applied).toMatchObject({ effect: null, procedure: null, input: null, outcome: null });
        expect(applied.state).toBe(state);
        expect(applied.events).toEqual([]);
        expect(applied.changes).toEqual([]);
        return;
      }
      expect(timerInput(state, change)).toEqual({ procedure: before.procedure, input: before.input });
      expect(applied.procedure).toBe(before.procedure);
      expect(applied.input).toEqual(before.input);
      expect(applied.outcome).toEqual(before.outcome);
      expect(applied.state.harm).toEqual(before.harm);
      expect(applied.changes).toEqual(before.changes);
      expect(applied.effect).toBe(before.effect);
      expect(applied.unset).toEqual(before.unset);
      // The events lead with the end, in a sentence naming the owner.
      expect(applied.events[0]).toMatchObject({
        type: 'timer-expired',
        timer: ran.kind,
        effect: before.effect,
        ownerName: state.name,
        ownerId: state.ownerId,
      });
      expect(applied.events[0].text).toContain(state.name);
    });
  }

  it('pins the Cairn Mortal Wound: the untended die (events in order), the tended stay out', () => {
    const t = timer('cairn-mortal-wound');
    const untended = applyCairn(
      cairn(harm({ state: 'out', conditions: ['dying', 'deprived'], timers: [t] })),
      { kind: 'timer', timer: t, clock: CLOCK },
      dice('x'),
    );
    // The dead is no longer dying (the hook kept `dying`; docs/decisions.md); other conditions stay.
    expect(untended.state.harm).toEqual({ state: 'dead', conditions: ['deprived'], pending: [] });
    expect(untended.events.map((e) => [e.type, e.text])).toEqual([
      ['timer-expired', "Mara's Mortal Wound was never tended: Mara dies."],
      ['condition-removed', 'Mara is no longer dying.'],
      ['died', 'Mara is dead.'],
      ['timer-ended', "Mara's cairn-mortal-wound timer ends."],
    ]);
    expect(untended.outcome).toMatchObject({ kind: 'cairn-mortal-wound', state: 'dead' });
    const tended = applyCairn(
      cairn(harm({ state: 'out', conditions: ['deprived'], timers: [t] })),
      { kind: 'timer', timer: t, clock: CLOCK },
      dice('x'),
    );
    expect(tended.state.harm.state).toBe('out');
    expect(tended.effect).toBeNull();
  });

  it('pins a G&M roll to awaken on fixed seeds: the faces, the waking and the sleeping on', () => {
    const t = timer('gm-unconscious');
    const state = gm(harm({ state: 'unconscious', timers: [t] }));
    const change: TimerChange = { kind: 'timer', timer: t, clock: CLOCK };
    const results = ['wake-0', 'wake-1', 'wake-2', 'wake-3', 'wake-4', 'wake-5'].map((seed) => {
      const applied = applyGm(state, change, dice(seed));
      const outcome = gmAwaken({ fortitude: 12, willpower: 11, injuries: 3 }, dice(seed));
      expect(applied.outcome).toEqual(outcome);
      // Fortitude 12 at −3: 9 or less wakes.
      expect(outcome.target).toBe(9);
      expect(applied.effect).toBe(outcome.roll! <= 9 ? 'wakes' : 'sleeps-on');
      expect(applied.state.harm.state).toBe(outcome.awake ? 'up' : 'unconscious');
      if (!outcome.awake)
        // Another 3 minutes (one turn) from where the period ended.
        expect(applied.state.harm.timers).toEqual([
          expect.objectContaining({ kind: 'gm-unconscious', startedAt: t.endsAt }),
        ]);
      return applied.effect;
    });
    expect(results).toContain('wakes');
    expect(results).toContain('sleeps-on');
  });

  it('a lapsing pool is lost through the ledger, told as a field change', () => {
    const t = timer('coeac-bonus-hp');
    const applied = applyCoeac(
      coeac(harm({ timers: [t] }), 3),
      { kind: 'timer', timer: t, clock: CLOCK },
      dice('x'),
    );
    expect(applied.changes).toEqual([{ path: 'bonusHp', delta: -3, via: 'ledger' }]);
    expect(applied.state.values.bonusHp).toBe(0);
    expect(applied.lapsed).toEqual({ pool: 'bonusHp', amount: 3 });
    expect(applied.events.map((e) => e.type)).toEqual(['timer-expired', 'field-changed', 'timer-ended']);
    expect(applied.events[0].text).toBe("Osk's bonus HP run out (3 lost).");
  });

  it('Archsoul wakes Disabled', () => {
    const t = timer('archsoul-unconscious');
    const applied = applyArchsoul(
      archsoul(harm({ state: 'unconscious', timers: [t] })),
      { kind: 'timer', timer: t, clock: CLOCK },
      dice('x'),
    );
    expect(applied.state.harm).toEqual({ state: 'up', conditions: ['disabled'], pending: [] });
    expect(applied.events[0].text).toBe('Ilse comes to, Disabled.');
  });

  it('an NPC’s timer ends as a player character’s (the state says npc; no rule differs)', () => {
    const t = timer('cairn-critical');
    const pc = cairn(harm({ state: 'critical', timers: [t] }));
    const npc = { ...pc, npc: true };
    const change: TimerChange = { kind: 'timer', timer: t, clock: CLOCK };
    expect(applyCairn(npc, change, dice('x')).state.harm).toEqual(
      applyCairn(pc, change, dice('x')).state.harm,
    );
  });

  it('timers that end together are handed over the gravest first, skipping those that ended in nothing', () => {
    const timers = [
      timer('gm-response-delay'),
      timer('gm-temporary-pool'),
      timer('gm-unconscious'),
      timer('gm-death'),
    ];
    const due = () => true;
    expect(nextExpiring(timers, due)?.kind).toBe('gm-death');
    expect(nextExpiring(timers, due, new Set(['gm-death']))?.kind).toBe('gm-unconscious');
    expect(nextExpiring(timers, (t) => t.kind === 'gm-response-delay')?.kind).toBe('gm-response-delay');
    expect(nextExpiring([], due)).toBeUndefined();
  });
});
