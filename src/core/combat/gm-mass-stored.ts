import { passingFaces } from '../checks/ability-roll';
import { fieldPath, invalid, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { gmDamage, type GmDamageOutcome } from '../harm/gm-damage';
import type { Dice } from '../random';
import { gmAttack, MAX_GM_MODIFIER, type GmAttackInput, type GmAttackOutcome } from './gm-attack';
import {
  gmGroupEffort,
  gmMassConflict,
  groupBonus,
  MAX_GROUP_SCORE,
  MAX_GROUP_SIZE,
  type GmGroupEffortOutcome,
  type GmMassConflictOutcome,
} from './gm-group';
import { parseDamageDice } from './combat-steps';

/** The most units one stored mass conflict holds. */
export const MAX_MASS_UNITS = 20;

const signedNumber = (value: unknown, field: string) =>
  wholeNumber(
    Number.isInteger(value) ? (value as number) + MAX_GM_MODIFIER : value,
    field,
    0,
    2 * MAX_GM_MODIFIER,
  ) - MAX_GM_MODIFIER;

export interface GmMassAttackInput {
  /** The attacking unit: its members and their median attack bonus; the weapon's dice. */
  attacker: { size: number; medianAttackBonus: number; damage: string };
  /** The unit attacked: its members, median defence, and what it has left. */
  target: { size: number; medianDefense: number; survival: number; injuries: number };
  cover?: GmAttackInput['cover'];
  situational?: GmAttackInput['situational'];
}

export interface GmMassAttackOutcome {
  /** The attack as `combat.gm-attack` answers it for the unit's numbers (median + group bonus). */
  attack: GmAttackOutcome;
  /** The unit numbers the attack used: medians plus each side's group bonus. */
  numbers: { attackBonus: number; attackerGroupBonus: number; defense: number; targetGroupBonus: number };
  /** The hit's G&M damage to the unit as one combatant (survival, then injuries; weapon dice forced). */
  damage: GmDamageOutcome | null;
  /** The unit after the blow; `broken`: no survival left, it no longer fights as a group. */
  after: { survival: number; injuries: number; broken: boolean };
  faces: number[];
}

/**
 * A unit attacks a unit in a stored mass conflict (seed 001, "Mass Conflict", G8–G9): each fights as
 * one combatant, its attack and defence the members' medians plus the group bonus; a hit's damage
 * comes off the unit's survival (median + median × bonus) and, past it, goes to injuries, each weapon
 * die forcing one injury as for any G&M blow. A unit with no survival left stops being a group.
 */
export function gmMassAttack(input: GmMassAttackInput, dice: Dice): GmMassAttackOutcome {
  const body = record(input, 'input');
  const a = record(body.attacker, 'attacker');
  const t = record(body.target, 'target');
  const aSize = wholeNumber(a.size, 'attacker.size', 1, MAX_GROUP_SIZE);
  const tSize = wholeNumber(t.size, 'target.size', 1, MAX_GROUP_SIZE);
  const attackBonus = signedNumber(a.medianAttackBonus, 'attacker.medianAttackBonus') + groupBonus(aSize);
  const defense = signedNumber(t.medianDefense, 'target.medianDefense') + groupBonus(tSize);
  const survival = wholeNumber(t.survival, 'target.survival', 0, 10_000_000);
  const injuries = wholeNumber(t.injuries, 'target.injuries', 0, 10_000_000);
  if (typeof a.damage !== 'string') throw invalid('`damage` is the weapon’s dice.', 'attacker.damage');
  const weapon = parseDamageDice(a.damage, 'attacker.damage');
  const start = dice.faces.length;
  const attack = gmAttack(
    {
      attackBonus,
      defense,
      damage: a.damage,
      ...(body.cover ? { cover: body.cover as GmAttackInput['cover'] } : {}),
      ...(body.situational ? { situational: body.situational as GmAttackInput['situational'] } : {}),
    },
    dice,
  );
  let damage: GmDamageOutcome | null = null;
  let after = { survival, injuries, broken: survival === 0 };
  if (attack.hit && attack.damage > 0) {
    damage = gmDamage(
      { survival, injuries, damage: attack.damage, weaponDice: Math.min(weapon.count, attack.damage) },
      dice,
    );
    after = { survival: damage.survival, injuries: damage.injuries, broken: damage.survival === 0 };
  }
  return {
    attack,
    numbers: {
      attackBonus,
      attackerGroupBonus: groupBonus(aSize),
      defense,
      targetGroupBonus: groupBonus(tSize),
    },
    damage,
    after,
    faces: dice.faces.slice(start),
  };
}

export interface GmMassMoraleInput {
  /** Each unit that checks morale: its members, the median spontaneous reaction, its leader's charisma. */
  units: { size: number; target: number; leaderCharisma?: number | null }[];
}

export interface GmMassMoraleCheck {
  /** The group's morale check as `combat.gm-group-effort` answers it (morale: true). */
  check: GmGroupEffortOutcome;
  /** The leader's charisma roll after a failure (G7): its margin comes off the delay. */
  leader: { target: number; roll: number; passed: boolean; odds: { success: number } } | null;
  /** Rounds the unit is held back: the miss (at most the bonus), less the leader's margin; 0 when it held. */
  delay: number;
}

export interface GmMassMoraleOutcome {
  checks: GmMassMoraleCheck[];
  faces: number[];
}

/**
 * The morale checks of a mass conflict's round (G5, G7): each unit rolls as a group against its
 * median spontaneous reaction plus the group bonus; a failure holds it back by the miss, at most the
 * bonus. A unit with a leader that fails: the leader rolls its charisma, and a success takes its
 * margin off the delay (never below 0). One stream for every unit, in order.
 */
export function gmMassMorale(input: GmMassMoraleInput, dice: Dice): GmMassMoraleOutcome {
  const body = record(input, 'input');
  if (!Array.isArray(body.units) || body.units.length < 1 || body.units.length > MAX_MASS_UNITS)
    throw invalid(`\`units\` lists 1 to ${MAX_MASS_UNITS} units.`, 'units');
  const units = (body.units as unknown[]).map((raw, i) => {
    const u = record(raw, `units[${i}]`);
    return {
      size: wholeNumber(u.size, fieldPath(`units[${i}]`, 'size'), 1, MAX_GROUP_SIZE),
      target: wholeNumber(u.target, fieldPath(`units[${i}]`, 'target'), 0, MAX_GROUP_SCORE),
      leader:
        u.leaderCharisma === undefined || u.leaderCharisma === null
          ? null
          : wholeNumber(u.leaderCharisma, fieldPath(`units[${i}]`, 'leaderCharisma'), 1, MAX_GROUP_SCORE),
    };
  });
  const start = dice.faces.length;
  const checks = units.map((u): GmMassMoraleCheck => {
    const check = gmGroupEffort({ size: u.size, target: u.target, morale: true }, dice);
    let delay = check.moraleDelay ?? 0;
    let leader: GmMassMoraleCheck['leader'] = null;
    if (!check.passed && u.leader !== null) {
      const roll = dice.die(20);
      const passed = roll <= u.leader;
      const success = passingFaces(u.leader) / 20;
      leader = { target: u.leader, roll, passed, odds: { success } };
      if (passed) delay = Math.max(0, delay - (u.leader - roll));
      check.steps.push({
        name: 'leader',
        detail: `the leader's charisma ${roll} against ${u.leader}: ${passed ? `the delay is cut to ${delay}` : 'no rally'}`,
        faces: [roll],
        odds: { success, failure: 1 - success },
      });
    }
    return { check, leader, delay };
  });
  return { checks, faces: dice.faces.slice(start) };
}

export interface GmMassAftermathInput {
  /** Each unit that took damage: as `combat.gm-mass-conflict` takes its aftermath. */
  units: {
    size: number;
    medianSurvival: number;
    damageTaken: number;
    injuries?: number | null;
    medianEvasion: number;
  }[];
}

export interface GmMassAftermathOutcome {
  /** Each unit's aftermath as `combat.gm-mass-conflict` answers it, in order. */
  units: GmMassConflictOutcome[];
  faces: number[];
}

/** The aftermath of a stored mass conflict (G10), every unit that took damage on one stream. */
export function gmMassAftermath(input: GmMassAftermathInput, dice: Dice): GmMassAftermathOutcome {
  const body = record(input, 'input');
  if (!Array.isArray(body.units) || body.units.length < 1 || body.units.length > MAX_MASS_UNITS)
    throw invalid(`\`units\` lists 1 to ${MAX_MASS_UNITS} units.`, 'units');
  const start = dice.faces.length;
  const units = (body.units as unknown[]).map((raw, i) => {
    const u = record(raw, `units[${i}]`);
    return gmMassConflict(
      {
        size: u.size as number,
        medianSurvival: u.medianSurvival as number,
        damageTaken: u.damageTaken as number,
        injuries: optionalWholeNumber(u.injuries, fieldPath(`units[${i}]`, 'injuries'), 0, 0, 10_000_000),
        medianEvasion: u.medianEvasion as number,
      },
      dice,
    );
  });
  return { units, faces: dice.faces.slice(start) };
}
