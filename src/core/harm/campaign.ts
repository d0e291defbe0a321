import type { HarmTimer } from './timers';
import { depletionCheck, type DepletionOutcome } from '../treasure/inventory';
import { invalid, record, wholeNumber } from '../checks/validate';
import type { Dice } from '../random';
import { archsoulCondition, type ArchsoulConditionOutcome } from './archsoul-condition';
import { cairnDamage, type CairnDamageDie, type CairnDamageOutcome } from './cairn-damage';
import { cairnRest, type CairnRestKind, type CairnRestOutcome } from './cairn-recovery';
import { coeacDamage, type CoeacArmorKind, type CoeacDamageOutcome } from './coeac-damage';
import { downAndOut, type DownAndOutItem, type DownAndOutOutcome } from './coeac-down-and-out';
import { coeacRest, type CoeacRestKind, type CoeacRestOutcome } from './coeac-rest';
import { gmDamage, type GmDamageOutcome } from './gm-damage';
import { gmDeathRoll, type GmDeathRollOutcome } from './gm-death-roll';
import { gmHealing, type GmHealingChoice, type GmHealingKind, type GmHealingOutcome } from './gm-healing';
import { archsoulRest, archsoulSustenance, type ArchsoulRestOutcome } from '../hazards/archsoul-survival';
import type { FieldChange, HarmStep } from './harm-steps';

/*
 * The campaign half of harm (SPEC 6.2): one procedure for damage applied to a stored sheet and one for
 * a rest, in each of the four systems. The service reads the sheet's numbers into the procedure's
 * input (so the logged roll replays from its inputs alone), the procedure composes the stateless
 * procedures (damage, then Down and Out or the death roll that follows it, all on one seeded stream)
 * and answers every change by the sheet's own path, ready for the condition ledger.
 */

/** Harm states kept on a sheet (`sheet.harm.state`), every system's in one list. */
export const HARM_STATES = [
  'up',
  'down-and-out',
  'critical',
  'out',
  'paralysed',
  'delirious',
  'unconscious',
  'semi-conscious',
  'dying',
  'dead',
] as const;
export type HarmState = (typeof HARM_STATES)[number];

/** States in which a character cannot act: checks that need it to act are refused (409). */
export const STATES_THAT_CANNOT_ACT: readonly HarmState[] = [
  'down-and-out',
  'critical',
  'out',
  'unconscious',
  'dying',
  'dead',
];

/**
 * Whether a combatant in `state` may act in round `round` of a stored combat. In Cairn the results
 * of a round are simultaneous (004:64): a combatant felled in this round (`fellInRound`) still
 * takes its action in it; from the next round on, a state that cannot act refuses it.
 */
export function mayActInRound(
  system: string,
  state: HarmState,
  round: number,
  fellInRound: number | null | undefined,
): boolean {
  if (!STATES_THAT_CANNOT_ACT.includes(state)) return true;
  return system === 'cairn' && fellInRound === round;
}

/** What a sheet keeps of harm between requests (`sheet.harm`, a referee value outside the ledger). */
export interface SheetHarm {
  state: HarmState;
  /** Lasting conditions: `doomed` (Cairn scar 12), `awaiting-aid` (COEAC, unaided), `death-roll-due`. */
  conditions: string[];
  /** Rolls and effects due later, in words (a scar's deferred roll, a death timer, waking up). */
  pending: string[];
  /** Timers the clock counts down (./timers.ts); absent when none runs. */
  timers?: HarmTimer[];
  /** Cairn scar rolls made at the blow and applied at their moment (a rest); absent when none waits. */
  deferred?: DeferredScarRoll[];
}

/** Moments a deferred scar roll waits for. */
export const DEFERRED_TIMINGS = ['after-rest', 'once-mended', 'after-recovery'] as const;
export type DeferredTiming = (typeof DEFERRED_TIMINGS)[number];

/**
 * A Cairn scar's follow-up roll made at the blow (seeded there) whose change applies later: Walloped's
 * max HP after a night's rest, a Broken Limb once mended, Diseased, Hamstrung and Mortal Wound on
 * recovery (a week's rest). `path` and `delta` go through the ledger at that moment.
 */
export interface DeferredScarRoll {
  scar: string;
  timing: DeferredTiming;
  result: string;
  path: string;
  delta: number;
}

/** The deferred rolls a rest of this kind applies (our reading: a night is a few hours' rest; a week recovers and mends). */
export function deferredDueAt(kind: string, timing: DeferredTiming): boolean {
  if (kind === 'week') return true;
  return kind === 'night' && timing === 'after-rest';
}

export const EMPTY_HARM: SheetHarm = { state: 'up', conditions: [], pending: [] };

const GM_CONSCIOUSNESS_ROLL = 'A fortitude or willpower roll to stay conscious';

/**
 * The note a G&M blow leaves when a roll to stay conscious is due and the sheet names no reaction to
 * roll it with. It is one roll due now, at the injuries the character has now.
 */
export const GM_CONSCIOUSNESS_DUE = `${GM_CONSCIOUSNESS_ROLL} (no reaction on the sheet)`;

/**
 * Notes that describe one running state (how long a G&M character stays unconscious, when a dying
 * one dies, that a roll to stay conscious is due): a newer note of the same kind replaces the older,
 * since only the latest count holds. Without this a character hit again and again kept one
 * consciousness note per blow, up to the limit, in its stored sheet and in every logged state.
 */
const SUPERSEDING_NOTES = [
  // The words hold no character a pattern reads specially.
  new RegExp(`^${GM_CONSCIOUSNESS_ROLL}`),
  /^Unconscious for \d+ minute/,
  /^Dying: /,
  /^Semi-conscious \(1 mojo\)/,
  /^Cannot respond for \d+ round/,
];

/** The pending notes after a blow: the old ones a new note of the same kind replaces go, the new ones follow (at most `limit`, newest kept). */
export function mergePending(before: readonly string[], added: readonly string[], limit = 64): string[] {
  const replaced = SUPERSEDING_NOTES.filter((pattern) => added.some((note) => pattern.test(note)));
  const kept =
    replaced.length === 0 ? before : before.filter((note) => !replaced.some((pattern) => pattern.test(note)));
  return [...kept, ...added].map((p) => p.slice(0, 200)).slice(-limit);
}

/** A change by the sheet's path: tracked values go to the ledger, base values (`saves.X`) are set. */
export interface SheetChange {
  path: string;
  delta: number;
  /** `ledger` for tracked values; `base` for Saves and Skills (Down and Out lots). */
  via: 'ledger' | 'base';
}

// ---------------------------------------------------------------------------------------------
// Damage

export interface SheetDamageCoeac {
  /** The harm state the sheet kept before (default up). */
  stateBefore?: HarmState;
  system: 'coeac';
  hp: number;
  bonusHp: number;
  damage: number;
  block: { kind: CoeacArmorKind; usesLeft: number } | null;
  /** Already down (0 HP): each blow calls another Down and Out roll. */
  down: boolean;
  maxHp: number;
  saves: string[];
  skills: string[];
  items: DownAndOutItem[];
  medicine: { pool: number } | null;
  /** A Down and Out check called for without damage (COEAC's end-of-session check): HP is unchanged. */
  downAndOutCheck?: boolean;
  /**
   * A non-player character: at 0 HP it is out of action at once (003:920), with no roll on the
   * player characters' Down and Out table. Absent in rolls logged before issue 39.
   */
  npc?: boolean;
  /**
   * The sheet's max HP at 0 is permanent death (003:173), whatever brought it there: a Lingering
   * Injury, a referee's adjustment, anything the ledger wrote. Sent by every route since issue 39's
   * COEAC part; absent in rolls logged before, which replay as they were.
   */
  maxHpDeath?: boolean;
  /**
   * The route hands over a sheet whose max HP a write just reduced (a referee's adjustment or PUT):
   * with `maxHpDeath`, at 0 it is death. Without it, a sheet already at max HP 0 (one created without
   * a maximum) is not killed by an unrelated blow: the rule is about max HP being reduced to 0.
   */
  maxHpReduced?: boolean;
  /**
   * The shield keeps its own Block use (003:183, M1): a shield's Block spends `armor.shieldBlockUses`
   * as well as the day's count, and `block.usesLeft` is the item's own. Absent in rolls logged
   * before, where armour and shield drew on one count.
   */
  ownShieldUses?: boolean;
  /**
   * Medicine aid given after the blow (C6, 003:201): a down-and-out character still awaiting aid is
   * aided now (a second aider, or aid at the end of the scene). No loss; the Medicine test (`medicine`,
   * required), then on a success the Down and Out table; a failure leaves it awaiting aid.
   */
  aid?: boolean;
}

export interface SheetDamageCairn {
  /** The harm state the sheet kept before (default up). */
  stateBefore?: HarmState;
  system: 'cairn';
  hp: number;
  maxHp: number;
  str: number;
  dex: number;
  wil: number;
  maxDex: number;
  maxWil: number;
  /** Max STR (scar 6 raises it); absent in rolls logged before, which replay as they were. */
  maxStr?: number;
  armor: number;
  damage: number | null;
  die: CairnDamageDie | null;
  target: 'hp' | 'str' | 'dex' | 'wil';
  doomed: boolean;
  npc: boolean;
  /** `false`: an NPC rolls no scar (004:76, 115); absent in rolls logged before issue 39. */
  npcScars?: boolean;
}

export interface SheetDamageArchsoul {
  /** The harm state the sheet kept before (default up). */
  stateBefore?: HarmState;
  system: 'archsoul';
  /** HP with what lies below 0 (the sheet keeps it as `belowZero`). */
  hp: number;
  endurance: number;
  damage: number;
  coupDeGrace: boolean;
  unconscious: boolean;
  /** A hazard that killed by itself (a drowning out of Endurance, 002:95): the character is dead. */
  fatal?: boolean;
}

export interface SheetDamageGm {
  /** The harm state the sheet kept before (default up). */
  stateBefore?: HarmState;
  system: 'gm';
  survival: number;
  verve: number;
  injuries: number;
  damage: number;
  archetypal: boolean;
  weaponDice: number;
  /** Points the blow itself sends to injuries, whatever verve could take (a killing or knockout blow). */
  forcedInjuries?: number;
  evaded: boolean;
  consciousness: number | null;
  endurance: number;
  /** Unconscious, or semi-conscious (which counts as unconscious for death rolls, 000:198). */
  unconscious: boolean;
  /** A temporary survival pool (`temporarySurvival` on the sheet): eligible damage comes off it first. */
  temporary?: number | null;
  /** What granted the pool (a spell, a spirit), named in the answer. */
  temporarySource?: string | null;
}

export type SheetDamageInput = SheetDamageCoeac | SheetDamageCairn | SheetDamageArchsoul | SheetDamageGm;

export interface SheetDamageOutcome {
  system: string;
  /** The damage dealt before anything absorbed it (rolled when a die was sent). */
  damage: number;
  stateBefore: HarmState;
  state: HarmState;
  steps: HarmStep[];
  /** The stateless procedure's changes, in its own names. */
  fieldChanges: FieldChange[];
  /** The same by the sheet's path. */
  changes: SheetChange[];
  /** Conditions gained and lost. */
  conditionsAdded: string[];
  conditionsRemoved: string[];
  /** Cairn: the scar gained (its name, for `sheet.scars`). */
  scar: string | null;
  pending: string[];
  /** Exact odds of what the dice decided, by the stateless procedures' names. */
  odds: Record<string, unknown>;
  faces: number[];
  /** What the stateless procedures answered, by name (`cairnDamage`, `downAndOut`, `deathRoll` …). */
  detail: Record<string, unknown>;
}

const COEAC_PATHS: Record<string, string> = {
  hp: 'hp',
  bonusHp: 'bonusHp',
  blockUses: 'armor.blockUses',
  shieldBlockUses: 'armor.shieldBlockUses',
  boons: 'boons',
  maxHp: 'maxHp',
};
const CAIRN_PATHS: Record<string, string> = {
  hp: 'hp',
  maxHp: 'maxHp',
  str: 'str.current',
  dex: 'dex.current',
  wil: 'wil.current',
  maxStr: 'str.max',
  maxDex: 'dex.max',
  maxWil: 'wil.max',
};
const GM_PATHS: Record<string, string> = {
  temporary: 'temporarySurvival',
  survival: 'survival.current',
  verve: 'verve.current',
  injuries: 'injuries.current',
};

/** Maps a stateless change to the sheet's path; null for what has no place on the sheet. */
export function sheetPath(system: string, field: string): SheetChange | null {
  const ledger = (path: string | undefined) => (path ? { path, delta: 0, via: 'ledger' as const } : null);
  if (system === 'coeac') {
    if (field.startsWith('save:')) return { path: `saves.${field.slice(5)}`, delta: 0, via: 'base' };
    if (field.startsWith('skill:')) return { path: `skills.${field.slice(6)}`, delta: 0, via: 'base' };
    return ledger(COEAC_PATHS[field]);
  }
  if (system === 'cairn') return ledger(CAIRN_PATHS[field]);
  if (system === 'gm') return ledger(GM_PATHS[field]);
  return null;
}

function mapped(system: string, changes: FieldChange[]): SheetChange[] {
  const out: SheetChange[] = [];
  for (const change of changes) {
    const target = sheetPath(system, change.field);
    if (target) out.push({ ...{}, ...target, delta: change.delta });
  }
  return out;
}

/**
 * Damage applied to a sheet, with everything that follows, on one seeded stream: COEAC Block, bonus
 * HP, HP and the Down and Out roll; Cairn Armor, HP, scar, STR and the critical-damage save; Archsoul
 * thresholds and the unconscious roll; G&M verve, survival, injuries, the consciousness roll and the
 * death roll.
 */
export function sheetDamage(input: SheetDamageInput, dice: Dice): SheetDamageOutcome {
  const body = record(input, 'input') as unknown as SheetDamageInput;
  const stateBefore = (body.stateBefore ?? 'up') as HarmState;
  switch (body.system) {
    case 'coeac':
      return coeacSheetDamage(body, stateBefore, dice);
    case 'cairn':
      return cairnSheetDamage(body, stateBefore, dice);
    case 'archsoul':
      return archsoulSheetDamage(body, stateBefore, dice);
    case 'gm':
      return gmSheetDamage(body, stateBefore, dice);
    default:
      throw invalid('system is one of: coeac, cairn, archsoul, gm.', 'system');
  }
}

function base(system: string, damage: number, stateBefore: HarmState): SheetDamageOutcome {
  return {
    system,
    damage,
    stateBefore,
    state: stateBefore,
    steps: [],
    fieldChanges: [],
    changes: [],
    conditionsAdded: [],
    conditionsRemoved: [],
    scar: null,
    pending: [],
    odds: {},
    faces: [],
    detail: {},
  };
}

function coeacSheetDamage(input: SheetDamageCoeac, stateBefore: HarmState, dice: Dice): SheetDamageOutcome {
  if (input.aid === true) {
    if (input.medicine === null || input.medicine === undefined)
      throw invalid('Aid after the blow is a Medicine test: send `medicine`.', 'medicine');
    if (stateBefore !== 'down-and-out')
      throw invalid('Aid after the blow is for a character down and out.', 'stateBefore');
    if (input.damage !== 0) throw invalid('Aid after the blow carries no damage.', 'damage');
  }
  const start = dice.faces.length;
  const out = base('coeac', input.damage, stateBefore);
  const damage: CoeacDamageOutcome = coeacDamage({
    hp: input.hp,
    bonusHp: input.bonusHp,
    damage: input.damage,
    block: input.block,
  });
  out.detail.coeacDamage = brief(damage);
  out.steps.push(...damage.steps);
  out.fieldChanges.push(...damage.changes);
  // A shield's Block is its own use (M1): the shield's count goes down with the day's.
  if (input.ownShieldUses === true && input.block?.kind === 'shield') {
    const at = out.fieldChanges.findIndex((c) => c.field === 'blockUses');
    if (at >= 0)
      out.fieldChanges.splice(at + 1, 0, {
        field: 'shieldBlockUses',
        delta: out.fieldChanges[at].delta,
        after: damage.blockUsesLeft,
      });
  }
  if (stateBefore === 'dead') {
    out.steps.push({ name: 'dead', detail: 'Already dead: nothing more follows.', faces: [], odds: null });
  } else if (input.npc === true && input.downAndOutCheck !== true) {
    if (damage.downAndOut || (input.down && damage.damage - damage.blocked > 0)) {
      out.state = worse(stateBefore, 'out');
      out.steps.push({
        name: 'out-of-action',
        detail: 'A non-player character at 0 HP is out of action (no Down and Out roll).',
        faces: [],
        odds: null,
      });
    }
  } else if (
    input.downAndOutCheck === true ||
    input.aid === true ||
    damage.downAndOut ||
    (input.down && damage.damage - damage.blocked > 0)
  ) {
    // Reaching 0 HP, or a separate blow while down: a roll on the Down and Out table.
    const table: DownAndOutOutcome = downAndOut(
      {
        medicine: input.medicine,
        maxHp: input.maxHp,
        saves: input.saves,
        skills: input.skills,
        items: input.items,
      },
      dice,
    );
    out.detail.downAndOut = brief(table);
    out.steps.push(...table.steps);
    out.fieldChanges.push(...table.changes);
    out.odds.downAndOut = table.odds;
    if (table.dead) out.state = 'dead';
    else if (input.downAndOutCheck !== true) out.state = 'down-and-out';
    if (table.result === 'unaided') out.conditionsAdded.push('awaiting-aid');
    else if (stateBefore === 'down-and-out') out.conditionsRemoved.push('awaiting-aid');
  }
  if (input.maxHpDeath === true && out.state !== 'dead') coeacMaxHpDeath(input, out);
  out.changes = mapped('coeac', out.fieldChanges);
  out.faces = dice.faces.slice(start);
  return out;
}

/** Max HP reduced to 0 (by the blow's own lots, or by the write the route reports): permanently dead (003:173). */
function coeacMaxHpDeath(input: SheetDamageCoeac, out: SheetDamageOutcome): void {
  const lost = out.fieldChanges.filter((c) => c.field === 'maxHp').reduce((sum, c) => sum + c.delta, 0);
  const maxHp = input.maxHp + lost;
  if (maxHp > 0) return;
  // Reduced to 0: by this roll (a Lingering Injury), or by the write the route reports.
  if (lost >= 0 && input.maxHpReduced !== true) return;
  out.state = 'dead';
  out.conditionsAdded = out.conditionsAdded.filter((c) => c !== 'awaiting-aid');
  if (input.stateBefore === 'down-and-out' && !out.conditionsRemoved.includes('awaiting-aid'))
    out.conditionsRemoved.push('awaiting-aid');
  out.steps.push({
    name: 'max-hp-zero',
    detail: `Max HP ${maxHp}: the character is dead, permanently.`,
    faces: [],
    odds: null,
  });
}

function cairnSheetDamage(input: SheetDamageCairn, stateBefore: HarmState, dice: Dice): SheetDamageOutcome {
  return cairnSheetDamageWithCore(input, stateBefore, dice).outcome;
}

/**
 * Cairn damage on a sheet as `harm.sheet-damage` computes it, with the stateless damage core's own
 * answer too (a combat action's one roll keeps both: combat.cairn-action).
 */
export function cairnSheetDamageWithCore(
  input: SheetDamageCairn,
  stateBefore: HarmState,
  dice: Dice,
): { outcome: SheetDamageOutcome; core: CairnDamageOutcome } {
  const start = dice.faces.length;
  const result: CairnDamageOutcome = cairnDamage(
    {
      hp: input.hp,
      maxHp: input.maxHp,
      str: input.str,
      dex: input.dex,
      wil: input.wil,
      maxDex: input.maxDex,
      maxWil: input.maxWil,
      ...(input.maxStr === undefined ? {} : { maxStr: input.maxStr }),
      armor: input.armor,
      damage: input.damage,
      die: input.die,
      target: input.target,
      doomed: input.doomed,
      npc: input.npc,
      ...(input.npcScars === false ? { npcScars: false } : {}),
    },
    dice,
  );
  const out = base('cairn', result.damage, stateBefore);
  out.detail.cairnDamage = brief(result);
  out.steps.push(...result.steps);
  out.fieldChanges.push(...result.changes);
  out.odds.cairnDamage = result.odds;
  // A state is never made better by a blow: the worse of before and after stays.
  const state = result.state as HarmState;
  out.state = worse(stateBefore, state);
  if (result.scar) {
    out.scar = `${result.scar.name}`;
    for (const c of result.scar.conditions) out.conditionsAdded.push(c);
    for (const follow of result.scar.followUps) {
      if (follow.timing !== 'now')
        out.pending.push(`${result.scar.name}: ${follow.result} (${follow.timing})`);
    }
  }
  if (input.doomed && result.criticalSave) out.conditionsRemoved.push('doomed');
  out.changes = mapped('cairn', out.fieldChanges);
  out.faces = dice.faces.slice(start);
  return { outcome: out, core: result };
}

function archsoulSheetDamage(
  input: SheetDamageArchsoul,
  stateBefore: HarmState,
  dice: Dice,
): SheetDamageOutcome {
  const start = dice.faces.length;
  const result: ArchsoulConditionOutcome = archsoulCondition(
    {
      hp: input.hp,
      endurance: input.endurance,
      damage: input.damage,
      coupDeGrace: input.coupDeGrace,
      unconscious: input.unconscious,
    },
    dice,
  );
  const out = base('archsoul', input.damage, stateBefore);
  out.detail.archsoulCondition = brief(result);
  out.steps.push(...result.steps);
  out.fieldChanges.push(...result.changes);
  out.odds.archsoulCondition = result.odds;
  const state: HarmState = result.state === 'conscious' ? 'up' : result.state;
  out.state = worse(stateBefore, state);
  if (input.fatal === true && out.state !== 'dead') {
    out.state = 'dead';
    out.steps.push({ name: 'dead', detail: 'The hazard itself was fatal: dead.', faces: [], odds: null });
  }
  if (result.unconsciousRounds !== null) {
    out.pending.push(
      `Unconscious for ${result.unconsciousRounds} round(s), then wakes ${result.wakesWith ?? 'disabled'}`,
    );
  }
  // HP by the sheet's two tracked values: `hp` (0 and up) and `belowZero` (what lies under 0).
  const before = { hp: Math.max(0, input.hp), below: Math.max(0, -input.hp) };
  const after = { hp: Math.max(0, result.hp), below: Math.max(0, -result.hp) };
  if (after.hp !== before.hp) out.changes.push({ path: 'hp', delta: after.hp - before.hp, via: 'ledger' });
  if (after.below !== before.below)
    out.changes.push({ path: 'belowZero', delta: after.below - before.below, via: 'ledger' });
  out.faces = dice.faces.slice(start);
  return out;
}

function gmSheetDamage(input: SheetDamageGm, stateBefore: HarmState, dice: Dice): SheetDamageOutcome {
  const start = dice.faces.length;
  const result: GmDamageOutcome = gmDamage(
    {
      survival: input.survival,
      verve: input.verve,
      injuries: input.injuries,
      damage: input.damage,
      archetypal: input.archetypal,
      weaponDice: input.weaponDice,
      ...(input.forcedInjuries ? { forcedInjuries: input.forcedInjuries } : {}),
      evaded: input.evaded,
      consciousness: input.consciousness,
      temporary: input.temporary ?? 0,
    },
    dice,
  );
  const out = base('gm', input.damage, stateBefore);
  out.detail.gmDamage = brief(result);
  const pool = input.temporary ?? 0;
  if (pool > 0) {
    const source = input.temporarySource ?? null;
    out.detail.temporaryPool = {
      source,
      before: pool,
      after: result.temporary,
      absorbed: pool - result.temporary,
    };
    if (source) {
      const step = result.steps.find((s) => s.name === 'temporary');
      if (step) step.detail = `${step.detail} (${source})`;
    }
  }
  out.steps.push(...result.steps);
  out.fieldChanges.push(...result.changes);
  let state: HarmState = stateBefore;
  const unconscious = input.unconscious || result.unconsciousMinutes !== null;
  // A failed roll puts a semi-conscious character out again (our reading: a new fall).
  if (result.unconsciousMinutes !== null && stateBefore === 'semi-conscious') state = 'unconscious';
  if (result.unconsciousMinutes !== null) {
    state = worse(state, 'unconscious');
    out.pending.push(`Unconscious for ${result.unconsciousMinutes} minute(s)`);
  }
  if (result.consciousnessRollDue && result.consciousnessRoll === null)
    out.pending.push(GM_CONSCIOUSNESS_DUE);
  if (result.deathRollDue && stateBefore !== 'dying' && stateBefore !== 'dead') {
    const death: GmDeathRollOutcome = gmDeathRoll(
      { injuries: result.injuries, endurance: input.endurance, unconscious },
      dice,
    );
    out.detail.gmDeathRoll = brief(death);
    out.steps.push(...death.steps);
    out.odds.gmDeathRoll = death.odds;
    if (death.dying) {
      state = 'dying';
      const timer = death.timer!;
      out.pending.push(
        timer.amount <= 0
          ? 'Dying: the time is already up (death by the end of the scene; one heroic last effort)'
          : `Dying: death in ${timer.amount} ${timer.unit} unless the injuries are healed`,
      );
    }
  }
  out.state = state;
  out.changes = mapped('gm', out.fieldChanges);
  out.faces = dice.faces.slice(start);
  return out;
}

const SEVERITY: Record<HarmState, number> = {
  up: 0,
  paralysed: 1,
  delirious: 1,
  'down-and-out': 2,
  'semi-conscious': 2,
  unconscious: 2,
  out: 3,
  critical: 4,
  dying: 5,
  dead: 6,
};

/** The worse of two states (a blow never improves a state; healing and rests do). */
export function worse(a: HarmState, b: HarmState): HarmState {
  return SEVERITY[b] > SEVERITY[a] ? b : a;
}

// ---------------------------------------------------------------------------------------------
// Rests

export interface SheetRestCoeac {
  /** The harm state the sheet kept before (default up). */
  stateBefore?: HarmState;
  system: 'coeac';
  kind: CoeacRestKind;
  hp: number;
  maxHp: number;
  /** Rations eaten (the majority of the party ate, for a party rest); NPCs eat from no inventory. */
  fed: boolean;
  /** The Rations item eaten: its depletion score and whether it was on its last use. */
  rations: { score: number; lastUse: boolean } | null;
  armor: string[];
  /**
   * A party's short rest (003:220): everyone regains when the majority of the party spends Rations,
   * so `fed` is decided here from the count: `members` resting, `fed` of them with Rations. Only a
   * character who had Rations spends them. Sent by the party rest since issue 39's COEAC part; absent
   * in rolls logged before (and on a lone character's rest), where the character's own `fed` holds.
   */
  party?: { members: number; fed: number } | null;
}

export interface SheetRestCairn {
  /** The harm state the sheet kept before (default up). */
  stateBefore?: HarmState;
  system: 'cairn';
  kind: CairnRestKind;
  hp: number;
  maxHp: number;
  fatigue: number;
  deprived: boolean;
  safe: boolean;
  healer: boolean;
  str: { current: number; max: number };
  dex: { current: number; max: number };
  wil: { current: number; max: number };
  /**
   * The sheet's harm conditions: a scar's `deprived` (Walloped; a Mortal Wound with `out-of-action`,
   * and `dying` until tended) blocks the rest as `deprived` does, until the rest that ends it (M3).
   * Absent in rolls logged before, which replay as they were.
   */
  conditions?: string[] | null;
}

/**
 * Whether a Cairn rest of this kind ends the deprivation a scar gave (our readings of 004:123, 131):
 * Walloped's lasts until a few hours of rest (a night, or a week); a Mortal Wound's lasts until it is
 * tended (no `dying`) and the character recovers (a week's rest). Answers null without a scar's.
 */
export function scarDeprivationEnds(kind: string, conditions: readonly string[]): boolean | null {
  if (!conditions.includes('deprived')) return null;
  if (conditions.includes('out-of-action')) return !conditions.includes('dying') && kind === 'week';
  return kind === 'night' || kind === 'week';
}

export interface SheetRestGm {
  /** The harm state the sheet kept before (default up). */
  stateBefore?: HarmState;
  system: 'gm';
  kind: GmHealingKind;
  level: number;
  survival: number;
  maxSurvival: number;
  injuries: number;
  verve: number;
  maxVerve: number;
  health: number | null;
  choice: GmHealingChoice | null;
  npc: boolean;
  amount: number | null;
  injuriesHealed: number | null;
  /** Injuries nothing heals (G&M aging, issue 43); absent on rests logged before. */
  unhealable?: number;
}

export interface SheetRestArchsoul {
  /** The harm state the sheet kept before (default up). */
  stateBefore?: HarmState;
  system: 'archsoul';
  /** A full night's sleep (8 hours, at most a third on watch) or an hour's rest. */
  kind: 'night' | 'hour';
  /** HP as the rules read it (`hp − belowZero`). */
  hp: number;
  maxHp: number;
  /** The sheet's fatigue level (0 fresh, 1 fatigued, 2 exhausted, 3 unconscious). */
  fatigue: number;
  /** Endurance lost (the hazards module's `enduranceLoss`). */
  enduranceLoss: number;
  disabled: boolean;
  /** Night: minutes of the 8 hours spent on watch (more than a third, 160: no full night, 002:49). */
  watchMinutes?: number | null;
  /**
   * Thirst and hunger as the hazards rest reads them (M8; 002:44–45): hours since the last drink and
   * meal, water drunk over the last day. Absent: fed and watered (and in rests logged before).
   */
  hoursWithoutWater?: number | null;
  hoursWithoutFood?: number | null;
  waterMillilitres?: number | null;
}

export type SheetRestInput = SheetRestCoeac | SheetRestCairn | SheetRestGm | SheetRestArchsoul;

export interface SheetRestOutcome {
  system: string;
  kind: string;
  rested: boolean;
  stateBefore: HarmState;
  state: HarmState;
  steps: HarmStep[];
  fieldChanges: FieldChange[];
  changes: SheetChange[];
  /** COEAC: the Rations' depletion check (the service spends or marks the item). */
  rations: DepletionOutcome | null;
  /** Cairn: Fatigue cleared (the service removes that many Fatigue items). */
  fatigueCleared: number;
  conditionsRemoved: string[];
  faces: number[];
  odds: Record<string, unknown>;
  detail: Record<string, unknown>;
}

function coeacParty(body: SheetRestCoeac): { members: number; fed: number } | null {
  if (body.party === undefined || body.party === null) return null;
  const party = record(body.party, 'party');
  const members = wholeNumber(party.members, 'party.members', 1, 10_000);
  const fed = wholeNumber(party.fed, 'party.fed', 0, members);
  return { members, fed };
}

/** A rest or healing applied to a sheet: what each system restores, Rations and Deprived included. */
export function sheetRest(input: SheetRestInput, dice: Dice): SheetRestOutcome {
  const body = record(input, 'input') as unknown as SheetRestInput;
  const stateBefore = (body.stateBefore ?? 'up') as HarmState;
  const start = dice.faces.length;
  const out: SheetRestOutcome = {
    system: body.system,
    kind: body.kind,
    rested: true,
    stateBefore,
    state: stateBefore,
    steps: [],
    fieldChanges: [],
    changes: [],
    rations: null,
    fatigueCleared: 0,
    conditionsRemoved: [],
    faces: [],
    odds: {},
    detail: {},
  };
  if (stateBefore === 'dead') {
    out.rested = false;
    out.steps.push({ name: 'dead', detail: 'The dead do not rest.', faces: [], odds: null });
    return out;
  }
  if (body.system === 'coeac') {
    const party = coeacParty(body);
    const fed = party && body.kind === 'short' ? party.fed * 2 > party.members : body.fed;
    if (party && body.kind === 'short')
      out.steps.push({
        name: 'party-rations',
        detail: `${party.fed} of ${party.members} in the party spend Rations: ${
          fed ? 'the majority ate, everyone regains' : 'not the majority, nobody regains'
        }.`,
        faces: [],
        odds: null,
      });
    const rest: CoeacRestOutcome = coeacRest({
      kind: body.kind,
      hp: body.hp,
      maxHp: body.maxHp,
      rations: fed,
      armor: body.armor,
    });
    out.detail.coeacRest = brief(rest);
    out.rested = rest.rested;
    out.steps.push(...rest.steps);
    out.fieldChanges.push(...rest.changes);
    if (rest.rested && body.rations) {
      out.rations = depletionCheck({ score: body.rations.score, lastUse: body.rations.lastUse }, dice);
      out.odds.rationsLastUse = out.rations.odds.lastUse;
      out.steps.push({
        name: 'rations',
        detail: out.rations.spent
          ? 'The Rations were on their last use: they are gone.'
          : out.rations.lastUse
            ? `Rations depletion d20 ${out.rations.roll} ≥ ${out.rations.score}: one use left.`
            : `Rations depletion d20 ${out.rations.roll} < ${out.rations.score}: they last.`,
        faces: out.rations.roll === null ? [] : [out.rations.roll],
        odds: out.rations.roll === null ? null : { lastUse: out.rations.odds.lastUse },
      });
    }
    // Long rest: Block uses back to a day's worth (the service knows the armour).
    out.changes = mapped(
      'coeac',
      out.fieldChanges.filter((c) => c.field !== 'blockUses'),
    );
    const hpAfter = body.hp + out.changes.filter((c) => c.path === 'hp').reduce((s, c) => s + c.delta, 0);
    // Back above 0 HP: a down and out character, or an NPC out of action at 0 HP (003:920), is up again.
    if ((stateBefore === 'down-and-out' || stateBefore === 'out') && hpAfter > 0) out.state = 'up';
  } else if (body.system === 'cairn') {
    const conditions = Array.isArray(body.conditions) ? body.conditions : [];
    const scarEnds = scarDeprivationEnds(body.kind, conditions);
    if (scarEnds === true) {
      out.conditionsRemoved.push('deprived');
      if (conditions.includes('out-of-action')) out.conditionsRemoved.push('out-of-action');
      if (conditions.includes('tended')) out.conditionsRemoved.push('tended');
      out.steps.push({
        name: 'scar-deprivation',
        detail: conditions.includes('out-of-action')
          ? 'The tended Mortal Wound mends over the week: no longer deprived or out of action.'
          : 'A few hours of rest end the deprivation Walloped gave.',
        faces: [],
        odds: null,
      });
    } else if (scarEnds === false) {
      out.steps.push({
        name: 'scar-deprivation',
        detail: conditions.includes('dying')
          ? 'An untended Mortal Wound: deprived, nothing comes back until it is tended.'
          : conditions.includes('out-of-action')
            ? 'A tended Mortal Wound: deprived until a week of rest.'
            : 'Walloped: deprived until a few hours of rest (a night).',
        faces: [],
        odds: null,
      });
    }
    const rest: CairnRestOutcome = cairnRest({
      kind: body.kind,
      hp: body.hp,
      maxHp: body.maxHp,
      fatigue: body.fatigue,
      deprived: body.deprived || scarEnds === false,
      safe: body.safe,
      healer: body.healer,
      str: body.str,
      dex: body.dex,
      wil: body.wil,
    });
    out.detail.cairnRest = brief(rest);
    out.rested = !rest.blocked;
    out.steps.push(...rest.steps);
    out.fieldChanges.push(...rest.changes);
    out.fatigueCleared = -(rest.changes.find((c) => c.field === 'fatigue')?.delta ?? 0);
    out.changes = mapped('cairn', rest.changes);
    // Rest brings a character back from out (a Mortal Wound healed, attributes restored), and one
    // stabilised after critical damage (CA-24: aid stopped its dying; any rest ends the crawl).
    const stabilised = conditions.includes('stabilised');
    if (out.rested && stateBefore !== 'critical' && rest.str !== null && rest.str > 0) {
      const zero = (rest.dex ?? 1) === 0 ? 'paralysed' : (rest.wil ?? 1) === 0 ? 'delirious' : 'up';
      if (body.kind === 'week' || zero !== 'up' || stabilised) out.state = zero;
      if (stabilised) out.conditionsRemoved.push('stabilised');
    }
  } else if (body.system === 'gm') {
    const heal: GmHealingOutcome = gmHealing(
      {
        kind: body.kind,
        level: body.level,
        survival: body.survival,
        maxSurvival: body.maxSurvival,
        injuries: body.injuries,
        verve: body.verve,
        maxVerve: body.maxVerve,
        health: body.health,
        choice: body.choice,
        npc: body.npc,
        amount: body.amount,
        injuriesHealed: body.injuriesHealed,
        ...(body.unhealable ? { unhealable: body.unhealable } : {}),
      },
      dice,
    );
    out.detail.gmHealing = brief(heal);
    out.steps.push(...heal.steps);
    out.fieldChanges.push(...heal.changes);
    out.changes = mapped('gm', heal.changes);
    if (heal.healthRoll) out.odds.health = heal.healthRoll.odds;
    if (heal.deathCancelled || (stateBefore === 'dying' && heal.injuries === 0)) {
      out.state = 'up';
      out.conditionsRemoved.push('death-roll-due');
    } else if (
      (stateBefore === 'unconscious' || stateBefore === 'semi-conscious') &&
      (body.kind === 'night' || body.kind === 'day')
    )
      out.state = 'up';
  } else if (body.system === 'archsoul') {
    archsoulSheetRest(body, out);
  } else {
    throw invalid('system is one of: coeac, cairn, archsoul, gm.', 'system');
  }
  out.faces = dice.faces.slice(start);
  return out;
}

/**
 * An Archsoul rest on a sheet (002:48–50) by the hazards module's stateless rest (`archsoulRest`): a
 * full night's sleep restores every HP, clears Disabled, gives back one point of Endurance lost and
 * lowers fatigue a level (exhausted to fatigued); an hour's rest is +1 HP and clears Disabled. The
 * character is taken as fed and watered (thirst and hunger are the hazards rest's). HP comes back
 * through `belowZero` first, then `hp`; a character whose HP rises above 0 comes to (`up`).
 */
function archsoulSheetRest(body: SheetRestArchsoul, out: SheetRestOutcome): void {
  if (body.kind !== 'night' && body.kind !== 'hour')
    throw invalid('An Archsoul rest is night or hour.', 'kind');
  const hp = Math.min(body.hp, body.maxHp);
  const sustenance = archsoulSustenance(body);
  const rest: ArchsoulRestOutcome = archsoulRest({
    fatigue: Math.min(3, Math.max(0, body.fatigue)),
    hitPoints: Math.max(-1000, Math.min(1000, hp)),
    maxHitPoints: Math.min(1000, body.maxHp),
    ...(body.kind === 'night' ? { sleepHours: 8, watchMinutes: body.watchMinutes ?? 0 } : { restHours: 1 }),
    ...(body.enduranceLoss > 0
      ? { attributeReductions: { Endurance: Math.min(1000, body.enduranceLoss) } }
      : {}),
    disabled: body.disabled,
    // The same reading of thirst and hunger as the hazards rest (one procedure, archsoulRest, serves both).
    ...sustenance,
  });
  out.detail.archsoulRest = {
    fullNight: rest.fullNight,
    fatigueBefore: rest.fatigueBefore,
    fatigueAfter: rest.fatigueAfter,
    hitPointsAfter: rest.hitPointsAfter,
    attributeReductionsAfter: rest.attributeReductionsAfter,
    disabledAfter: rest.disabledAfter,
    ...(Object.keys(sustenance).length > 0
      ? {
          deprivationFatigue: rest.deprivationFatigue,
          thirsty: rest.thirsty,
          hungry: rest.hungry,
          halfWater: rest.halfWater,
        }
      : {}),
  };
  const hpAfter = rest.hitPointsAfter ?? hp;
  const before = { hp: Math.max(0, body.hp), below: Math.max(0, -body.hp) };
  const after = { hp: Math.max(0, hpAfter), below: Math.max(0, -hpAfter) };
  const change = (path: string, field: string, delta: number, value: number | null) => {
    if (delta === 0) return;
    out.changes.push({ path, delta, via: 'ledger' });
    out.fieldChanges.push({ field, delta, after: value });
  };
  change('belowZero', 'belowZero', after.below - before.below, after.below);
  change('hp', 'hp', after.hp - before.hp, after.hp);
  const fatigueDelta = rest.fatigueAfter - Math.min(3, body.fatigue);
  change('fatigue', 'fatigue', fatigueDelta, body.fatigue + fatigueDelta);
  const endurance = rest.attributeReductionsAfter.Endurance;
  if (typeof endurance === 'number' && endurance < body.enduranceLoss)
    change('enduranceLoss', 'enduranceLoss', endurance - body.enduranceLoss, endurance);
  if (body.kind === 'night' && !rest.fullNight) {
    out.rested = false;
    out.steps.push({
      name: 'archsoul-rest',
      detail: `More than a third of the night on watch (${body.watchMinutes} minutes): no full night’s sleep, nothing restored.`,
      faces: [],
      odds: null,
    });
    return;
  }
  if (
    rest.deprivationFatigue > 0 ||
    (body.kind === 'night' && (rest.thirsty || rest.hungry || rest.halfWater))
  )
    out.steps.push({
      name: 'archsoul-sustenance',
      detail: `${rest.thirsty ? 'Thirsty' : rest.halfWater ? 'On half water' : ''}${rest.hungry ? `${rest.thirsty || rest.halfWater ? ' and hungry' : 'Hungry'}` : ''}: ${rest.deprivationFatigue} fatigue from going without${body.kind === 'night' ? '; sleep clears none' : ''}.`,
      faces: [],
      odds: null,
    });
  const words = body.kind === 'night' ? 'A full night’s sleep' : 'An hour’s rest';
  out.steps.push({
    name: 'archsoul-rest',
    detail: `${words}: HP ${body.hp} → ${hpAfter}${body.kind === 'night' ? `, fatigue ${body.fatigue} → ${body.fatigue + fatigueDelta}` : ''}${body.disabled ? ', Disabled cleared' : ''}.`,
    faces: [],
    odds: null,
  });
  if (body.disabled) out.conditionsRemoved.push('disabled');
  if ((out.stateBefore === 'unconscious' || out.stateBefore === 'up') && hpAfter > 0) out.state = 'up';
}

/** A stateless outcome without what the composed answer already carries (steps, changes, faces). */
function brief(outcome: object): Record<string, unknown> {
  const { steps: _steps, changes: _changes, faces: _faces, ...rest } = outcome as Record<string, unknown>;
  return rest;
}
