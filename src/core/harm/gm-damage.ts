import { abilityRoll } from '../checks/ability-roll';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import type { Dice } from '../random';
import { HarmLog, type FieldChange, type HarmStep } from './harm-steps';

const BIG = 100_000;

export interface GmDamageInput {
  survival: number;
  verve?: number | null;
  injuries?: number | null;
  /** A temporary survival pool (a spell, a spirit): eligible damage comes off it first. */
  temporary?: number | null;
  damage: number;
  /** The loss comes from the character being their archetype: verve takes it before survival. */
  archetypal?: boolean | null;
  /** Dice of weapon damage: each forces one lost point to be an injury. */
  weaponDice?: number | null;
  /**
   * Points a blow itself sends to injuries (a killing blow's half, a failed knockout's points): they
   * are injuries even when verve could take the blow. Counted before the weapon's dice.
   */
  forcedInjuries?: number | null;
  /** A successful evasion roll against a weapon of 1 or 2 dice: no forced injuries. */
  evaded?: boolean | null;
  /** Fortitude or willpower (the player's pick) for the roll to stay conscious; rolled when sent. */
  consciousness?: number | null;
}

export interface GmConsciousnessRoll {
  target: number;
  roll: number;
  passed: boolean;
  odds: { success: number };
}

export interface GmDamageOutcome {
  damage: number;
  temporary: number;
  verve: number;
  survival: number;
  injuries: number;
  /** Injury points this blow added. */
  injuriesGained: number;
  /** Penalty on attack, reaction and ability rolls: the injury total. */
  injuryPenalty: number;
  /** A fortitude or willpower roll at −injuries is called for (0 survival reached, or injuries gained). */
  consciousnessRollDue: boolean;
  consciousnessRoll: GmConsciousnessRoll | null;
  /** Minutes unconscious (from the end of the round) when the roll failed; at least 1. */
  unconsciousMinutes: number | null;
  /** Injuries now exceed survival (+ verve when archetypal): a death roll at the end of the round. */
  deathRollDue: boolean;
  faces: number[];
  steps: HarmStep[];
  changes: FieldChange[];
}

/**
 * G&M damage (seed 001, "Survival", "Using verve", "Injury points", "Unconsciousness", "A time to die",
 * "Temporary bonus pools", "Failure"): a temporary pool first, then verve when the loss is archetypal,
 * then survival, then injuries. Each weapon die forces one of the lost points into injuries, unless
 * an evasion spared a 1–2 dice weapon or verve took the whole blow. Reaching 0 survival or gaining
 * injuries calls for a fortitude or willpower roll at −injuries; injuries above survival (and verve
 * when archetypal) call for a death roll.
 */
export function gmDamage(input: GmDamageInput, dice: Dice): GmDamageOutcome {
  const body = record(input, 'input');
  const survival = wholeNumber(body.survival, 'survival', 0, BIG);
  const verve = optionalWholeNumber(body.verve, 'verve', 0, 0, BIG);
  const injuries = optionalWholeNumber(body.injuries, 'injuries', 0, 0, BIG);
  const temporary = optionalWholeNumber(body.temporary, 'temporary', 0, 0, BIG);
  const damage = wholeNumber(body.damage, 'damage', 0, BIG);
  const archetypal = optionalFlag(body.archetypal, 'archetypal');
  const weaponDice = optionalWholeNumber(body.weaponDice, 'weaponDice', 0, 0, 1000);
  const blowInjuries = optionalWholeNumber(body.forcedInjuries, 'forcedInjuries', 0, 0, BIG);
  const evaded = optionalFlag(body.evaded, 'evaded');
  const consciousness =
    body.consciousness === undefined || body.consciousness === null
      ? null
      : wholeNumber(body.consciousness, 'consciousness', 0, BIG);
  if (evaded && weaponDice > 2)
    throw invalid('An evasion spares injuries only from weapons of 1 or 2 dice.', 'evaded');
  const log = new HarmLog();
  const start = dice.faces.length;

  let remaining = damage;
  const fromTemporary = Math.min(temporary, remaining);
  remaining -= fromTemporary;
  if (temporary > 0) {
    log.step('temporary', `Temporary pool ${temporary} → ${temporary - fromTemporary}`);
    log.change('temporary', -fromTemporary, temporary - fromTemporary);
  }
  let forced = Math.min(blowInjuries, remaining);
  remaining -= forced;
  if (forced > 0) log.step('blow-injuries', `The blow sends ${forced} of the points lost to injuries`);
  const verveTakesAll = archetypal && remaining > 0 && verve >= remaining;
  if (weaponDice > 0 && remaining > 0) {
    if (evaded) log.step('weapon-injuries', 'Evaded: the weapon forces no injuries.');
    else if (verveTakesAll) log.step('weapon-injuries', 'Verve takes the whole blow: no injuries.');
    else {
      const byDice = Math.min(weaponDice, remaining);
      remaining -= byDice;
      forced += byDice;
      log.step('weapon-injuries', `${weaponDice} weapon dice: ${byDice} of the points lost are injuries`);
    }
  }
  const fromVerve = archetypal ? Math.min(verve, remaining) : 0;
  remaining -= fromVerve;
  if (fromVerve > 0) {
    log.step('verve', `Archetypal: verve ${verve} → ${verve - fromVerve}`);
    log.change('verve', -fromVerve, verve - fromVerve);
  }
  const fromSurvival = Math.min(survival, remaining);
  remaining -= fromSurvival;
  log.step('survival', `Survival ${survival} → ${survival - fromSurvival}`);
  log.change('survival', -fromSurvival, survival - fromSurvival);
  const gained = forced + remaining;
  const total = injuries + gained;
  if (gained > 0) {
    log.step('injuries', `Injuries ${injuries} → ${total}`);
    log.change('injuries', gained, total);
  }
  const survivalAfter = survival - fromSurvival;
  const verveAfter = verve - fromVerve;
  const consciousnessRollDue = (survival > 0 && survivalAfter === 0) || gained > 0;
  let consciousnessRoll: GmConsciousnessRoll | null = null;
  let unconsciousMinutes: number | null = null;
  if (consciousnessRollDue) {
    if (consciousness === null) {
      log.step(
        'consciousness',
        `Roll fortitude or willpower at −${total} to stay conscious (send consciousness to roll it).`,
      );
    } else {
      const roll = abilityRoll({ score: consciousness, penalty: total }, dice);
      consciousnessRoll = { target: roll.target, roll: roll.roll, passed: roll.passed, odds: roll.odds };
      if (!roll.passed) unconsciousMinutes = Math.max(1, total);
      log.step(
        'consciousness',
        `Stay conscious on ${roll.target} or less: rolled ${roll.roll}, ${roll.passed ? 'conscious' : `unconscious for ${unconsciousMinutes} minutes from the end of the round`}`,
        roll.faces,
        { conscious: roll.odds.success, unconscious: 1 - roll.odds.success },
      );
    }
  }
  const deathRollDue = gained > 0 && total > survivalAfter + (archetypal ? verveAfter : 0);
  if (deathRollDue)
    log.step('death-roll', `Injuries ${total} exceed what is left: a death roll at the end of the round.`);
  return {
    damage,
    temporary: temporary - fromTemporary,
    verve: verveAfter,
    survival: survivalAfter,
    injuries: total,
    injuriesGained: gained,
    injuryPenalty: total,
    consciousnessRollDue,
    consciousnessRoll,
    unconsciousMinutes,
    deathRollDue,
    faces: dice.faces.slice(start),
    steps: log.steps,
    changes: log.changes,
  };
}
