import { passingFaces } from '../checks/ability-roll';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { majorContributor, minorContributor } from '../characters/gm-derivation';
import type { Dice } from '../random';
import {
  addMass,
  asOdds,
  CombatLog,
  type CombatModifier,
  type CombatStep,
  type Distribution,
} from './combat-steps';

export const GM_PSYCHIC_ACTIONS = ['attack', 'enter', 'exit'] as const;
export type GmPsychicAction = (typeof GM_PSYCHIC_ACTIONS)[number];
/** Entering a psychic conflict costs 2 verve and gives −2 in its first round. */
export const PSYCHIC_ENTRY_VERVE = 2;
export const PSYCHIC_FIRST_ROUND_PENALTY = 2;
export const PSYCHIC_DISTRACTION_PENALTY = 3;

export interface GmPsychicInput {
  action: GmPsychicAction;
  attacker: {
    charisma: number;
    /** Reason, for `exit`. */
    reason?: number | null;
    monkLevel: number;
    verve: number;
    /** Verve spent on this attack (1 … monk level). Default 1. */
    spend?: number | null;
    /** The first round of the conflict: −2. */
    firstRound?: boolean | null;
    /** Talking or moving at half speed: −3. */
    distracted?: boolean | null;
    /** Stun from psychic damage to survival last round: that much as a penalty. */
    stun?: number | null;
  };
  defender?: {
    /** Intelligence: a monk's psychic defence (major contributor). */
    intelligence?: number | null;
    monk?: boolean | null;
    /** Verve spent on defence (+2 psychic defence each). */
    defenseVerve?: number | null;
    distracted?: boolean | null;
    verve: number;
    survival: number;
    /** Take psychic damage from survival instead of verve (it stuns). */
    fromSurvival?: boolean | null;
    /** Willpower, for an unwilling target of `enter`. */
    willpower?: number | null;
    /**
     * The target's own charisma: its minor contributor helps it resist `enter` (version 2; version 1
     * added the attacker's charisma instead). Without it no charisma is counted.
     */
    charisma?: number | null;
  } | null;
}

export interface GmPsychicOutcome {
  action: GmPsychicAction;
  target: number;
  roll: number;
  success: boolean;
  /** Verve the actor spends. */
  verveSpent: number;
  damage: number;
  /** The defender after the damage, when attacked. */
  defender: {
    verve: number;
    survival: number;
    injuries: number;
    stun: number;
    leavesConflict: boolean;
  } | null;
  modifiers: CombatModifier[];
  steps: CombatStep[];
  faces: number[];
  odds: { success: number; damage: Record<string, number> | null };
}

/**
 * G&M psychic conflict (seed 001, "Psychic Conflict"): an attack is a d20 at or under 11 + charisma
 * (minor) − the defender's psychic defence (a monk's intelligence as major, +2 per verve spent on
 * defence) and deals d4 + charisma (major) + 1 per verve beyond the first. Damage comes from verve,
 * then survival; damage to survival stuns for that much next round, and injuries end the conflict.
 * Entering costs 2 verve (an unwilling target resists with its willpower plus its own charisma
 * minor: our reading of 001:1356 and 1367, docs/decisions.md "Issue 43"); leaving is a reason roll
 * with the leaver's charisma minor.
 */
export function gmPsychic(input: GmPsychicInput, dice: Dice): GmPsychicOutcome {
  return psychic(input, dice, 'target');
}

/**
 * Version 1 of {@link gmPsychic} (`combat.gm-psychic`), kept only for replay: an unwilling target of
 * `enter` resisted with the attacker's charisma minor added to its willpower.
 */
export function gmPsychicV1(input: GmPsychicInput, dice: Dice): GmPsychicOutcome {
  return psychic(input, dice, 'attacker');
}

/** Whose charisma helps an unwilling target resist `enter`. */
type EntryCharisma = 'attacker' | 'target';

function psychic(input: GmPsychicInput, dice: Dice, entryCharisma: EntryCharisma): GmPsychicOutcome {
  const body = record(input, 'input');
  if (!GM_PSYCHIC_ACTIONS.includes(body.action as GmPsychicAction))
    throw invalid('`action` is attack, enter or exit.', 'action');
  const action = body.action as GmPsychicAction;
  const a = record(body.attacker, 'attacker');
  const cha = wholeNumber(a.charisma, 'attacker.charisma', 1, 1000);
  const monkLevel = wholeNumber(a.monkLevel, 'attacker.monkLevel', 1, 100);
  const verve = wholeNumber(a.verve, 'attacker.verve', 0, 100_000);
  const first = optionalFlag(a.firstRound, 'attacker.firstRound');
  const distracted = optionalFlag(a.distracted, 'attacker.distracted');
  const stun = optionalWholeNumber(a.stun, 'attacker.stun', 0, 0, 1000);
  const log = new CombatLog();
  const start = dice.faces.length;
  const penalties = () => {
    let t = 0;
    if (first)
      t += log.modifier(
        'first-round',
        -PSYCHIC_FIRST_ROUND_PENALTY,
        'first round of the psychic conflict: −2',
      );
    if (distracted) t += log.modifier('distracted', -PSYCHIC_DISTRACTION_PENALTY, 'talking or moving: −3');
    if (stun > 0) t += log.modifier('stun', -stun, `stunned: −${stun}`);
    return t;
  };

  if (action === 'exit') {
    const reason = wholeNumber(a.reason, 'attacker.reason', 1, 1000);
    let target = log.modifier('reason', reason, `reason ${reason}`);
    target += log.modifier(
      'charisma-minor',
      minorContributor(cha),
      `charisma (minor) ${minorContributor(cha)}`,
    );
    target += penalties();
    const roll = dice.die(20);
    const p = passingFaces(target) / 20;
    log.step(
      'exit',
      `reason roll ${roll} against ${target}: ${roll <= target ? 'leaves the conflict' : 'stays in'}`,
      [roll],
      { success: p, failure: 1 - p },
    );
    return {
      action,
      target,
      roll,
      success: roll <= target,
      verveSpent: 0,
      damage: 0,
      defender: null,
      modifiers: log.modifiers,
      steps: log.steps,
      faces: dice.faces.slice(start),
      odds: { success: p, damage: null },
    };
  }
  const d =
    action === 'enter' && (body.defender === undefined || body.defender === null)
      ? {}
      : record(body.defender, 'defender');
  if (action === 'enter') {
    if (verve < PSYCHIC_ENTRY_VERVE)
      throw invalid('Entering a psychic conflict costs 2 verve.', 'attacker.verve');
    if (d.willpower === undefined || d.willpower === null) {
      log.step(
        'enter',
        'a willing target: the conflict begins (2 verve; −2 and one action in the first round)',
      );
      return {
        action,
        target: 0,
        roll: 0,
        success: true,
        verveSpent: PSYCHIC_ENTRY_VERVE,
        damage: 0,
        defender: null,
        modifiers: log.modifiers,
        steps: log.steps,
        faces: [],
        odds: { success: 1, damage: null },
      };
    }
    const will = wholeNumber(d.willpower, 'defender.willpower', 0, 1000);
    let target = log.modifier('willpower', will, `the target's willpower ${will}`);
    if (entryCharisma === 'attacker') {
      target += log.modifier(
        'charisma-minor',
        minorContributor(cha),
        `the target resists with the attacker's charisma (minor) ${minorContributor(cha)}`,
      );
    } else if (d.charisma !== undefined && d.charisma !== null) {
      const own = minorContributor(wholeNumber(d.charisma, 'defender.charisma', 1, 1000));
      target += log.modifier('charisma-minor', own, `the target's own charisma (minor) ${own}`);
    }
    const roll = dice.die(20);
    const resist = passingFaces(target) / 20;
    log.step(
      'enter',
      `willpower ${roll} against ${target}: ${roll <= target ? 'the target stays out' : 'the conflict begins'}`,
      [roll],
      { resisted: resist, engaged: 1 - resist },
    );
    return {
      action,
      target,
      roll,
      success: roll > target,
      verveSpent: PSYCHIC_ENTRY_VERVE,
      damage: 0,
      defender: null,
      modifiers: log.modifiers,
      steps: log.steps,
      faces: dice.faces.slice(start),
      odds: { success: 1 - resist, damage: null },
    };
  }

  const spend = optionalWholeNumber(a.spend, 'attacker.spend', 1, 1, 100);
  if (spend > monkLevel)
    throw invalid(`At most monk level (${monkLevel}) verve on one action.`, 'attacker.spend');
  if (spend > verve) throw invalid('Not enough verve for that attack.', 'attacker.spend');
  const monk = optionalFlag(d.monk, 'defender.monk');
  const intel =
    d.intelligence === undefined || d.intelligence === null
      ? null
      : wholeNumber(d.intelligence, 'defender.intelligence', 1, 1000);
  const defVerve = optionalWholeNumber(d.defenseVerve, 'defender.defenseVerve', 0, 0, 100);
  const dVerve = wholeNumber(d.verve, 'defender.verve', 0, 100_000);
  const dSurvival = wholeNumber(d.survival, 'defender.survival', 0, 100_000);
  const fromSurvival = optionalFlag(d.fromSurvival, 'defender.fromSurvival');
  let target = log.modifier('base', 11, 'attacks are made against 11');
  target += log.modifier(
    'charisma-minor',
    minorContributor(cha),
    `charisma (minor) ${minorContributor(cha)}`,
  );
  let defense = 0;
  if (monk && intel !== null) defense += majorContributor(intel);
  defense += 2 * defVerve;
  if (optionalFlag(d.distracted, 'defender.distracted')) defense -= PSYCHIC_DISTRACTION_PENALTY;
  if (defense !== 0)
    target += log.modifier(
      'psychic-defense',
      -defense,
      `psychic defence ${defense}${defVerve ? ` (${defVerve} verve)` : ''}`,
    );
  target += penalties();
  const roll = dice.die(20);
  const p = passingFaces(target) / 20;
  log.step('psychic-attack', `d20 ${roll} against ${target}: ${roll <= target ? 'hit' : 'miss'}`, [roll], {
    hit: p,
    miss: 1 - p,
  });
  const bonus = majorContributor(cha) + (spend - 1);
  log.modifier(
    'damage-bonus',
    bonus,
    `damage d4 + charisma (major) ${majorContributor(cha)} + ${spend - 1} extra verve`,
  );
  const ifHit: Distribution = new Map();
  for (let f = 1; f <= 4; f += 1) addMass(ifHit, Math.max(0, f + bonus), 1 / 4);
  const overall: Distribution = new Map();
  addMass(overall, 0, 1 - p);
  for (const [v, q] of ifHit) addMass(overall, v, q * p);
  let damage = 0;
  let after = { verve: dVerve, survival: dSurvival, injuries: 0, stun: 0, leavesConflict: false };
  if (roll <= target) {
    const face = dice.die(4);
    damage = Math.max(0, face + bonus);
    const fromVerve = fromSurvival ? 0 : Math.min(dVerve, damage);
    const rest = damage - fromVerve;
    const toSurvival = Math.min(dSurvival, rest);
    const injuries = rest - toSurvival;
    after = {
      verve: dVerve - fromVerve,
      survival: dSurvival - toSurvival,
      injuries,
      stun: toSurvival,
      leavesConflict: injuries > 0,
    };
    log.step(
      'psychic-damage',
      `d4 ${face}: ${damage} damage, ${fromVerve} from verve, ${toSurvival} from survival${injuries ? `, ${injuries} injuries: out of the conflict` : ''}`,
      [face],
      asOdds(ifHit),
    );
  }
  return {
    action,
    target,
    roll,
    success: roll <= target,
    verveSpent: spend,
    damage,
    defender: after,
    modifiers: log.modifiers,
    steps: log.steps,
    faces: dice.faces.slice(start),
    odds: { success: p, damage: asOdds(overall) },
  };
}
