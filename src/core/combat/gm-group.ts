import { passingFaces } from '../checks/ability-roll';
import {
  fieldPath,
  invalid,
  optionalFlag,
  optionalWholeNumber,
  record,
  wholeNumber,
} from '../checks/validate';
import type { Dice } from '../random';
import { CombatLog, type CombatModifier, type CombatStep } from './combat-steps';

export const MAX_GROUP_SIZE = 1_000_000;
export const MAX_GROUP_MEMBERS = 200;
export const MAX_GROUP_SCORE = 1000;

/** The group effort bonus table (seed 001, "Group Effort Bonuses") as published, in our rows. */
export const GROUP_BONUS_TABLE: readonly { from: number; to: number; bonus: number }[] = Array.from(
  { length: 11 },
  (_, bonus) => ({
    from: 2 ** bonus,
    to: 2 ** (bonus + 1) - 1,
    bonus,
  }),
);

/**
 * The group effort bonus for `count` members: 1 → 0, 2–3 → 1, 4–7 → 2 … 1024–2047 → 10. The seed's
 * last band reads "1024–2055", a slip for 2047 (every band doubles); bigger groups go on doubling.
 * This is the only copy: group efforts, group attacks, mass conflicts and tracking all read it.
 */
export function groupBonus(count: number): number {
  return Math.floor(Math.log2(count) + 1e-9);
}

/** The median: the middle value, or the mean of the middle two. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface GmGroupEffortInput {
  /** Each member's final target number (score with its own bonuses); or send `size` and `target`. */
  members?: { target: number; bonus?: number | null }[] | null;
  /** A large group of like members: its size … */
  size?: number | null;
  /** … and their median target. */
  target?: number | null;
  /** Roll the group's check (default true). */
  roll?: boolean | null;
  /** A morale check: on a failure, the group's delay is the miss, at most the bonus. */
  morale?: boolean | null;
  /** A leader's charisma roll to change the group's action; the margin cuts the delay. */
  leaderCharisma?: number | null;
}

export interface GmGroupEffortOutcome {
  size: number;
  bonus: number;
  /** Extra actions per round: the bonus. */
  extraActions: number;
  medianTarget: number;
  /** The median of the members' own bonuses, when they gave any. */
  medianBonus: number | null;
  /** The group's number: ⌊median⌋ + bonus (a d20 cannot land between two faces). */
  target: number;
  roll: number | null;
  passed: boolean | null;
  margin: number | null;
  /** Rounds to change plan, or to leave the group: the bonus. */
  changeDelay: number;
  leaveDelay: number;
  /** A failed morale check's delay (the miss, at most the bonus); null without a morale check. */
  moraleDelay: number | null;
  leader: { target: number; roll: number; passed: boolean; delay: number; odds: { success: number } } | null;
  modifiers: CombatModifier[];
  steps: CombatStep[];
  faces: number[];
  odds: { success: number };
}

/**
 * G&M group effort (seed 001, "Group Effort"): the group rolls as one against the median of its
 * members' numbers plus the group bonus, gets the bonus in extra actions, and takes the bonus in
 * rounds to change plan or to leave it. A morale check's failure delays the group by the miss, at
 * most the bonus; a leader's successful charisma roll takes its margin off the delay.
 */
export function gmGroupEffort(input: GmGroupEffortInput, dice: Dice): GmGroupEffortOutcome {
  const body = record(input, 'input');
  const hasMembers = body.members !== undefined && body.members !== null;
  const hasSize = body.size !== undefined && body.size !== null;
  if (hasMembers === hasSize)
    throw invalid('Send either `members` or `size` with `target`.', hasMembers ? 'size' : 'members');
  let size: number;
  let medianTarget: number;
  let medianBonus: number | null = null;
  const log = new CombatLog();
  if (hasMembers) {
    if (!Array.isArray(body.members) || body.members.length < 1 || body.members.length > MAX_GROUP_MEMBERS) {
      throw invalid(`\`members\` lists 1 to ${MAX_GROUP_MEMBERS} members.`, 'members');
    }
    const members = (body.members as unknown[]).map((raw, i) => {
      const m = record(raw, `members[${i}]`);
      return {
        target: wholeNumber(m.target, fieldPath(`members[${i}]`, 'target'), 0, MAX_GROUP_SCORE),
        bonus:
          m.bonus === undefined || m.bonus === null
            ? null
            : wholeNumber(m.bonus, fieldPath(`members[${i}]`, 'bonus'), 0, MAX_GROUP_SCORE),
      };
    });
    size = members.length;
    medianTarget = median(members.map((m) => m.target));
    if (members.some((m) => m.bonus !== null)) medianBonus = median(members.map((m) => m.bonus ?? 0));
  } else {
    size = wholeNumber(body.size, 'size', 1, MAX_GROUP_SIZE);
    if (body.target === undefined || body.target === null)
      throw invalid('`target` is required with `size`.', 'target');
    medianTarget = wholeNumber(body.target, 'target', 0, MAX_GROUP_SCORE);
  }
  const bonus = groupBonus(size);
  log.modifier('median', Math.floor(medianTarget), `the members' median number ${medianTarget}`);
  log.modifier('group-bonus', bonus, `${size} members: group bonus +${bonus}`);
  const target = Math.floor(medianTarget) + bonus;
  const start = dice.faces.length;
  const doRoll = body.roll === undefined || body.roll === null ? true : optionalFlag(body.roll, 'roll');
  const morale = optionalFlag(body.morale, 'morale');
  const pass = passingFaces(target) / 20;
  let roll: number | null = null;
  let passed: boolean | null = null;
  let margin: number | null = null;
  let moraleDelay: number | null = null;
  if (doRoll || morale) {
    roll = dice.die(20);
    passed = roll <= target;
    margin = target - roll;
    log.step(
      morale ? 'morale-check' : 'group-roll',
      `d20 ${roll} against ${target}: ${passed ? 'success' : 'failure'}`,
      [roll],
      { success: pass, failure: 1 - pass },
    );
    if (morale) {
      moraleDelay = passed ? 0 : Math.min(bonus, roll - target);
      log.step('morale-delay', passed ? 'the group holds' : `the group wavers for ${moraleDelay} rounds`);
    }
  }
  let leader: GmGroupEffortOutcome['leader'] = null;
  if (body.leaderCharisma !== undefined && body.leaderCharisma !== null) {
    const cha = wholeNumber(body.leaderCharisma, 'leaderCharisma', 0, MAX_GROUP_SCORE);
    const r = dice.die(20);
    const ok = r <= cha;
    const delay = ok ? Math.max(0, bonus - (cha - r)) : bonus;
    leader = { target: cha, roll: r, passed: ok, delay, odds: { success: passingFaces(cha) / 20 } };
    log.step(
      'leader',
      `leader's charisma ${r} against ${cha}: ${ok ? `the group changes course in ${delay} rounds` : 'the group carries on'}`,
      [r],
      {
        success: leader.odds.success,
        failure: 1 - leader.odds.success,
      },
    );
  }
  return {
    size,
    bonus,
    extraActions: bonus,
    medianTarget,
    medianBonus,
    target,
    roll,
    passed,
    margin,
    changeDelay: bonus,
    leaveDelay: bonus,
    moraleDelay,
    leader,
    modifiers: log.modifiers,
    steps: log.steps,
    faces: dice.faces.slice(start),
    odds: { success: pass },
  };
}

/** Aftermath dice: the smallest at least as big as the most damage one member took. */
export const AFTERMATH_DICE = [2, 3, 4, 6, 8, 10, 12, 20, 100] as const;

export interface GmMassConflictInput {
  /** Members in the unit. */
  size: number;
  medianSurvival: number;
  medianMovement?: number | null;
  medianAttackBonus?: number | null;
  medianDefense?: number | null;
  /** After the fight: survival and injury damage the unit took … */
  damageTaken?: number | null;
  /** … the unit's injury points (a penalty to each member's evasion) … */
  injuries?: number | null;
  /** … and the members' median evasion. Rolls each member when the unit has at most 200. */
  medianEvasion?: number | null;
}

export interface GmAftermath {
  /** Damage ÷ bonus, rounded up: the most one member took. */
  maxPerMember: number;
  die: string | null;
  evasionTarget: number;
  /** Expected members that evade (survival) and fail (injuries). */
  expectedEvading: number;
  expectedInjured: number;
  members: { member: number; damage: number; evasion: number; evaded: boolean }[];
  odds: { evade: number; damage: Record<string, number> };
}

export interface GmMassConflictOutcome {
  size: number;
  bonus: number;
  extraActions: number;
  survival: number;
  movement: number | null;
  attackBonus: number | null;
  defense: number | null;
  aftermath: GmAftermath | null;
  modifiers: CombatModifier[];
  steps: CombatStep[];
  faces: number[];
}

/**
 * G&M mass conflict (seed 001, "Mass Conflict", "Aftermath"): a unit fights as one combatant with
 * survival = median + median × bonus, movement raised by median × bonus, and the group bonus on
 * attack and defence. After the fight each member's damage comes from the smallest die covering the
 * most any member took (impossible faces rolled again), and its evasion decides survival or injuries.
 */
export function gmMassConflict(input: GmMassConflictInput, dice: Dice): GmMassConflictOutcome {
  const body = record(input, 'input');
  const size = wholeNumber(body.size, 'size', 1, MAX_GROUP_SIZE);
  const survivalMedian = wholeNumber(body.medianSurvival, 'medianSurvival', 0, 100_000);
  const movementMedian =
    body.medianMovement === undefined || body.medianMovement === null
      ? null
      : wholeNumber(body.medianMovement, 'medianMovement', 0, 100_000);
  const attack =
    body.medianAttackBonus === undefined || body.medianAttackBonus === null
      ? null
      : wholeNumber((body.medianAttackBonus as number) + 100, 'medianAttackBonus', 0, 200) - 100;
  const defenseMedian =
    body.medianDefense === undefined || body.medianDefense === null
      ? null
      : wholeNumber((body.medianDefense as number) + 100, 'medianDefense', 0, 200) - 100;
  const bonus = groupBonus(size);
  const log = new CombatLog();
  log.modifier('group-bonus', bonus, `${size} members: group bonus +${bonus}`);
  const survival = survivalMedian + survivalMedian * bonus;
  log.step('survival', `survival ${survivalMedian} + ${survivalMedian} × ${bonus} = ${survival}`);
  const movement = movementMedian === null ? null : movementMedian + movementMedian * bonus;
  if (movement !== null)
    log.step('movement', `movement ${movementMedian} + ${movementMedian} × ${bonus} = ${movement}`);
  const start = dice.faces.length;
  let aftermath: GmAftermath | null = null;
  if (body.damageTaken !== undefined && body.damageTaken !== null) {
    const damage = wholeNumber(body.damageTaken, 'damageTaken', 0, 10_000_000);
    const injuries = optionalWholeNumber(body.injuries, 'injuries', 0, 0, 10_000_000);
    if (body.medianEvasion === undefined || body.medianEvasion === null)
      throw invalid('The aftermath needs `medianEvasion`.', 'medianEvasion');
    const evasion = wholeNumber(body.medianEvasion, 'medianEvasion', 0, MAX_GROUP_SCORE);
    const maxPerMember = bonus === 0 ? damage : Math.ceil(damage / bonus);
    const sides: number = AFTERMATH_DICE.find((s) => s >= maxPerMember) ?? 100;
    const capped = Math.min(maxPerMember, sides);
    const evasionTarget = evasion - injuries;
    const pEvade = passingFaces(evasionTarget) / 20;
    const dmgOdds: Record<string, number> = {};
    if (capped > 0) for (let k = 1; k <= capped; k += 1) dmgOdds[String(k)] = 1 / capped;
    else dmgOdds['0'] = 1;
    const members: GmAftermath['members'] = [];
    if (size <= MAX_GROUP_MEMBERS) {
      for (let m = 1; m <= size; m += 1) {
        let taken = 0;
        if (capped > 0) {
          do taken = dice.die(sides);
          while (taken > capped);
        }
        const ev = dice.die(20);
        members.push({ member: m, damage: taken, evasion: ev, evaded: ev <= evasionTarget });
      }
    }
    aftermath = {
      maxPerMember,
      die: maxPerMember === 0 ? null : `d${sides}`,
      evasionTarget,
      expectedEvading: size * pEvade,
      expectedInjured: size * (1 - pEvade),
      members,
      odds: { evade: pEvade, damage: dmgOdds },
    };
    log.step(
      'aftermath',
      `${damage} damage ÷ ${Math.max(1, bonus)} = ${maxPerMember} at most per member${aftermath.die ? ` (${aftermath.die}, higher faces rolled again)` : ''}; evasion ${evasionTarget}: about ${Math.round(size * pEvade)} of ${size} evade`,
      dice.faces.slice(start),
      { evade: pEvade, fail: 1 - pEvade },
    );
  }
  return {
    size,
    bonus,
    extraActions: bonus,
    survival,
    movement,
    attackBonus: attack === null ? null : attack + bonus,
    defense: defenseMedian === null ? null : defenseMedian + bonus,
    aftermath,
    modifiers: log.modifiers,
    steps: log.steps,
    faces: dice.faces.slice(start),
  };
}
