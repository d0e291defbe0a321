import { createRng, Dice } from '../core/random';
import { damageInput, describeDamage, hazardHarm, hazardSheetState, type EngineChange } from '../core/engine';
import type { HazardHarmState } from '../core/engine';
import { harmOf } from '../core/harm/sheet-harm';
import type { SheetEffect } from '../core/hazards';
import { loggedHazard, loggedHazardV4 } from './hazard-change';
import { HAZARDS_KEEPING_IDS } from './hazards-campaign.service';
import { expectedV4Applied } from '../../test/factories/hazard-logged';
import { ProcedureRegistry } from '../rolls/procedures';
import {
  CAMPAIGN_HAZARD_PROCEDURE,
  CAMPAIGN_HAZARD_V2_PROCEDURE,
  CAMPAIGN_PARTY_HAZARD_PROCEDURE,
  CAMPAIGN_PARTY_HAZARD_V2_PROCEDURE,
  CAMPAIGN_HAZARD_V3_PROCEDURE,
  CAMPAIGN_PARTY_HAZARD_V4_PROCEDURE,
  CAMPAIGN_HAZARD_V4_PROCEDURE,
  CAMPAIGN_PARTY_HAZARD_V5_PROCEDURE,
  HazardsService,
  loggedParty,
  loggedPartyV5,
  type HazardKind,
} from './hazards.service';

/*
 * Issue 39: `hazard.campaign.v2` (the engine's state in, the transition applied once) answers what
 * `hazard.campaign.v1` and the service's two writes answered, on the same seeds, for every hazard: the
 * hazard's own answer, the harm transition's outcome and events, and the plain ledger changes in the
 * order the service wrote them (the oracle below is v1's service code, kept here as it was).
 */
const dice = (seed: string) => new Dice(createRng(seed));
const SEEDS = ['a', 'b', 'fall-45', 'golden-1', 'golden-2', 'golden-3', 'x9', 'drown'];
const OWNER = { name: 'Gralen', id: 'c1', npc: false };

type Sheet = Record<string, unknown>;

const GM: Sheet = {
  abilities: { endurance: 12, strength: 10 },
  archetypes: [{ archetype: 'sorceror', level: 3 }],
  survival: { max: 6, current: 4 },
  verve: { max: 3, current: 2 },
  injuries: { max: 2, current: 1 },
};
const GM_VIEW: Sheet = { reactions: { fortitude: 8, evasion: 4, health: 3, wisdom: 5 } };
const ARCHSOUL: Sheet = {
  stats: { Endurance: 4, Conditioning: 3, Resolve: 2, Agility: 3 },
  hp: 6,
  maxHp: 10,
  fatigue: 1,
  enduranceLoss: 2,
  exhaustionLoss: 1,
  attributeLoss: { Agility: 2 },
  statuses: ['Disabled'],
};

/** v1's plain ledger changes (the service's `sheetEffects`, `restoredLosses` and `applyPlainEffects`). */
function v1Plain(system: 'gm' | 'archsoul', kind: string, outcome: Sheet, sheet: Sheet) {
  const effects = [...((outcome.effects as SheetEffect[] | undefined) ?? [])];
  const losses: Array<{ field: string; delta: number }> = [];
  if (system === 'archsoul' && kind === 'archsoulRest') {
    const loss = (sheet.enduranceLoss as number | undefined) ?? 0;
    const after = (outcome.attributeReductionsAfter as Record<string, number> | undefined) ?? {};
    if (loss > 0 && typeof after.Endurance === 'number' && after.Endurance < loss)
      effects.push({ track: 'endurance', change: loss - after.Endurance, status: null });
    for (const [name, points] of Object.entries((sheet.attributeLoss ?? {}) as Record<string, number>)) {
      const left = after[name];
      if (points > 0 && typeof left === 'number' && left < points)
        losses.push({ field: `attributeLoss.${name}`, delta: left - points });
    }
    const atStart = Number(outcome.fatigueBefore ?? 0) + Number(outcome.deprivationFatigue ?? 0);
    if (((sheet.exhaustionLoss as number | undefined) ?? 0) > 0 && outcome.fullNight === true && atStart < 2)
      losses.push({ field: 'exhaustionLoss', delta: -1 });
  }
  const rest = hazardHarm(system, effects).rest;
  const changes: Array<{ field: string; delta: number }> = [];
  let fatigueDelta = 0;
  for (const effect of rest) {
    if (effect.change === 0) continue;
    if (system === 'gm') {
      const field = { survival: 'survival.current', injuries: 'injuries.current' }[effect.track as string];
      if (field) changes.push({ field, delta: effect.change });
      continue;
    }
    if (effect.track === 'endurance') changes.push({ field: 'enduranceLoss', delta: -effect.change });
    const field = { 'hit-points': 'hp', fatigue: 'fatigue' }[effect.track as string];
    if (field) changes.push({ field, delta: effect.change });
    if (effect.track === 'fatigue') fatigueDelta += effect.change;
  }
  if (system === 'gm') {
    const unhealable = effects
      .filter((e) => e.track === 'injuries' && e.status === 'unhealable' && e.change > 0)
      .reduce((n, e) => n + e.change, 0);
    if (unhealable > 0) changes.push({ field: 'unhealableInjuries', delta: unhealable });
  } else {
    const before = Math.min(3, typeof sheet.fatigue === 'number' ? sheet.fatigue : 0);
    const after = Math.min(3, Math.max(0, before + fatigueDelta));
    if (before < 2 && after >= 2) changes.push({ field: 'exhaustionLoss', delta: 1 });
    changes.push(...losses);
  }
  return changes;
}

const CASES: Array<[string, 'gm' | 'archsoul', HazardKind, string, Sheet]> = [
  ['G&M fall 45 ft', 'gm', 'gmFall', 'fall', { feet: 45 }],
  ['G&M fall 15 ft', 'gm', 'gmFall', 'fall', { feet: 15 }],
  ['G&M suffocation', 'gm', 'gmSuffocation', 'suffocation', { rounds: 60, endurance: 12, health: 1 }],
  [
    'G&M poison (giant spider)',
    'gm',
    'gmAilment',
    'ailment',
    { ailment: 'giant-spider', contact: 'forced', reaction: 0 },
  ],
  [
    'G&M food poisoning',
    'gm',
    'gmAilment',
    'ailment',
    { ailment: 'food-poisoning', contact: 'willing', reaction: 1, health: 1 },
  ],
  ['G&M aging', 'gm', 'gmAging', 'aging', { from: 50, to: 70, endurance: 12 }],
  ['G&M illusion', 'gm', 'gmIllusion', 'illusion', { method: 'perception', score: 0, failedDeathRoll: true }],
  ['Archsoul fall', 'archsoul', 'archsoulFall', 'fall', { meters: 30 }],
  [
    'Archsoul drowning',
    'archsoul',
    'archsoulBreath',
    'drowning',
    { strenuousRounds: 10, endurance: 1, conditioning: 3, turnsWithoutAir: 8 },
  ],
  [
    'Archsoul thirst (a night without water)',
    'archsoul',
    'archsoulRest',
    'rest',
    {
      sleepHours: 8,
      hoursWithoutWater: 30,
      fatigue: 1,
      attributeReductions: { Endurance: 2, Agility: 2 },
      disabled: true,
      hitPoints: 6,
      maxHitPoints: 10,
    },
  ],
  [
    'Archsoul full night',
    'archsoul',
    'archsoulRest',
    'rest',
    {
      sleepHours: 8,
      fatigue: 1,
      attributeReductions: { Endurance: 2, Agility: 2 },
      disabled: true,
      hitPoints: 6,
      maxHitPoints: 10,
    },
  ],
  [
    'Archsoul exertion',
    'archsoul',
    'archsoulExertion',
    'exertion',
    { activity: 'heavy', minutes: 30, endurance: 1, resolve: 2, fatigue: 1 },
  ],
  [
    'Archsoul underwater harm',
    'archsoul',
    'archsoulUnderwaterHurt',
    'underwater-hurt',
    { endurance: 2, damage: 3 },
  ],
];

describe('hazard.campaign.v2 answers what hazard.campaign.v1 answered (golden, fixed seeds)', () => {
  const ran = new Set<string>();
  const harmed = new Set<string>();
  for (const [label, system, kind, name, input] of CASES) {
    it.each(SEEDS)(`${label}, seed %s`, (seed) => {
      const data = system === 'gm' ? GM : ARCHSOUL;
      const view = system === 'gm' ? GM_VIEW : ARCHSOUL;
      const state = hazardSheetState(OWNER, system, data, view, harmOf(data));
      const harm = damageInput(state, { kind: 'damage', amount: 0, archetypal: false } as EngineChange);
      let v1: ReturnType<typeof CAMPAIGN_HAZARD_PROCEDURE.run>;
      try {
        v1 = CAMPAIGN_HAZARD_PROCEDURE.run(
          { kind, hazard: input, harm: harm as HazardHarmState },
          dice(seed),
        );
      } catch (error) {
        // A refused input is refused alike.
        expect(() =>
          CAMPAIGN_HAZARD_V2_PROCEDURE.run({ kind, name, hazard: input, state, ids: [] }, dice(seed)),
        ).toThrow((error as Error).message);
        return;
      }
      const ids = ['ailment-id', 's1', 's2', 's3', 's4'];
      const v2 = CAMPAIGN_HAZARD_V2_PROCEDURE.run({ kind, name, hazard: input, state, ids }, dice(seed));
      ran.add(label);
      expect(v2.hazard).toEqual(v1.hazard);
      expect(v2.applied.outcome).toEqual(v1.harm);
      expect(v2.applied.plain).toEqual(v1Plain(system, kind, v1.hazard, data));
      if (v1.harm) {
        // v1 told the loss's events on the sheet as the plain changes left it: with none, the state read.
        const told = describeDamage(state, v1.harm, null).events;
        if (v2.applied.plain.length === 0) expect(v2.applied.events).toEqual(told);
        else expect(v2.applied.events.map((e) => e.type)).toEqual(told.map((e) => e.type));
        harmed.add(label);
      } else expect(v2.applied.events).toEqual([]);
    });
  }

  it('every case rolled (none refused on every seed); the harming ones harmed on some seed', () => {
    expect([...ran].sort()).toEqual(CASES.map((c) => c[0]).sort());
    expect([...harmed].sort()).toEqual(
      expect.arrayContaining(['Archsoul drowning', 'Archsoul fall', 'G&M aging', 'G&M fall 45 ft']),
    );
  });

  it('keeps what the plain part changes on the state: a night gives back Endurance and clears Disabled', () => {
    const state = hazardSheetState(OWNER, 'archsoul', ARCHSOUL, ARCHSOUL, harmOf(ARCHSOUL));
    const input = {
      sleepHours: 8,
      fatigue: 1,
      attributeReductions: { Endurance: 2, Agility: 2 },
      disabled: true,
    };
    const v2 = CAMPAIGN_HAZARD_V2_PROCEDURE.run(
      { kind: 'archsoulRest', name: 'rest', hazard: input, state, ids: [] },
      dice('night'),
    );
    expect(v2.applied.plain).toEqual(
      expect.arrayContaining([
        { field: 'enduranceLoss', delta: -1 },
        { field: 'attributeLoss.Agility', delta: -1 },
      ]),
    );
    expect(v2.applied.state.values).toMatchObject({ enduranceLoss: 1 });
    expect(v2.applied.statuses).toEqual([]);
    expect(v2.applied.state.hazard).toMatchObject({ attributeLoss: { Agility: 1 }, statuses: [] });
  });

  it('a G&M poison keeps its ailment with the id the caller minted; the statuses take the next ids', () => {
    const state = hazardSheetState(OWNER, 'gm', GM, GM_VIEW, harmOf(GM));
    let kept = 0;
    for (const seed of SEEDS) {
      const v2 = CAMPAIGN_HAZARD_V2_PROCEDURE.run(
        {
          kind: 'gmAilment',
          name: 'ailment',
          hazard: { ailment: 'food-poisoning', contact: 'willing', reaction: 1, health: 1 },
          state,
          ids: ['ailment-id', 's1', 's2', 's3', 's4'],
        },
        dice(seed),
      );
      if (v2.applied.ailment) {
        kept += 1;
        expect(v2.applied.ailment.id).toBe('ailment-id');
        expect(v2.applied.state.hazard).toMatchObject({ ailments: 1 });
      }
      for (const s of v2.applied.gmStatuses ?? []) expect(['s1', 's2', 's3', 's4']).toContain(s.id);
    }
    expect(kept).toBeGreaterThan(0);
  });

  it('the party version (hazard.party.v3) answers each member as hazard.party.v2 did, on one stream', () => {
    const sheets = [
      GM,
      { ...GM, survival: { max: 9, current: 9 } },
      { ...GM, injuries: { max: 0, current: 0 } },
    ];
    for (const seed of SEEDS) {
      const states = sheets.map((data) => hazardSheetState(OWNER, 'gm', data, GM_VIEW, harmOf(data)));
      const v1 = CAMPAIGN_PARTY_HAZARD_PROCEDURE.run(
        {
          kind: 'gmFall',
          members: states.map((state) => ({
            hazard: { feet: 45 },
            harm: damageInput(state, {
              kind: 'damage',
              amount: 0,
              archetypal: false,
            } as EngineChange) as HazardHarmState,
          })),
        },
        dice(seed),
      );
      const v2 = CAMPAIGN_PARTY_HAZARD_V2_PROCEDURE.run(
        {
          kind: 'gmFall',
          members: states.map((state) => ({ name: 'fall', hazard: { feet: 45 }, state, ids: [] })),
        },
        dice(seed),
      );
      expect(v2.members.map((x) => x.hazard)).toEqual(v1.members.map((x) => x.hazard));
      expect(v2.members.map((x) => x.applied.outcome)).toEqual(v1.members.map((x) => x.harm));
    }
  });

  it('v1, party v2, v2 and party v3 are all registered: older rolls still replay by name', () => {
    const registry = new ProcedureRegistry();
    new HazardsService(registry, null as never);
    for (const name of ['hazard.campaign.v1', 'hazard.party.v2', 'hazard.campaign.v2', 'hazard.party.v3'])
      expect(registry.get(name).name).toBe(name);
    const state = hazardSheetState(OWNER, 'gm', GM, GM_VIEW, harmOf(GM));
    const input = {
      kind: 'gmFall' as const,
      hazard: { feet: 45 },
      harm: damageInput(state, {
        kind: 'damage',
        amount: 0,
        archetypal: false,
      } as EngineChange) as HazardHarmState,
    };
    expect(registry.get('hazard.campaign.v1').run(input as never, dice('old'))).toEqual(
      CAMPAIGN_HAZARD_PROCEDURE.run(input, dice('old')),
    );
  });
});

/** How often `needle` occurs in `text`. */
const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

/* Plain JSON, as the log stores it (undefined members dropped). */
const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Three G&M sheets falling together: one whole, one low on survival, one with no room for injuries. */
const PARTY_SHEETS = [
  GM,
  { ...GM, survival: { max: 9, current: 9 } },
  { ...GM, injuries: { max: 0, current: 0 } },
];

/**
 * A party's fall on every seed through a logged party procedure: its `whole` is `hazard.party.v3`'s
 * roll on the same faces, and its `run` (the replay) draws the same faces; each seed's input, v3's
 * answer and what `run` logs, for the version's own checks.
 */
function partyRolls<L>(procedure: {
  run: (input: Parameters<typeof CAMPAIGN_PARTY_HAZARD_V2_PROCEDURE.run>[0], dice: Dice) => L;
  whole: { run: typeof CAMPAIGN_PARTY_HAZARD_V2_PROCEDURE.run };
}) {
  return SEEDS.map((seed) => {
    const input = {
      kind: 'gmFall' as const,
      members: PARTY_SHEETS.map((data) => ({
        name: 'fall',
        hazard: { feet: 45 },
        state: hazardSheetState(OWNER, 'gm', data, GM_VIEW, harmOf(data)),
        ids: [],
      })),
    };
    const v3Dice = dice(seed);
    const v3 = CAMPAIGN_PARTY_HAZARD_V2_PROCEDURE.run(input, v3Dice);
    const wholeDice = dice(seed);
    expect(procedure.whole.run(input, wholeDice)).toEqual(v3);
    const replayDice = dice(seed);
    const logged = procedure.run(input, replayDice);
    expect(wholeDice.faces).toEqual(v3Dice.faces);
    expect(replayDice.faces).toEqual(v3Dice.faces);
    return { input, v3, logged };
  });
}

/**
 * One case on one seed through a logged campaign procedure: null when v2 refuses it (the procedure
 * refuses it alike); otherwise its `whole` is v2's answer on the same faces and its `run` (the replay)
 * draws the same faces and logs what `log` makes of the whole roll.
 */
function memberRoll<L>(
  procedure: {
    run: (input: Parameters<typeof CAMPAIGN_HAZARD_V2_PROCEDURE.run>[0], dice: Dice) => L;
    whole: { run: typeof CAMPAIGN_HAZARD_V2_PROCEDURE.run };
  },
  log: (whole: ReturnType<typeof CAMPAIGN_HAZARD_V2_PROCEDURE.run>) => L,
  [, system, kind, name, hazard]: (typeof CASES)[number],
  seed: string,
) {
  const data = system === 'gm' ? GM : ARCHSOUL;
  const view = system === 'gm' ? GM_VIEW : ARCHSOUL;
  const state = hazardSheetState(OWNER, system, data, view, harmOf(data));
  const input = { kind, name, hazard, state, ids: ['ailment-id', 's1', 's2', 's3', 's4'] };
  const v2Dice = dice(seed);
  let v2: ReturnType<typeof CAMPAIGN_HAZARD_V2_PROCEDURE.run>;
  try {
    v2 = CAMPAIGN_HAZARD_V2_PROCEDURE.run(input, v2Dice);
  } catch (error) {
    expect(() => procedure.run(input, dice(seed))).toThrow((error as Error).message);
    return null;
  }
  // The whole roll (what the service writes the sheet from and answers) is v2's, on the same faces.
  const wholeDice = dice(seed);
  const whole = procedure.whole.run(input, wholeDice);
  expect(whole).toEqual(v2);
  expect(wholeDice.faces).toEqual(v2Dice.faces);
  // The replay (`run`) gives exactly what the service logs of the whole roll, on the same faces.
  const replayDice = dice(seed);
  const logged = procedure.run(input, replayDice);
  expect(replayDice.faces).toEqual(v2Dice.faces);
  expect(stored(logged)).toEqual(stored(log(whole)));
  return { input, state, v2, logged };
}

describe('hazard.campaign.v3 rolls what hazard.campaign.v2 rolled and logs the state once (golden, fixed seeds)', () => {
  let compared = 0;
  for (const one of CASES) {
    it.each(SEEDS)(`${one[0]}, seed %s`, (seed) => {
      const rolled = memberRoll(CAMPAIGN_HAZARD_V3_PROCEDURE, loggedHazard, one, seed);
      if (!rolled) return;
      const { input, state, v2, logged } = rolled;
      // What it logs is v2's answer, less the odds and the state.
      const { odds, ...hazardWithoutOdds } = v2.hazard;
      expect(logged.hazard).toEqual(hazardWithoutOdds);
      if (odds !== undefined) expect(logged.hazard).not.toHaveProperty('odds');
      expect(logged.applied).toEqual({
        kind: 'damage',
        events: v2.applied.events,
        outcome: v2.applied.outcome,
        plain: v2.applied.plain,
        harmLedger: v2.applied.harmLedger,
        zeroed: v2.applied.zeroed,
        statuses: v2.applied.statuses,
        gmStatuses: v2.applied.gmStatuses,
        ailment: v2.applied.ailment,
      });
      // The logged row (input and outcome) holds the engine's state once; v2's held it twice, and the
      // harm procedure's input built from it besides.
      const v3Row = JSON.stringify({ inputs: input, outcome: stored(logged) });
      const v2Row = JSON.stringify({ inputs: input, outcome: stored(v2) });
      expect(occurrences(v3Row, '"values":{')).toBe(1);
      expect(occurrences(v3Row, `"ownerId":"${OWNER.id}","npc"`)).toBe(1);
      expect(occurrences(v2Row, '"values":{')).toBe(2);
      expect(v3Row.length).toBeLessThan(v2Row.length - JSON.stringify(state).length);
      compared += 1;
    });
  }

  it('compared every case on some seed', () => {
    expect(compared).toBeGreaterThanOrEqual(CASES.length);
  });

  it('the party version (hazard.party.v4) rolls what hazard.party.v3 rolled, each member logged as v3 logs one', () => {
    for (const { input, v3, logged } of partyRolls(CAMPAIGN_PARTY_HAZARD_V4_PROCEDURE)) {
      expect(logged).toEqual(loggedParty(v3));
      expect(logged.members.map((m) => m.applied.outcome)).toEqual(v3.members.map((m) => m.applied.outcome));
      const row = JSON.stringify({ inputs: input, outcome: stored(logged) });
      expect(occurrences(row, '"values":{')).toBe(PARTY_SHEETS.length);
      expect(occurrences(JSON.stringify({ inputs: input, outcome: stored(v3) }), '"values":{')).toBe(
        2 * PARTY_SHEETS.length,
      );
    }
  });

  it('is registered beside v1 and v2, and the registry replays it as logged (run, not whole)', () => {
    const registry = new ProcedureRegistry();
    new HazardsService(registry, null as never);
    for (const name of [
      'hazard.campaign.v1',
      'hazard.campaign.v2',
      'hazard.campaign.v3',
      'hazard.party.v2',
      'hazard.party.v3',
      'hazard.party.v4',
    ])
      expect(registry.get(name).name).toBe(name);
    const state = hazardSheetState(OWNER, 'gm', GM, GM_VIEW, harmOf(GM));
    const input = { kind: 'gmFall' as const, name: 'fall', hazard: { feet: 45 }, state, ids: [] };
    const replayed = registry.get('hazard.campaign.v3').run(input as never, dice('new'));
    expect(replayed).toEqual(loggedHazard(CAMPAIGN_HAZARD_V2_PROCEDURE.run(input, dice('new'))));
    expect(replayed).not.toHaveProperty('applied.state');
    expect(registry.get('hazard.campaign.v2').run(input as never, dice('new'))).toHaveProperty(
      'applied.state.values',
    );
  });
});

describe('hazard.campaign.v4 rolls what v2 and v3 rolled and logs the transition without its words (golden, fixed seeds)', () => {
  let compared = 0;
  let harmed = 0;
  for (const one of CASES) {
    it.each(SEEDS)(`${one[0]}, seed %s`, (seed) => {
      const rolled = memberRoll(CAMPAIGN_HAZARD_V4_PROCEDURE, loggedHazardV4, one, seed);
      if (!rolled) return;
      const { input, v2, logged } = rolled;
      // The hazard's answer as v3 logs it; of the transition, its numbers and states, not its words.
      const v3 = CAMPAIGN_HAZARD_V3_PROCEDURE.run(input, dice(seed));
      expect(logged.hazard).toEqual(v3.hazard);
      const harm = v2.applied.outcome;
      expect(logged.applied).toEqual(expectedV4Applied(v2.applied));
      // The ledger changes the harm answer gave by path are all in `harmLedger` (what the write uses).
      if (harm) {
        harmed += 1;
        for (const change of harm.changes.filter((c) => c.via === 'ledger'))
          expect(logged.applied.harmLedger).toContainEqual({ field: change.path, delta: change.delta });
      }
      // No event, step or detail text is logged: v4's row is shorter than v3's by at least those.
      const v4Row = JSON.stringify({ inputs: input, outcome: stored(logged) });
      const v3Row = JSON.stringify({ inputs: input, outcome: stored(v3) });
      expect(occurrences(v4Row, '"text":')).toBe(0);
      expect(occurrences(JSON.stringify(logged.applied), '"steps":')).toBe(0);
      expect(occurrences(v4Row, '"values":{')).toBe(1);
      if (harm)
        expect(v4Row.length).toBeLessThanOrEqual(
          v3Row.length - JSON.stringify(v2.applied.events).length - JSON.stringify(harm.steps).length,
        );
      compared += 1;
    });
  }

  it('compared every case on some seed, and some of them harmed', () => {
    expect(compared).toBeGreaterThanOrEqual(CASES.length);
    expect(harmed).toBeGreaterThan(0);
  });

  it('the party version (hazard.party.v5) rolls what hazard.party.v3 and v4 rolled, each member logged as v4 logs one', () => {
    for (const { v3, logged } of partyRolls(CAMPAIGN_PARTY_HAZARD_V5_PROCEDURE)) {
      expect(logged).toEqual(loggedPartyV5(v3));
      expect(logged.members.map((m) => m.applied.harm?.state)).toEqual(
        v3.members.map((m) => m.applied.outcome?.state),
      );
      expect(occurrences(JSON.stringify(logged), '"text":')).toBe(0);
    }
  });

  it('is registered beside v1, v2 and v3, and the registry replays each as it logged', () => {
    const registry = new ProcedureRegistry();
    new HazardsService(registry, null as never);
    for (const name of ['hazard.campaign.v4', 'hazard.party.v5', 'hazard.campaign.v3', 'hazard.party.v4'])
      expect(registry.get(name).name).toBe(name);
    const state = hazardSheetState(OWNER, 'gm', GM, GM_VIEW, harmOf(GM));
    const input = { kind: 'gmFall' as const, name: 'fall', hazard: { feet: 45 }, state, ids: [] };
    const whole = CAMPAIGN_HAZARD_V2_PROCEDURE.run(input, dice('new'));
    expect(registry.get('hazard.campaign.v4').run(input as never, dice('new'))).toEqual(
      loggedHazardV4(whole),
    );
    expect(registry.get('hazard.campaign.v3').run(input as never, dice('new'))).toEqual(loggedHazard(whole));
    expect(registry.get('hazard.campaign.v4').run(input as never, dice('new'))).not.toHaveProperty(
      'applied.events',
    );
  });
});

describe('the ids a campaign hazard mints (hazard.campaign.v4)', () => {
  it('a G&M hazard that keeps nothing rolls the same with no ids; an ailment and an illusion get theirs', () => {
    expect([...HAZARDS_KEEPING_IDS].sort()).toEqual(['gmAilment', 'gmIllusion']);
    let compared = 0;
    for (const [, system, kind, name, hazard] of CASES) {
      if (system !== 'gm' || HAZARDS_KEEPING_IDS.has(kind)) continue;
      for (const seed of SEEDS) {
        const state = hazardSheetState(OWNER, 'gm', GM, GM_VIEW, harmOf(GM));
        const withIds = CAMPAIGN_HAZARD_V4_PROCEDURE.whole.run(
          { kind, name, hazard, state, ids: ['a', 'b', 'c', 'd', 'e'] },
          dice(seed),
        );
        const without = CAMPAIGN_HAZARD_V4_PROCEDURE.whole.run(
          { kind, name, hazard, state, ids: [] },
          dice(seed),
        );
        expect(without).toEqual(withIds);
        expect(without.applied.gmStatuses).toBeNull();
        expect(without.applied.ailment).toBeNull();
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(3 * SEEDS.length);
  });

  it('a status with no id is refused, not stored without one', () => {
    const state = hazardSheetState(OWNER, 'gm', GM, GM_VIEW, harmOf(GM));
    const input = {
      kind: 'gmIllusion' as const,
      name: 'illusion',
      hazard: { method: 'perception', score: 0, failedDeathRoll: true },
      state,
    };
    const shocked = SEEDS.find(
      (seed) =>
        CAMPAIGN_HAZARD_V4_PROCEDURE.whole.run({ ...input, ids: ['a', 'b'] }, dice(seed)).applied.gmStatuses,
    );
    expect(shocked).toBeDefined();
    expect(() => CAMPAIGN_HAZARD_V4_PROCEDURE.whole.run({ ...input, ids: [] }, dice(shocked!))).toThrow(
      /Too few ids/,
    );
  });
});
