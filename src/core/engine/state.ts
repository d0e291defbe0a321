import type { ClockPosition } from '../clock';
import type { SheetEffect } from '../hazards/shared';
import type { StoredAilment } from '../hazards/gm-ailment-course';
import type { StoredStatus } from '../hazards/gm-statuses';
import type { CairnDamageDie } from '../harm/cairn-damage';
import type { CairnRestKind } from '../harm/cairn-recovery';
import type { HarmState, SheetChange, SheetHarm } from '../harm/campaign';
import type { CoeacArmorKind } from '../harm/coeac-damage';
import type { DownAndOutItem } from '../harm/coeac-down-and-out';
import type { CoeacRestKind } from '../harm/coeac-rest';
import type { GmHealingChoice, GmHealingKind } from '../harm/gm-healing';
import type { HarmTimer } from '../harm/timers';

/*
 * The engine's typed state per system (issue 39): what a transition reads of a character or NPC.
 * Tracked values are kept by the sheet's own path (`hp`, `str.current`, `survival.current` …) so that
 * a change the transition answers (a `SheetChange`) applies to the state as it does to the sheet.
 * Whether the owner is an NPC is part of the state: the NPC rules (no scars, out at 0 HP, no Down and
 * Out roll, the NPC's healing) follow from it, whatever route brings the change.
 */

interface StateBase {
  /** The character's or NPC's name, for the events' sentences (the core knows no names otherwise). */
  name: string;
  /** The character's or NPC's id, carried into the events (null when the caller has none). */
  ownerId?: string | null;
  /** A non-player character: the NPC rules apply. */
  npc: boolean;
  /** The harm the sheet keeps (`sheet.harm`). */
  harm: SheetHarm;
}

export interface CoeacValues {
  hp: number;
  maxHp: number;
  bonusHp: number;
  'armor.blockUses'?: number;
  'armor.shieldBlockUses'?: number;
  boons?: number;
}

export interface CoeacState extends StateBase {
  system: 'coeac';
  values: CoeacValues;
  /** The Saves and Skills the sheet lists (Down and Out's lots lower one of them). */
  saves: string[];
  skills: string[];
}

export interface CairnValues {
  hp: number;
  maxHp: number;
  'str.current': number;
  'str.max': number;
  'dex.current': number;
  'dex.max': number;
  'wil.current': number;
  'wil.max': number;
}

export interface CairnState extends StateBase {
  system: 'cairn';
  values: CairnValues;
  /** Armor from what is worn (the server's derivation). */
  armor: number;
  /** Fatigue items carried (a rest clears them). */
  fatigue: number;
  /** The sheet's own `deprived` flag (a scar's deprivation is among `harm.conditions`). */
  deprived: boolean;
}

export interface ArchsoulValues {
  /** Hit points at 0 and above; what lies under 0 is `belowZero`. */
  hp: number;
  belowZero: number;
  maxHp: number;
  /** Fatigue level: 0 fresh, 1 fatigued, 2 exhausted, 3 unconscious. */
  fatigue: number;
  /** Endurance lost to hazards. */
  enduranceLoss: number;
}

export interface ArchsoulState extends StateBase {
  system: 'archsoul';
  values: ArchsoulValues;
  /** The Endurance the character has now (less what hazards took and exhaustion's point). */
  endurance: number;
  /** Disabled (a harm condition or a status). */
  disabled: boolean;
  /** What a hazard reads besides (`hazardSheetState`): absent for harm and rests. */
  hazard?: ArchsoulHazardFields;
}

/** What an Archsoul hazard reads of a sheet besides harm's numbers (issue 39, `hazard.campaign.v2`). */
export interface ArchsoulHazardFields {
  /** The sheet's `statuses`, as written (a rest clears Disabled from them). */
  statuses: string[];
  /** Exhaustion's loss the sheet keeps (`exhaustionLoss`). */
  exhaustionKept: number;
  /** Points each other attribute lost (`attributeLoss`). */
  attributeLoss: Record<string, number>;
  /** Whether the sheet holds each of these tracked values yet (a missing one starts at 0). */
  has: { enduranceLoss: boolean; exhaustionLoss: boolean };
}

/** What a G&M hazard reads of a sheet besides harm's numbers (issue 39, `hazard.campaign.v2`). */
export interface GmHazardFields {
  /** The statuses the sheet keeps (asleep, paralysed, shock, ailing), with their ids. */
  statuses: StoredStatus[];
  /** The chronic ailments the sheet keeps. */
  ailments: number;
  /** Whether the sheet holds `unhealableInjuries` yet. */
  hasUnhealable: boolean;
}

export interface GmValues {
  'survival.current': number;
  'survival.max': number;
  'verve.current': number;
  'verve.max': number;
  'injuries.current': number;
  'injuries.max': number;
  temporarySurvival: number;
}

export interface GmState extends StateBase {
  system: 'gm';
  values: GmValues;
  /** The overall level (healing reads it). */
  level: number;
  /** The sheet's reactions as derived (the consciousness roll and the health roll read them). */
  reactions: Record<string, number>;
  /** The Endurance ability (the death roll), 10 when the sheet has none. */
  endurance: number;
  /** What granted the temporary survival pool, when one is held. */
  temporarySource: string | null;
  /** Injuries nothing heals (G&M aging). */
  unhealable: number;
  /** What a hazard reads besides (`hazardSheetState`): absent for harm and rests. */
  hazard?: GmHazardFields;
}

export type EngineState = CoeacState | CairnState | ArchsoulState | GmState;
export type EngineSystem = EngineState['system'];

// ---------------------------------------------------------------------------------------------
// Changes: what a route hands to a system's transition.

interface ChangeBase {
  /** Where the harm came from, in words (a weapon, `hazard:fall`, a spell's cost), for the events. */
  source?: string | null;
}

/** Damage to a COEAC character: Block, bonus HP, HP and Down and Out at 0. */
export interface CoeacDamageChange extends ChangeBase {
  kind: 'damage';
  amount: number;
  block?: { kind: CoeacArmorKind; usesLeft: number; bonus?: number } | null;
  /** The Medicine pool of the aider, for Down and Out. */
  medicine?: { pool: number } | null;
  /** Items carried (Broken Gear draws its lots from them). */
  items?: DownAndOutItem[];
  /** A Down and Out check without damage (the end-of-session check, a failed Mastery). */
  downAndOutCheck?: boolean;
  /** Medicine aid after the blow, by a second aider (no loss). */
  aid?: boolean;
  /** A write just lowered the sheet's max HP (max HP 0 is death). */
  maxHpReduced?: boolean;
}

/** A spell's HP cost on its caster (ritual HP, backlash): a loss with no Block. */
export interface CastCostChange extends ChangeBase {
  kind: 'cast-cost';
  amount: number;
}

export interface CoeacRestChange extends ChangeBase {
  kind: 'rest';
  rest: CoeacRestKind;
  fed: boolean;
  rations: { score: number; lastUse: boolean } | null;
  party?: { members: number; fed: number } | null;
  /** Changes the route's sheet adds when the rest restores (Block uses, the day's magic, bonus HP lapsing). */
  restores?: SheetChange[];
}

export interface CairnDamageChange extends ChangeBase {
  kind: 'damage';
  amount: number | null;
  die?: CairnDamageDie | null;
  target?: 'hp' | 'str' | 'dex' | 'wil';
  /** The loss ignores Armor (a failed cast's harm on its caster). */
  pastArmor?: boolean;
  /** The target is a detachment: critical damage routes it rather than kills it (a stored combat's blow). */
  detachment?: boolean;
}

export interface CairnRestChange extends ChangeBase {
  kind: 'rest';
  rest: CairnRestKind;
  safe: boolean;
  healer: boolean;
}

export interface ArchsoulDamageChange extends ChangeBase {
  kind: 'damage';
  amount: number;
  coupDeGrace?: boolean;
  /** The hazard itself was fatal (a drowning out of Endurance). */
  fatal?: boolean;
}

/**
 * A hazard's sheet effects (G&M and Archsoul): the loss in them goes through the same thresholds; the
 * rest (survival or hit points given back, injuries healed, fatigue, Endurance lost, statuses cleared)
 * are plain ledger changes of the same transition. The fields below are what the hazard's answer says
 * besides its effects, found by `hazardChange` (src/hazards/hazard-change.ts).
 */
export interface HazardChange extends ChangeBase {
  kind: 'hazard';
  effects: SheetEffect[];
  /** Archsoul: what a full night gives back besides Endurance (`attributeLoss.<name>`, `exhaustionLoss`). */
  restored?: Array<{ field: string; delta: number }>;
  /** G&M: the chronic ailment the sheet keeps from now on (its id given by the caller). */
  ailment?: StoredAilment | null;
  /** G&M: the statuses the hazard adds, merged into the state's (a new one takes the next of `ids`). */
  statuses?: Array<Omit<StoredStatus, 'id'>>;
  /** Ids for the statuses added, minted by the caller so the transition stays pure and replays. */
  ids?: string[];
}

export interface ArchsoulRestChange extends ChangeBase {
  kind: 'rest';
  rest: 'night' | 'hour';
  watchMinutes?: number | null;
  hoursWithoutWater?: number | null;
  hoursWithoutFood?: number | null;
  waterMillilitres?: number | null;
}

export interface GmDamageChange extends ChangeBase {
  kind: 'damage';
  amount: number;
  /** Verve takes the loss (an archetypal loss, or what the sheet decided from the loss's kind). */
  archetypal: boolean;
  weaponDice?: number;
  forcedInjuries?: number;
  evaded?: boolean;
  /** The reaction that keeps the character conscious (default fortitude). */
  consciousness?: string | null;
}

/** G&M: a rest (night, day, morning) or healing (encounter verve, aid). */
export interface GmRestChange extends ChangeBase {
  kind: 'rest' | 'heal';
  rest: GmHealingKind;
  choice?: GmHealingChoice | null;
  amount?: number | null;
  injuriesHealed?: number | null;
}

/**
 * A harm timer whose time has come (the clock's advance, or a combat's rounds): the system's
 * transition decides what it does to the owner (dies, wakes, sleeps on, a pool lapses, nothing when
 * the state that started it no longer holds). Every system takes it.
 */
export interface TimerChange extends ChangeBase {
  kind: 'timer';
  /** The timer that ran out, as the sheet keeps it (a rounds timer already counted down). */
  timer: HarmTimer;
  /** Where the clock stands, with what a timer started again reads (G&M sleeping on). */
  clock: ClockPosition & { nightWatch: boolean; turnsPerWatch: number };
}

export type CoeacChange = CoeacDamageChange | CastCostChange | CoeacRestChange | TimerChange;
export type CairnChange = CairnDamageChange | CairnRestChange | TimerChange;
export type ArchsoulChange = ArchsoulDamageChange | HazardChange | ArchsoulRestChange | TimerChange;
export type GmChange = GmDamageChange | HazardChange | GmRestChange | TimerChange;
export type EngineChange = CoeacChange | CairnChange | ArchsoulChange | GmChange;

/** The state's value at a sheet path; null when the state does not hold it. */
export function valueAt(state: EngineState, path: string): number | null {
  const value = (state.values as unknown as Record<string, number | undefined>)[path];
  return typeof value === 'number' ? value : null;
}

/** Where a tracked value's maximum is kept, when it has one. */
function maxPathOf(state: EngineState, path: string): string | null {
  if (path === 'hp') return 'maxHp';
  if (path.endsWith('.current') && state.system !== 'gm') return `${path.slice(0, -'.current'.length)}.max`;
  if (state.system === 'gm' && (path === 'survival.current' || path === 'verve.current'))
    return `${path.slice(0, -'.current'.length)}.max`;
  return null;
}

/**
 * The state's values after a list of changes, as the condition ledger writes them: at least 0, at
 * most the value's maximum (G&M injuries raise their maximum instead).
 */
export function changedValues<S extends EngineState>(state: S, changes: readonly SheetChange[]): S['values'] {
  const values = { ...(state.values as unknown as Record<string, number>) };
  for (const change of changes) {
    if (change.via !== 'ledger' || typeof values[change.path] !== 'number') continue;
    if (state.system === 'gm' && change.path === 'injuries.current' && change.delta > 0) {
      const over = values['injuries.current'] + change.delta - values['injuries.max'];
      if (over > 0) values['injuries.max'] += over;
    }
    values[change.path] = Math.max(0, values[change.path] + change.delta);
  }
  for (const path of Object.keys(values)) {
    const maxPath = maxPathOf(state, path);
    if (maxPath && typeof values[maxPath] === 'number' && values[path] > values[maxPath])
      values[path] = values[maxPath];
  }
  return values as unknown as S['values'];
}

/**
 * What a dead character no longer holds, by system: it is past dying (Cairn's untended Mortal Wound),
 * past critical and past waiting for aid (COEAC). G&M's and Archsoul's dying is a state, not a
 * condition: no rule of theirs makes one of these conditions, and one a referee wrote by hand stays
 * theirs (a `hazard.campaign.v2` roll logs the state after and still replays as logged).
 */
export const DEATH_ENDS: Readonly<Record<EngineSystem, readonly string[]>> = {
  cairn: ['dying', 'critical', 'awaiting-aid'],
  coeac: ['dying', 'critical', 'awaiting-aid'],
  gm: [],
  archsoul: [],
};

/** The conditions a harm state keeps: a dead character's lose its system's `DEATH_ENDS`. */
export function conditionsIn(
  system: EngineSystem,
  state: HarmState,
  conditions: readonly string[],
): string[] {
  return state === 'dead' ? conditions.filter((c) => !DEATH_ENDS[system].includes(c)) : [...conditions];
}

/** Conditions after a change: the removed go, the added follow once each. */
export function mergeConditions(
  current: readonly string[],
  added: readonly string[],
  removed: readonly string[],
) {
  const out = current.filter((c) => !removed.includes(c));
  for (const a of added) if (!out.includes(a)) out.push(a);
  return out;
}

export type { HarmState };
