import { saveSuccessChance } from '../checks/roll-under-save';
import {
  fieldPath,
  invalid,
  optionalFlag,
  optionalWholeNumber,
  record,
  wholeNumber,
} from '../checks/validate';
import {
  CAIRN_DAMAGE_DICE,
  CAIRN_MAX_ARMOR,
  cairnDamage,
  MAX_CAIRN_HP,
  type CairnDamageDie,
  type CairnDamageOutcome,
} from '../harm/cairn-damage';
import type { Dice } from '../random';
import {
  addMass,
  asOdds,
  CombatLog,
  type CombatModifier,
  type CombatStep,
  type Distribution,
} from './combat-steps';

export const MAX_CAIRN_ATTACKERS = 20;
/** CA-19: the range of a ranged attack, from the fiction (seed 004, "Ranged Attacks"). */
export const CAIRN_RANGES = ['near', 'very-distant'] as const;
export type CairnRange = (typeof CAIRN_RANGES)[number];
/** CA-19, CA-20: the attacker's position, from the fiction (seed 004, "Attack Modifiers"). */
export const CAIRN_POSITIONS = ['weak', 'strong'] as const;
export type CairnPosition = (typeof CAIRN_POSITIONS)[number];

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !allowed.includes(value as T))
    throw invalid(`\`${field.split('.').pop()}\` is one of: ${allowed.join(', ')}.`, field);
  return value as T;
}
export const MAX_CAIRN_TARGETS = 50;

export interface CairnAttacker {
  name?: string | null;
  /** The weapon's damage die. */
  die: CairnDamageDie;
  /** Fighting with two weapons: roll this die too and keep the higher (d8+d8). */
  secondDie?: CairnDamageDie | null;
  /** Attacking from a weak position, or at a very distant target: d4. */
  impaired?: boolean | null;
  /** Attacking from a strong position: d12. */
  enhanced?: boolean | null;
  /** Bare hands: d4 whatever `die` says (position can still change it). */
  unarmed?: boolean | null;
  /** CA-19: the fiction's range: `very-distant` (an especially distant target) impairs a ranged attack; `near` does nothing. */
  range?: CairnRange | null;
  /** CA-19, CA-20: the fiction's position: `weak` (through cover, bound hands) impairs, `strong` (a helpless foe, a daring move) enhances. */
  position?: CairnPosition | null;
  /** A detachment (a unit of many): enhanced against individuals, and its attacks are blasts. */
  detachment?: boolean | null;
}

export interface CairnTarget {
  name?: string | null;
  hp: number;
  str: number;
  armor?: number | null;
  /** A shield held or worn: +1 Armor (never above 3). */
  shield?: boolean | null;
  dex?: number | null;
  wil?: number | null;
  maxHp?: number | null;
  maxDex?: number | null;
  maxWil?: number | null;
  /** NPCs and monsters die when critical damage would leave a PC crawling. */
  npc?: boolean | null;
  /** A detachment: individuals attack it impaired (except with a blast); critical damage routs it, STR 0 destroys it. */
  detachment?: boolean | null;
}

export interface CairnAttackInput {
  attackers: CairnAttacker[];
  /** One target; or send `targets`. */
  target?: CairnTarget | null;
  /** Several targets: only with a blast (or a detachment attacking). */
  targets?: CairnTarget[] | null;
  /** An area attack: every target takes its own roll of the one attacker's die. */
  blast?: boolean | null;
  /** The number of targets is unclear: roll the damage die to set how many of `targets` are caught. */
  countTargets?: boolean | null;
}

export interface CairnDieRoll {
  attacker: number;
  /** The die the weapon names. */
  weapon: string;
  /** The die actually rolled (after unarmed, impaired, enhanced). */
  rolled: string;
  face: number;
}

export interface CairnTargetResult {
  index: number;
  name: string | null;
  rolls: CairnDieRoll[];
  /** The single highest face, the damage before Armor. */
  kept: number;
  /** Which attacker's die was kept (0-based). */
  keptFrom: number;
  /** What the blow does, exactly as `harm/cairn/damage` answers for that damage. */
  harm: CairnDamageOutcome;
  /** For a detachment: routed by critical damage, destroyed at STR 0. */
  detachment: { routed: boolean; destroyed: boolean } | null;
  modifiers: CombatModifier[];
  odds: CairnAttackOdds;
}

export interface CairnAttackOdds {
  /** P(kept die = k). */
  kept: Record<string, number>;
  /** P(damage after Armor = d). */
  dealt: Record<string, number>;
  scar: number;
  strDamage: number;
  critical: number;
  dead: number;
}

export interface CairnAttackOutcome {
  blast: boolean;
  /** The target-count roll, when `countTargets`. */
  targetCount: { die: string; face: number; caught: number; odds: Record<string, number> } | null;
  targets: CairnTargetResult[];
  modifiers: CombatModifier[];
  steps: CombatStep[];
  faces: number[];
}

function sidesOf(die: unknown, field: string): number {
  if (!CAIRN_DAMAGE_DICE.includes(die as CairnDamageDie))
    throw invalid(`\`${field}\` is d4, d6, d8, d10 or d12.`, field);
  return Number((die as string).slice(1));
}

function optionalAttr(value: unknown, field: string, max = 30): number | null {
  return value === undefined || value === null ? null : wholeNumber(value, field, 0, max);
}

interface ReadTarget {
  name: string | null;
  hp: number;
  str: number;
  armor: number;
  shield: boolean;
  dex: number | null;
  wil: number | null;
  maxHp: number | null;
  maxDex: number | null;
  maxWil: number | null;
  npc: boolean;
  detachment: boolean;
}

function readTarget(value: unknown, field: string): ReadTarget {
  const t = record(value, field);
  const name = t.name === undefined || t.name === null ? null : String(t.name);
  return {
    name,
    hp: wholeNumber(t.hp, fieldPath(field, 'hp'), 0, MAX_CAIRN_HP),
    str: wholeNumber(t.str, fieldPath(field, 'str'), 0, 30),
    armor: optionalWholeNumber(t.armor, fieldPath(field, 'armor'), 0, 0, 1000),
    shield: optionalFlag(t.shield, fieldPath(field, 'shield')),
    dex: optionalAttr(t.dex, fieldPath(field, 'dex')),
    wil: optionalAttr(t.wil, fieldPath(field, 'wil')),
    maxHp: optionalAttr(t.maxHp, fieldPath(field, 'maxHp'), MAX_CAIRN_HP),
    maxDex: optionalAttr(t.maxDex, fieldPath(field, 'maxDex')),
    maxWil: optionalAttr(t.maxWil, fieldPath(field, 'maxWil')),
    npc: optionalFlag(t.npc, fieldPath(field, 'npc')),
    detachment: optionalFlag(t.detachment, fieldPath(field, 'detachment')),
  };
}

/** The sides actually rolled for one weapon die, and the modifiers that set them. */
export function effectiveSides(
  weapon: number,
  flags: { unarmed: boolean; impaired: boolean; enhanced: boolean },
): { sides: number; reason: string } {
  const base = flags.unarmed ? 4 : weapon;
  if (flags.impaired && flags.enhanced) return { sides: base, reason: 'impaired and enhanced cancel out' };
  if (flags.impaired) return { sides: 4, reason: 'impaired: d4' };
  if (flags.enhanced) return { sides: 12, reason: 'enhanced: d12' };
  return { sides: base, reason: flags.unarmed ? 'unarmed: d4' : 'the weapon die' };
}

/**
 * Cairn attack (seed 004, "Attacking & Damage", "Detachments"): attacks always hit; each attacker
 * rolls its damage die (d4 when impaired or unarmed, d12 when enhanced; two weapons roll both), the
 * single highest die is kept, Armor (with a held shield, at most 3) comes off, and the rest goes
 * through the Cairn damage core (HP, scars, STR, the critical-damage save). A blast rolls separately
 * for every target, and may first roll the die to set how many targets it catches.
 */
/**
 * How a caller computes each target's harm in place of the stateless damage core (the same dice, in
 * the same order): a stored combat's action applies the sheet's own harm (combat.cairn-action).
 */
export type CairnHarmHook = (
  index: number,
  target: { hp: number; str: number; armor: number; npc: boolean; detachment: boolean },
  kept: number,
) => CairnDamageOutcome;

export function cairnAttack(
  input: CairnAttackInput,
  dice: Dice,
  harmHook?: CairnHarmHook,
): CairnAttackOutcome {
  const body = record(input, 'input');
  if (
    !Array.isArray(body.attackers) ||
    body.attackers.length < 1 ||
    body.attackers.length > MAX_CAIRN_ATTACKERS
  ) {
    throw invalid(`\`attackers\` lists 1 to ${MAX_CAIRN_ATTACKERS} attackers.`, 'attackers');
  }
  const attackers = (body.attackers as unknown[]).map((raw, i) => {
    const field = `attackers[${i}]`;
    const a = record(raw, field);
    return {
      name: a.name === undefined || a.name === null ? null : String(a.name),
      die: a.die as string,
      sides: sidesOf(a.die, fieldPath(field, 'die')),
      second:
        a.secondDie === undefined || a.secondDie === null
          ? null
          : sidesOf(a.secondDie, fieldPath(field, 'secondDie')),
      secondDie: (a.secondDie as string | null | undefined) ?? null,
      impaired: optionalFlag(a.impaired, fieldPath(field, 'impaired')),
      enhanced: optionalFlag(a.enhanced, fieldPath(field, 'enhanced')),
      unarmed: optionalFlag(a.unarmed, fieldPath(field, 'unarmed')),
      detachment: optionalFlag(a.detachment, fieldPath(field, 'detachment')),
      range: oneOf(a.range, CAIRN_RANGES, fieldPath(field, 'range')),
      position: oneOf(a.position, CAIRN_POSITIONS, fieldPath(field, 'position')),
    };
  });
  const hasTarget = body.target !== undefined && body.target !== null;
  const hasTargets = body.targets !== undefined && body.targets !== null;
  if (hasTarget === hasTargets)
    throw invalid('Send either `target` or `targets`.', hasTarget ? 'targets' : 'target');
  let targets: ReadTarget[];
  if (hasTarget) targets = [readTarget(body.target, 'target')];
  else {
    if (!Array.isArray(body.targets) || body.targets.length < 1 || body.targets.length > MAX_CAIRN_TARGETS) {
      throw invalid(`\`targets\` lists 1 to ${MAX_CAIRN_TARGETS} targets.`, 'targets');
    }
    targets = (body.targets as unknown[]).map((t, i) => readTarget(t, `targets[${i}]`));
  }
  const asked = optionalFlag(body.blast, 'blast');
  // A detachment's attacks on individuals are blasts (seed 004, "Detachments").
  const blast =
    asked || (attackers.length === 1 && attackers[0].detachment && targets.some((t) => !t.detachment));
  const countTargets = optionalFlag(body.countTargets, 'countTargets');
  if (countTargets && !blast) throw invalid('Only a blast rolls for its number of targets.', 'countTargets');
  if (blast && attackers.length > 1) throw invalid('A blast comes from one attacker.', 'attackers');
  if (!blast && targets.length > 1) throw invalid('Several targets need a blast (`blast: true`).', 'targets');

  const log = new CombatLog();
  const start = dice.faces.length;
  if (asked) log.modifier('blast', 0, 'a blast: each target takes its own roll');
  else if (blast) log.modifier('detachment-blast', 0, "a detachment's attack on individuals is a blast");
  if (attackers.length > 1)
    log.modifier(
      'several-attackers',
      attackers.length,
      `${attackers.length} attackers: the single highest die counts`,
    );

  let targetCount: CairnAttackOutcome['targetCount'] = null;
  let caughtTargets = targets;
  if (countTargets) {
    const a = attackers[0];
    const { sides } = effectiveSides(a.sides, {
      unarmed: a.unarmed,
      impaired: a.impaired || a.range === 'very-distant' || a.position === 'weak',
      enhanced: a.enhanced || a.detachment || a.position === 'strong',
    });
    const face = dice.die(sides);
    const caught = Math.min(face, targets.length);
    const odds: Distribution = new Map();
    for (let f = 1; f <= sides; f += 1) addMass(odds, Math.min(f, targets.length), 1 / sides);
    targetCount = { die: `d${sides}`, face, caught, odds: asOdds(odds) };
    log.step(
      'target-count',
      `d${sides} rolled ${face}: the blast catches ${caught} of ${targets.length} targets`,
      [face],
      asOdds(odds),
    );
    caughtTargets = targets.slice(0, caught);
  }

  const results: CairnTargetResult[] = caughtTargets.map((t, index) => {
    const mods = new CombatLog();
    const rolls: CairnDieRoll[] = [];
    const perDie: number[] = [];
    let kept = 0;
    let keptFrom = 0;
    attackers.forEach((a, ai) => {
      const impairedByDetachment = t.detachment && !a.detachment && !blast;
      const enhancedByDetachment = a.detachment && !t.detachment;
      if (a.impaired) mods.modifier('impaired', 0, `attacker ${ai + 1} impaired: d4`);
      if (impairedByDetachment)
        mods.modifier(
          'impaired-against-detachment',
          0,
          `attacker ${ai + 1} is one against a detachment: impaired`,
        );
      if (a.enhanced) mods.modifier('enhanced', 0, `attacker ${ai + 1} enhanced: d12`);
      if (enhancedByDetachment)
        mods.modifier(
          'detachment-enhanced',
          0,
          `attacker ${ai + 1} is a detachment against an individual: enhanced`,
        );
      if (a.unarmed) mods.modifier('unarmed', 0, `attacker ${ai + 1} unarmed: d4`);
      // CA-19: the die chosen from the fiction, each reason named.
      const veryDistant = a.range === 'very-distant';
      const weak = a.position === 'weak';
      const strong = a.position === 'strong';
      if (veryDistant)
        mods.modifier(
          'very-distant',
          0,
          `attacker ${ai + 1} shoots at an especially distant target: impaired`,
        );
      if (weak) mods.modifier('weak-position', 0, `attacker ${ai + 1} fights from a weak position: impaired`);
      if (strong)
        mods.modifier('strong-position', 0, `attacker ${ai + 1} fights from a strong position: enhanced`);
      const flags = {
        unarmed: a.unarmed,
        impaired: a.impaired || impairedByDetachment || veryDistant || weak,
        enhanced: a.enhanced || enhancedByDetachment || strong,
      };
      const weapons =
        a.second === null
          ? [[a.die, a.sides] as const]
          : [[a.die, a.sides] as const, [a.secondDie as string, a.second] as const];
      if (a.second !== null)
        mods.modifier('two-weapons', 0, `attacker ${ai + 1} fights with two weapons: the higher die counts`);
      for (const [weapon, sides] of weapons) {
        const eff = effectiveSides(sides, flags);
        const face = dice.pool(1, eff.sides, `attackers[${ai}].die`)[0];
        rolls.push({ attacker: ai, weapon, rolled: `d${eff.sides}`, face });
        perDie.push(eff.sides);
        if (face > kept) {
          kept = face;
          keptFrom = ai;
        }
      }
    });
    const armor = t.armor + (t.shield ? 1 : 0);
    if (t.shield) mods.modifier('shield', 1, 'a held shield: +1 Armor');
    if (armor > CAIRN_MAX_ARMOR)
      mods.modifier('armor-cap', CAIRN_MAX_ARMOR - armor, `Armor ${armor} counts as ${CAIRN_MAX_ARMOR}`);
    const harm = harmHook
      ? harmHook(index, { hp: t.hp, str: t.str, armor, npc: t.npc, detachment: t.detachment }, kept)
      : cairnDamage(
          {
            hp: t.hp,
            str: t.str,
            armor,
            damage: kept,
            dex: t.dex,
            wil: t.wil,
            maxHp: t.maxHp,
            maxDex: t.maxDex,
            maxWil: t.maxWil,
            // A detachment is routed, not killed, by critical damage.
            npc: t.npc && !t.detachment,
          },
          dice,
        );
    const detachment = t.detachment ? { routed: harm.state === 'critical', destroyed: harm.str === 0 } : null;
    return {
      index,
      name: t.name,
      rolls,
      kept,
      keptFrom,
      harm,
      detachment,
      modifiers: mods.modifiers,
      odds: attackOdds(perDie, Math.min(armor, CAIRN_MAX_ARMOR), t.hp, t.str, t.npc && !t.detachment),
    };
  });
  for (const r of results) {
    log.step(
      'attack',
      `${r.name ?? `target ${r.index + 1}`}: ${r.rolls.map((x) => `${x.rolled} ${x.face}`).join(', ')}; kept ${r.kept}, ${r.harm.dealt} past Armor, ${r.harm.state}`,
      r.rolls.map((x) => x.face),
      r.odds.kept,
    );
    if (r.detachment?.destroyed)
      log.step('detachment-destroyed', `${r.name ?? `target ${r.index + 1}`} is destroyed`);
    else if (r.detachment?.routed)
      log.step('detachment-routed', `${r.name ?? `target ${r.index + 1}`} is routed`);
  }
  return {
    blast,
    targetCount,
    targets: results,
    modifiers: log.modifiers,
    steps: log.steps,
    faces: dice.faces.slice(start),
  };
}

/** P(the highest of dice with these sides = k), for k = 1 … max. */
export function keepHighestDistribution(sides: readonly number[]): Distribution {
  const max = Math.max(...sides);
  const atMost = (k: number) => sides.reduce((p, s) => (p * Math.min(k, s)) / s, 1);
  const dist: Distribution = new Map();
  for (let k = 1; k <= max; k += 1) addMass(dist, k, atMost(k) - atMost(k - 1));
  return dist;
}

/** Exact odds of the kept die and of what it does to a target. */
export function attackOdds(
  sides: readonly number[],
  armor: number,
  hp: number,
  str: number,
  npc: boolean,
): CairnAttackOdds {
  const kept = keepHighestDistribution(sides);
  const dealtDist: Distribution = new Map();
  let scar = 0;
  let strDamage = 0;
  let critical = 0;
  let dead = 0;
  for (const [k, p] of kept) {
    const dealt = Math.max(0, k - armor);
    addMass(dealtDist, dealt, p);
    const absorbed = Math.min(hp, dealt);
    const overflow = dealt - absorbed;
    if (absorbed > 0 && hp - absorbed === 0 && overflow === 0) scar += p;
    if (overflow > 0) {
      strDamage += p;
      const after = Math.max(0, str - overflow);
      if (after === 0) {
        critical += p;
        dead += p;
      } else {
        const fail = 1 - saveSuccessChance(after);
        critical += p * fail;
        if (npc) dead += p * fail;
      }
    }
  }
  return { kept: asOdds(kept), dealt: asOdds(dealtDist), scar, strDamage, critical, dead };
}
