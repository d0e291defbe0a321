import { archsoulSustenance } from '../hazards/archsoul-survival';
import {
  deferredDueAt,
  mergePending,
  sheetDamage,
  sheetPath,
  sheetRest,
  type DeferredScarRoll,
  type DeferredTiming,
  type SheetChange,
  type SheetDamageInput,
  type SheetDamageOutcome,
  type SheetHarm,
  type SheetRestInput,
  type SheetRestOutcome,
} from '../harm/campaign';
import type { Dice } from '../random';
import { RuleError } from '../errors';
import { damageEvents, restEvents, type EngineEvent } from './events';
import { hazardHarm, hazardHarmOutcome, type HazardHarmState } from './hazard-harm';
import { applyTimer, type TimerApplied } from './timer';
import { ENDURANCE_LOSS, EXHAUSTION_LOSS } from '../characters/archsoul-losses';
import { UNHEALABLE_INJURIES, unhealableGained } from '../harm/gm-unhealable';
import { mergeStatuses, type StoredStatus } from '../hazards/gm-statuses';
import type { StoredAilment } from '../hazards/gm-ailment-course';
import { TEMPORARY_SOURCE, TEMPORARY_SURVIVAL } from '../harm/sheet-harm';
import type { SheetEffect } from '../hazards/shared';
import {
  changedValues,
  conditionsIn,
  mergeConditions,
  type ArchsoulState,
  type CairnState,
  type CoeacState,
  type EngineChange,
  type EngineState,
  type EngineSystem,
  type GmState,
  type HazardChange,
  type TimerChange,
} from './state';

/*
 * One transition per system (issue 39): `apply(state, change, dice) → { state, events }`. It builds
 * the input of the logged harm procedure (`harm.sheet-damage`, `harm.sheet-rest`) from the typed state
 * and the change, runs it on the given dice (every threshold, Down and Out, scars, the death roll are
 * decided there and nowhere else), and answers the state after and the events, in order. The
 * procedure's input and outcome are answered too: the service logs them unchanged, so rolls logged
 * before replay as they were.
 */

interface AppliedBase<S extends EngineState> {
  state: S;
  events: EngineEvent[];
  /** Every change to write, by the sheet's path (the outcome's, and what the rest brought besides). */
  changes: SheetChange[];
}

export interface DamageApplied<S extends EngineState> extends AppliedBase<S> {
  kind: 'damage';
  /** The logged procedure's input (`harm.sheet-damage`); null when nothing harmed (a harmless hazard). */
  input: SheetDamageInput | null;
  outcome: SheetDamageOutcome | null;
}

export interface RestApplied<S extends EngineState> extends AppliedBase<S> {
  kind: 'rest';
  input: SheetRestInput;
  outcome: SheetRestOutcome;
  /** Cairn: the scar rolls this rest applied (kept on the harm until then). */
  deferredApplied: DeferredScarRoll[];
}

export type Applied<S extends EngineState = EngineState> =
  DamageApplied<S> | RestApplied<S> | TimerApplied<S>;

/** What a change of kind `C` answers: a timer's end its own answer, a loss or a rest theirs. */
export type AppliedTo<S extends EngineState, C extends EngineChange> = C extends TimerChange
  ? TimerApplied<S>
  : DamageApplied<S> | RestApplied<S>;

/** One ledger change of a hazard, by the sheet's path. */
export interface LedgerStep {
  field: string;
  delta: number;
}

/**
 * A hazard applied (issue 39, `hazard.campaign.v2`): the harm part as any loss (`input`, `outcome`,
 * `changes`, null and empty when the hazard harmed nobody) and the plain part, in the order the
 * condition ledger writes them: first `plain` (recovery, fatigue, Endurance lost, exhaustion's point,
 * what a night gives back, unhealable injuries), then `harmLedger` (the loss's changes, G&M's injury
 * maximum raised first when the injuries outgrow it). `state` is the state after both; `events` are
 * the loss's, told on the state as the plain part left it.
 */
export interface HazardApplied<S extends EngineState> extends DamageApplied<S> {
  plain: LedgerStep[];
  harmLedger: LedgerStep[];
  /** Archsoul: the sheet's `statuses` after, when the hazard cleared one (Disabled, by rest). */
  statuses: string[] | null;
  /** G&M: the sheet's statuses after, when the hazard added one. */
  gmStatuses: StoredStatus[] | null;
  /** G&M: the chronic ailment the sheet keeps from now on. */
  ailment: StoredAilment | null;
  /** Tracked values the sheet lacked that the plain part writes: they start at 0. */
  zeroed: string[];
}

function refuse(message: string, field: string): never {
  throw new RuleError('INVALID_INPUT', message, field);
}

// ---------------------------------------------------------------------------------------------
// The procedures' inputs, from the state and the change

/** `harm.sheet-damage`'s input for a loss of `change` on `state` (what the service logged before issue 39's engine). */
export function damageInput(state: EngineState, change: EngineChange): SheetDamageInput {
  const stateBefore = state.harm.state;
  if (change.kind !== 'damage' && change.kind !== 'cast-cost')
    refuse(`A ${change.kind} is not a loss.`, 'kind');
  switch (state.system) {
    case 'coeac': {
      const c = change as Extract<EngineChange, { kind: 'damage' | 'cast-cost' }> & {
        block?: { kind: 'light-armor' | 'heavy-armor' | 'shield'; usesLeft: number; bonus?: number } | null;
        medicine?: { pool: number } | null;
        items?: Array<{ name: string; artifact: boolean }>;
        downAndOutCheck?: boolean;
        aid?: boolean;
        maxHpReduced?: boolean;
      };
      const v = state.values;
      return {
        system: 'coeac',
        hp: v.hp,
        bonusHp: v.bonusHp,
        damage: c.amount ?? 0,
        block: c.block ?? null,
        down: stateBefore === 'down-and-out' || (v.hp === 0 && v.maxHp > 0),
        maxHp: v.maxHp,
        saves: [...state.saves],
        skills: [...state.skills],
        items: c.items ?? [],
        medicine: c.medicine ? { ...c.medicine } : null,
        // An NPC at 0 HP is out of action, with no Down and Out roll (003:920).
        ...(state.npc ? { npc: true } : {}),
        // Max HP at 0 is death (003:173); the shield's Block use is its own (003:183).
        maxHpDeath: true,
        ownShieldUses: true,
        stateBefore,
        ...(c.downAndOutCheck ? { downAndOutCheck: true } : {}),
        ...(c.aid ? { aid: true } : {}),
        ...(c.maxHpReduced ? { maxHpReduced: true } : {}),
      };
    }
    case 'cairn': {
      if (change.kind !== 'damage') refuse('A Cairn spell costs no HP on its own.', 'kind');
      const c = change as Extract<EngineChange, { kind: 'damage' }> & {
        die?: 'd4' | null;
        target?: 'hp' | 'str' | 'dex' | 'wil';
        pastArmor?: boolean;
        detachment?: boolean;
      };
      const v = state.values;
      return {
        system: 'cairn',
        hp: v.hp,
        maxHp: v.maxHp,
        str: v['str.current'],
        dex: v['dex.current'],
        wil: v['wil.current'],
        maxDex: v['dex.max'],
        maxWil: v['wil.max'],
        maxStr: v['str.max'],
        armor: c.pastArmor ? 0 : state.armor,
        damage: (c.amount ?? null) as number | null,
        die: (c.die ?? null) as 'd6' | null,
        target: c.target ?? 'hp',
        doomed: state.harm.conditions.includes('doomed'),
        // A detachment is routed, not killed, by critical damage (its scars stay an NPC's: none).
        npc: state.npc && c.detachment !== true,
        // Scars are a player character's (004:76, 115).
        ...(state.npc ? { npcScars: false } : {}),
        stateBefore,
      };
    }
    case 'archsoul': {
      const c = change as Extract<EngineChange, { kind: 'damage' }> & {
        coupDeGrace?: boolean;
        fatal?: boolean;
      };
      return {
        system: 'archsoul',
        hp: state.values.hp - state.values.belowZero,
        endurance: state.endurance,
        damage: c.amount ?? 0,
        coupDeGrace: c.coupDeGrace ?? false,
        unconscious: stateBefore === 'unconscious',
        stateBefore,
        ...(c.fatal ? { fatal: true } : {}),
      };
    }
    case 'gm': {
      const c = change as Extract<EngineChange, { kind: 'damage' }> & {
        archetypal?: boolean;
        weaponDice?: number;
        forcedInjuries?: number;
        evaded?: boolean;
        consciousness?: string | null;
      };
      const v = state.values;
      const reaction = state.reactions[c.consciousness ?? 'fortitude'];
      return {
        system: 'gm',
        survival: v['survival.current'],
        verve: v['verve.current'],
        injuries: v['injuries.current'],
        damage: c.amount ?? 0,
        archetypal: c.archetypal ?? false,
        weaponDice: c.weaponDice ?? 0,
        ...(c.forcedInjuries ? { forcedInjuries: c.forcedInjuries } : {}),
        evaded: c.evaded ?? false,
        consciousness: typeof reaction === 'number' ? reaction : null,
        endurance: state.endurance,
        // Semi-conscious counts as unconscious for death rolls (000:198).
        unconscious: stateBefore === 'unconscious' || stateBefore === 'semi-conscious',
        ...(v.temporarySurvival > 0
          ? { temporary: v.temporarySurvival, temporarySource: state.temporarySource }
          : {}),
        stateBefore,
      };
    }
  }
}

/**
 * The COEAC state a logged `harm.sheet-damage` input was built from (`damageInput` read backwards):
 * what that function reads of a COEAC state (HP, bonus HP, max HP, the Saves and Skills listed, NPC,
 * the harm state), nothing else. A roll that applies a second change after its first (a failed Spell
 * Mastery's Down and Out check after its backlash, `magic.coeac.spell-mastery.v3`) replays it from
 * its logged input through the same transition as the live state: `damageInput` of the state this
 * answers equals `damageInput` of the live one for every COEAC change.
 */
export function coeacStateOfInput(input: SheetDamageInput, name = ''): CoeacState {
  if (input.system !== 'coeac') refuse('A COEAC state comes from a COEAC input.', 'system');
  const c = input as Extract<SheetDamageInput, { system: 'coeac' }>;
  return {
    system: 'coeac',
    name,
    npc: c.npc === true,
    harm: { state: c.stateBefore ?? 'up', conditions: [], pending: [] },
    values: { hp: c.hp, maxHp: c.maxHp, bonusHp: c.bonusHp },
    saves: [...c.saves],
    skills: [...c.skills],
  };
}

/** `harm.sheet-rest`'s input for a rest of `change` on `state`. */
export function restInput(state: EngineState, change: EngineChange): SheetRestInput {
  if (change.kind !== 'rest' && change.kind !== 'heal') refuse(`A ${change.kind} is not a rest.`, 'kind');
  const stateBefore = state.harm.state;
  const c = change as unknown as Record<string, unknown> & { rest: string };
  switch (state.system) {
    case 'coeac': {
      const r = change as Extract<EngineChange, { kind: 'rest' }> & {
        fed: boolean;
        rations: { score: number; lastUse: boolean } | null;
        party?: { members: number; fed: number } | null;
      };
      return {
        system: 'coeac',
        kind: c.rest as 'short',
        hp: state.values.hp,
        maxHp: state.values.maxHp,
        fed: r.fed,
        rations: r.rations,
        armor: [],
        ...(r.party && c.rest === 'short' ? { party: r.party } : {}),
        stateBefore,
      };
    }
    case 'cairn': {
      const v = state.values;
      return {
        system: 'cairn',
        kind: c.rest as 'short',
        hp: v.hp,
        maxHp: v.maxHp,
        fatigue: state.fatigue,
        deprived: state.deprived,
        safe: (c.safe as boolean | undefined) ?? true,
        healer: (c.healer as boolean | undefined) ?? false,
        str: { current: v['str.current'], max: v['str.max'] },
        dex: { current: v['dex.current'], max: v['dex.max'] },
        wil: { current: v['wil.current'], max: v['wil.max'] },
        // A scar's deprivation (Walloped, a Mortal Wound) blocks the rest until the rest that ends it.
        conditions: state.harm.conditions,
        stateBefore,
      };
    }
    case 'archsoul': {
      const v = state.values;
      const watch = c.watchMinutes as number | null | undefined;
      return {
        system: 'archsoul',
        kind: c.rest as 'night',
        hp: v.hp - v.belowZero,
        maxHp: v.maxHp,
        fatigue: v.fatigue,
        enduranceLoss: v.enduranceLoss,
        disabled: state.disabled,
        ...(watch !== undefined && watch !== null ? { watchMinutes: watch } : {}),
        ...archsoulSustenance(c as never),
        stateBefore,
      };
    }
    case 'gm': {
      const v = state.values;
      return {
        system: 'gm',
        kind: c.rest as 'night',
        level: state.level,
        survival: v['survival.current'],
        maxSurvival: v['survival.max'],
        injuries: v['injuries.current'],
        verve: v['verve.current'],
        maxVerve: v['verve.max'],
        health: typeof state.reactions.health === 'number' ? state.reactions.health : null,
        choice: ((c.choice as string | null | undefined) ?? null) as 'survival' | null,
        npc: state.npc,
        amount: (c.amount as number | null | undefined) ?? null,
        injuriesHealed: (c.injuriesHealed as number | null | undefined) ?? null,
        // Aging's injuries stay through rests and aid (issue 43).
        ...(state.unhealable > 0 ? { unhealable: state.unhealable } : {}),
        stateBefore,
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The state after

/** A Cairn blow's scar rolls due later with a change (others stay words in `pending`). */
export function deferredRolls(outcome: SheetDamageOutcome): DeferredScarRoll[] {
  const scar = (
    outcome.detail.cairnDamage as { scar?: { name: string; followUps: unknown[] } | null } | undefined
  )?.scar;
  if (!scar) return [];
  const out: DeferredScarRoll[] = [];
  for (const raw of scar.followUps as Array<{
    timing: string;
    result: string;
    change: { field: string; delta: number } | null;
  }>) {
    if (raw.timing === 'now' || raw.timing === 'next-critical-save' || !raw.change || raw.change.delta === 0)
      continue;
    const target = sheetPath('cairn', raw.change.field);
    if (!target) continue;
    out.push({
      scar: scar.name,
      timing: raw.timing as DeferredTiming,
      result: raw.result,
      path: target.path,
      delta: raw.change.delta,
    });
  }
  return out;
}

/** The words `pending` keeps for a deferred scar roll (as the damage wrote them). */
export function deferredWords(d: DeferredScarRoll): string {
  return `${d.scar}: ${d.result} (${d.timing})`;
}

/** The harm a damage outcome leaves (timers are the clock's: the caller adds them). */
export function harmAfterDamage(harm: SheetHarm, outcome: SheetDamageOutcome): SheetHarm {
  const next: SheetHarm = {
    state: outcome.state,
    // A death ends dying, critical and awaiting aid (`DEATH_ENDS`; the logged outcome is unchanged).
    conditions: conditionsIn(
      outcome.system as EngineSystem,
      outcome.state,
      mergeConditions(harm.conditions, outcome.conditionsAdded, outcome.conditionsRemoved),
    ),
    pending: mergePending(harm.pending, outcome.pending),
    timers: harm.timers,
  };
  const deferred = [...(harm.deferred ?? []), ...deferredRolls(outcome)].slice(-16);
  if (deferred.length > 0) next.deferred = deferred;
  return next;
}

/** The state a damage outcome leaves, its values changed as the ledger writes them. */
export function stateAfterDamage<S extends EngineState>(state: S, outcome: SheetDamageOutcome): S {
  return {
    ...{},
    ...state,
    values: changedValues(state, outcome.changes),
    harm: harmAfterDamage(state.harm, outcome),
  };
}

/** A damage outcome (computed by this engine's transition, here or inside a caller's own roll) with its state after and events. */
export function describeDamage<S extends EngineState>(
  state: S,
  outcome: SheetDamageOutcome,
  source: string | null = null,
  aid = false,
): { state: S; events: EngineEvent[] } {
  const after = stateAfterDamage(state, outcome);
  return { state: after, events: damageEvents(state, after, outcome, source, aid) };
}

function applyDamage<S extends EngineState>(state: S, change: EngineChange, dice: Dice): DamageApplied<S> {
  if (change.kind === 'hazard') {
    if (state.system !== 'gm' && state.system !== 'archsoul')
      refuse('Hazards harm G&M and Archsoul sheets through this transition.', 'system');
    return applyHazard(state as S & (GmState | ArchsoulState), change)(dice) as unknown as DamageApplied<S>;
  }
  const input = damageInput(state, change);
  const outcome = sheetDamage(input, dice);
  // COEAC Medicine aid after the blow is told as aid (the test and the table), not as a loss.
  const described = describeDamage(
    state,
    outcome,
    change.source ?? null,
    (input as { aid?: boolean }).aid === true,
  );
  return { kind: 'damage', ...described, changes: outcome.changes, input, outcome };
}

function applyRest<S extends EngineState>(state: S, change: EngineChange, dice: Dice): RestApplied<S> {
  const input = restInput(state, change);
  const outcome = sheetRest(input, dice);
  const harm = state.harm;
  const changes: SheetChange[] = [...outcome.changes];
  let timers = harm.timers;
  if (state.system === 'coeac' && outcome.rested) {
    const restores = (change as { restores?: SheetChange[] }).restores ?? [];
    changes.push(...restores);
    // COEAC bonus HP granted until the next rest lapse now.
    const untilRest = (harm.timers ?? []).find((t) => t.kind === 'coeac-bonus-hp' && t.endsAt === null);
    if (untilRest) {
      if (state.values.bonusHp > 0)
        changes.push({ path: 'bonusHp', delta: -state.values.bonusHp, via: 'ledger' });
      timers = (harm.timers ?? []).filter((t) => t !== untilRest);
    }
  }
  // Cairn: the scar rolls this rest brings (a night: after rest; a week: mended and recovered too).
  const due =
    state.system === 'cairn' && outcome.rested
      ? (harm.deferred ?? []).filter((d) => deferredDueAt(outcome.kind, d.timing))
      : [];
  for (const d of due) changes.push({ path: d.path, delta: d.delta, via: 'ledger' });
  const next: SheetHarm = {
    state: outcome.state,
    conditions: mergeConditions(harm.conditions, [], outcome.conditionsRemoved),
    pending: outcome.state === 'up' ? [] : harm.pending,
    timers,
  };
  if (due.length > 0) {
    const left = (harm.deferred ?? []).filter((d) => !due.includes(d));
    if (left.length > 0) next.deferred = left;
    next.pending = next.pending.filter((p) => !due.some((d) => p === deferredWords(d)));
  } else if (harm.deferred) next.deferred = harm.deferred;
  const after = { ...{}, ...state, values: changedValues(state, changes), harm: next };
  return {
    kind: 'rest',
    state: after,
    events: restEvents(state, after, outcome, changes),
    changes,
    input,
    outcome,
    deferredApplied: due,
  };
}

/** The plain part of a hazard (no harm): its ledger changes in order, and the lists it changes. */
function hazardPlain(state: GmState | ArchsoulState, change: HazardChange, rest: readonly SheetEffect[]) {
  const plain: LedgerStep[] = [];
  const zeroed: string[] = [];
  let fatigueDelta = 0;
  for (const effect of rest) {
    if (effect.change === 0) continue;
    if (state.system === 'gm') {
      const field = { survival: 'survival.current', injuries: 'injuries.current' }[effect.track as string];
      if (field) plain.push({ field, delta: effect.change });
      continue;
    }
    if (effect.track === 'endurance') plain.push({ field: ENDURANCE_LOSS, delta: -effect.change });
    const field = { 'hit-points': 'hp', fatigue: 'fatigue' }[effect.track as string];
    if (field) plain.push({ field, delta: effect.change });
    if (effect.track === 'fatigue') fatigueDelta += effect.change;
  }
  let statuses: string[] | null = null;
  let gmStatuses: StoredStatus[] | null = null;
  if (state.system === 'gm') {
    // G&M aging's injuries are unhealable (issue 43, H1): the sheet counts them so rests leave them.
    const unhealable = unhealableGained(change.effects);
    if (unhealable > 0) {
      plain.push({ field: UNHEALABLE_INJURIES, delta: unhealable });
      if (!state.hazard?.hasUnhealable) zeroed.push(UNHEALABLE_INJURIES);
    }
    const added = change.statuses ?? [];
    if (added.length > 0) {
      const ids = [...(change.ids ?? [])];
      gmStatuses = mergeStatuses(state.hazard?.statuses ?? [], added, () => {
        const id = ids.shift();
        if (id === undefined) return refuse('Too few ids for the statuses the hazard adds.', 'ids');
        return id;
      });
    }
  } else {
    // Becoming exhausted costs every attribute a point that outlasts the exhaustion (002:28–29).
    const before = Math.min(3, state.values.fatigue);
    const after = Math.min(3, Math.max(0, before + fatigueDelta));
    if (before < 2 && after >= 2) plain.push({ field: EXHAUSTION_LOSS, delta: 1 });
    plain.push(...(change.restored ?? []));
    for (const field of [ENDURANCE_LOSS, EXHAUSTION_LOSS] as const)
      if (plain.some((c) => c.field === field) && !state.hazard?.has[field]) zeroed.push(field);
    const cleared = change.effects
      .filter((e) => e.track === 'status' && e.change < 0)
      .map((e) => (e.status ?? '').toLowerCase());
    const current = state.hazard?.statuses ?? [];
    const kept = current.filter((x) => !cleared.includes(x.toLowerCase()));
    if (kept.length !== current.length) statuses = kept;
  }
  return {
    plain,
    zeroed,
    statuses,
    gmStatuses,
    ailment: state.system === 'gm' ? (change.ailment ?? null) : null,
  };
}

/** The state as a hazard's plain part leaves it (the ledger's bounds: at least 0, at most the maximum). */
function stateAfterPlain<S extends GmState | ArchsoulState>(
  state: S,
  part: ReturnType<typeof hazardPlain>,
): S {
  const changes: SheetChange[] = part.plain.map((c) => ({ path: c.field, delta: c.delta, via: 'ledger' }));
  const values = changedValues(state, changes);
  const sum = (field: string) => part.plain.filter((c) => c.field === field).reduce((n, c) => n + c.delta, 0);
  if (state.system === 'gm') {
    const gm = state as GmState;
    const hazard = gm.hazard && {
      ...{},
      ...gm.hazard,
      statuses: part.gmStatuses ?? gm.hazard.statuses,
      ailments: gm.hazard.ailments + (part.ailment ? 1 : 0),
    };
    return {
      ...{},
      ...gm,
      values,
      unhealable: Math.max(0, gm.unhealable + sum(UNHEALABLE_INJURIES)),
      ...(hazard ? { hazard } : {}),
    } as S;
  }
  const archsoul = state as ArchsoulState;
  let hazard = archsoul.hazard;
  if (hazard) {
    const attributeLoss = { ...hazard.attributeLoss };
    for (const c of part.plain)
      if (c.field.startsWith('attributeLoss.')) {
        const name = c.field.slice('attributeLoss.'.length);
        attributeLoss[name] = Math.max(0, (attributeLoss[name] ?? 0) + c.delta);
      }
    hazard = {
      ...{},
      ...hazard,
      statuses: part.statuses ?? hazard.statuses,
      exhaustionKept: Math.max(0, hazard.exhaustionKept + sum(EXHAUSTION_LOSS)),
      attributeLoss,
    };
  }
  return { ...{}, ...archsoul, values, ...(hazard ? { hazard } : {}) } as S;
}

/**
 * A hazard on a G&M or Archsoul state: the loss its effects name through the same thresholds as a
 * blow (`hazardHarmOutcome`, on the state before the hazard, as `hazard.campaign.v1` ran it), the rest
 * as plain ledger changes written before the loss's. Curried on the dice so the harm's draws are the
 * only ones: the plain part draws nothing.
 */
export function applyHazard<S extends GmState | ArchsoulState>(state: S, change: HazardChange) {
  return (dice: Dice): HazardApplied<S> => {
    const split = hazardHarm(state.system, change.effects);
    const part = hazardPlain(state, change, split.rest);
    const plained = stateAfterPlain(state, part);
    const input = damageInput(state, { kind: 'damage', amount: 0, archetypal: false } as EngineChange);
    const outcome = hazardHarmOutcome(change.effects, input as HazardHarmState, dice);
    const rest = { ...{}, ...part, plain: part.plain };
    if (outcome === null)
      return {
        kind: 'damage',
        state: plained,
        events: [],
        changes: [],
        input: null,
        outcome: null,
        harmLedger: [],
        ...rest,
      };
    const described = describeDamage(plained, outcome, change.source ?? null);
    const harmLedger: LedgerStep[] = [];
    const values = plained.values as unknown as Record<string, number>;
    for (const c of outcome.changes) {
      if (c.via !== 'ledger') continue;
      if (state.system === 'gm' && c.path === 'injuries.current' && c.delta > 0) {
        const over = values['injuries.current'] + c.delta - values['injuries.max'];
        if (over > 0) harmLedger.push({ field: 'injuries.max', delta: over });
      }
      harmLedger.push({ field: c.path, delta: c.delta });
    }
    return { kind: 'damage', ...described, changes: outcome.changes, input, outcome, harmLedger, ...rest };
  };
}

/**
 * A G&M or Archsoul sheet with the harm a loss left (as the harm service writes it beside the ledger):
 * the harm itself, Archsoul's `belowZero` and G&M's temporary survival at 0 when the sheet lacks them,
 * and a temporary pool the loss emptied without its source.
 */
export function withHarm(
  system: 'gm' | 'archsoul',
  sheet: Record<string, unknown>,
  harm: SheetHarm,
  emptied: boolean,
): Record<string, unknown> {
  const data: Record<string, unknown> = {
    ...{},
    ...sheet,
    ...(emptied ? { [TEMPORARY_SOURCE]: undefined } : {}),
    harm,
  };
  if (system === 'archsoul' && typeof data.belowZero !== 'number') data.belowZero = 0;
  if (system === 'gm' && typeof data[TEMPORARY_SURVIVAL] !== 'number') data[TEMPORARY_SURVIVAL] = 0;
  return data;
}

/** The transition of `state`'s system. Pure: every draw from `dice`, no I/O. */
export function applyChange<S extends EngineState, C extends EngineChange>(
  state: S,
  change: C,
  dice: Dice,
): AppliedTo<S, C> {
  return transition(state, change, dice) as AppliedTo<S, C>;
}

function transition<S extends EngineState>(state: S, change: EngineChange, dice: Dice): Applied<S> {
  switch (change.kind) {
    case 'damage':
    case 'cast-cost':
    case 'hazard':
      return applyDamage(state, change, dice);
    case 'rest':
    case 'heal':
      if (change.kind === 'heal' && state.system !== 'gm')
        refuse('Healing outside a rest is G&M’s (encounter verve, aid).', 'kind');
      return applyRest(state, change, dice);
    case 'timer':
      return applyTimer(state, change, dice);
    default:
      return refuse(`Unknown change ${(change as { kind: string }).kind}.`, 'kind');
  }
}

export type { CoeacState, CairnState, ArchsoulState, GmState, TimerApplied };
