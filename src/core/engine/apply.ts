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
import { hazardHarmOutcome, type HazardHarmState } from './hazard-harm';
import { applyTimer, type TimerApplied } from './timer';
import {
  changedValues,
  mergeConditions,
  type ArchsoulState,
  type CairnState,
  type CoeacState,
  type EngineChange,
  type EngineState,
  type GmState,
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
        npc: state.npc,
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
    conditions: mergeConditions(harm.conditions, outcome.conditionsAdded, outcome.conditionsRemoved),
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
): { state: S; events: EngineEvent[] } {
  const after = stateAfterDamage(state, outcome);
  return { state: after, events: damageEvents(state, after, outcome, source) };
}

function applyDamage<S extends EngineState>(state: S, change: EngineChange, dice: Dice): DamageApplied<S> {
  if (change.kind === 'hazard') {
    if (state.system !== 'gm' && state.system !== 'archsoul')
      refuse('Hazards harm G&M and Archsoul sheets through this transition.', 'system');
    const input = damageInput(state, { kind: 'damage', amount: 0, archetypal: false } as EngineChange);
    const outcome = hazardHarmOutcome(change.effects, input as HazardHarmState, dice);
    if (outcome === null)
      return { kind: 'damage', state, events: [], changes: [], input: null, outcome: null };
    const described = describeDamage(state, outcome, change.source ?? null);
    return { kind: 'damage', ...described, changes: outcome.changes, input, outcome };
  }
  const input = damageInput(state, change);
  const outcome = sheetDamage(input, dice);
  const described = describeDamage(state, outcome, change.source ?? null);
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
