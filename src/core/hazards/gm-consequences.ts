import type { Dice } from '../random';
import { passingFaces } from '../checks/ability-roll';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { majorContributor } from './gm-contributors';
import { AppliedModifier, SheetEffect } from './shared';

// Aging

function signedWhole(value: unknown, field: string, bound: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < -bound || value > bound)
    throw invalid(`\`${field}\` is a whole number from ${-bound} to ${bound}.`, field);
  return value;
}

export interface GmAgingInput {
  /** Age at the start of the span. */
  from: number;
  /** Age at its end (the birthdays in (from, to] are counted). */
  to: number;
  endurance: number;
  /**
   * The referee's "special contributor" for endurance, when the species or campaign sets one: it
   * replaces the major contributor on the threshold (issue 43 reading, docs/decisions.md).
   */
  enduranceContribution?: number | null;
}

export interface GmAgingOutcome {
  /** The first age at which a year costs an injury point: 40 + endurance's major contributor. */
  threshold: number;
  /** The birthdays in the span that each cost an unhealable injury point. */
  ages: number[];
  injuries: number;
  /** Each injury can instead cost 2 points of one ability that stays above 1. */
  trade: { abilityLoss: number; abilityMinimumBefore: number };
  modifiers: AppliedModifier[];
  effects: SheetEffect[];
}

/**
 * G&M aging (seed 000, "Aging"): at 40 plus endurance, and each year after, an unhealable injury
 * point. "Endurance as a special contributor" is read as its major contributor (a score of 12 starts
 * at 41). The ability trade needs the ability at 4 or more before the −2, so that it stays above 1.
 */
export function gmAging(spec: GmAgingInput): GmAgingOutcome {
  const input = record(spec, 'input');
  const from = wholeNumber(input.from, 'from', 0, 100_000);
  const to = wholeNumber(input.to, 'to', 0, 100_000);
  if (to < from) throw invalid('`to` is not before `from`.', 'to');
  if (to - from > 10_000) throw invalid('At most 10000 years at once.', 'to');
  const endurance = wholeNumber(input.endurance, 'endurance', 0, 1000);
  const special =
    input.enduranceContribution === undefined || input.enduranceContribution === null
      ? null
      : signedWhole(input.enduranceContribution, 'enduranceContribution', 40);
  const contributor = special ?? majorContributor(endurance);
  const threshold = 40 + contributor;
  const ages: number[] = [];
  for (let age = Math.max(from + 1, threshold); age <= to; age++) ages.push(age);
  return {
    threshold,
    ages,
    injuries: ages.length,
    trade: { abilityLoss: 2, abilityMinimumBefore: 4 },
    modifiers: [
      {
        name:
          special === null
            ? 'endurance (major contributor) on the threshold'
            : 'endurance (special contributor, referee) on the threshold',
        value: contributor,
      },
    ],
    effects: ages.length > 0 ? [{ track: 'injuries', change: ages.length, status: 'unhealable' }] : [],
  };
}

// Illusions

export type DisbeliefMethod = 'perception' | 'willpower';

export interface GmIllusionInput {
  method: DisbeliefMethod;
  /** The score of the reaction used. */
  score: number;
  /** The illusion's penalty to disbelief (halved, toward zero, for willpower). */
  penalty?: number;
  /** A bonus for an obvious illusion, or +2 per ally who disbelieved by willpower (perception only). */
  bonus?: number;
  /** Whether the thing is an illusion at all (true by default). */
  illusory?: boolean;
  /** Phantasmal survival and injury points taken before disbelief. */
  phantasmalSurvival?: number;
  phantasmalInjuries?: number;
  /** The victim fell unconscious from it: the points come back whether or not the roll passes. */
  unconscious?: boolean;
  /** A failed death roll from phantasmal damage: shock (cured only by a night's rest or magic). */
  failedDeathRoll?: boolean;
}

export interface GmIllusionOutcome {
  method: DisbeliefMethod;
  target: number;
  roll: number;
  passed: boolean;
  /** The illusion is seen through (passed against a real illusion). */
  disbelieved: boolean;
  /** A willpower disbelief that worked gives others +2 on their perception rolls to disbelieve. */
  allyBonus: number;
  /** A willpower roll against something real: no dodging and no reaction rolls against it. */
  acceptsEffects: boolean;
  recovery: {
    survivalBack: number;
    injuriesBack: number;
    survivalKept: number;
    injuriesKept: number;
    rounds: number;
  } | null;
  shock: boolean;
  faces: number[];
  modifiers: AppliedModifier[];
  effects: SheetEffect[];
  odds: { success: number };
}

/** All but a tenth (rounded up, at least one point) of phantasmal damage comes back. */
export function phantasmalKept(points: number): number {
  return points <= 0 ? 0 : Math.max(1, Math.ceil(points / 10));
}

/**
 * G&M illusions (seed 000, "Illusions"): disbelief by perception (one round, no attacks) or by
 * willpower (accepting the effects, its penalty halved toward zero). On disbelief or unconsciousness
 * the phantasmal damage comes back but for a tenth rounded up (at least one), over one round.
 */
export function gmIllusion(spec: GmIllusionInput, dice: Dice): GmIllusionOutcome {
  const input = record(spec, 'input');
  const method = input.method as DisbeliefMethod;
  if (method !== 'perception' && method !== 'willpower')
    throw invalid('`method` is "perception" or "willpower".', 'method');
  const score = wholeNumber(input.score, 'score', 0, 1000);
  const penalty = optionalWholeNumber(input.penalty, 'penalty', 0, 0, 1000);
  const bonus = optionalWholeNumber(input.bonus, 'bonus', 0, 0, 1000);
  const illusory =
    input.illusory === undefined || input.illusory === null ? true : optionalFlag(input.illusory, 'illusory');
  const survival = optionalWholeNumber(input.phantasmalSurvival, 'phantasmalSurvival', 0, 0, 100_000);
  const injuries = optionalWholeNumber(input.phantasmalInjuries, 'phantasmalInjuries', 0, 0, 100_000);
  const unconscious = optionalFlag(input.unconscious, 'unconscious');
  const failedDeathRoll = optionalFlag(input.failedDeathRoll, 'failedDeathRoll');
  const modifiers: AppliedModifier[] = [];
  const applied = method === 'willpower' ? Math.trunc(penalty / 2) : penalty;
  if (penalty > 0)
    modifiers.push({
      name: method === 'willpower' ? 'illusion penalty (halved)' : 'illusion penalty',
      value: -applied,
    });
  if (bonus > 0) modifiers.push({ name: 'bonus', value: bonus });
  const target = score - applied + bonus;
  const roll = dice.pool(1, 20, 'score')[0];
  const passed = roll <= target;
  const disbelieved = passed && illusory;
  const recovers = illusory && (disbelieved || unconscious);
  const survivalKept = phantasmalKept(survival);
  const injuriesKept = phantasmalKept(injuries);
  const recovery = recovers
    ? {
        survivalBack: survival - survivalKept,
        injuriesBack: injuries - injuriesKept,
        survivalKept,
        injuriesKept,
        rounds: 1,
      }
    : null;
  const effects: SheetEffect[] = [];
  if (recovery && recovery.survivalBack > 0)
    effects.push({ track: 'survival', change: recovery.survivalBack, status: null });
  if (recovery && recovery.injuriesBack > 0)
    effects.push({ track: 'injuries', change: -recovery.injuriesBack, status: null });
  const shock = illusory && failedDeathRoll;
  if (shock) effects.push({ track: 'status', change: 1, status: 'shock' });
  return {
    method,
    target,
    roll,
    passed,
    disbelieved,
    allyBonus: disbelieved && method === 'willpower' ? 2 : 0,
    acceptsEffects: method === 'willpower' && !illusory,
    recovery,
    shock,
    faces: [roll],
    modifiers,
    effects,
    odds: { success: passingFaces(target) / 20 },
  };
}

// Item reactions

export type ItemMaterial = 'glass' | 'ice' | 'metal' | 'paper' | 'stone' | 'wood';
export type ItemAttack = 'fire' | 'bludgeon' | 'acid';
export const ITEM_MATERIALS: readonly ItemMaterial[] = ['glass', 'ice', 'metal', 'paper', 'stone', 'wood'];
export const ITEM_ATTACKS: readonly ItemAttack[] = ['fire', 'bludgeon', 'acid'];

type ItemReactionRow = { fire: number; bludgeon: number; acid: number; baseSixteenths: number };

/**
 * Item reactions by material and attack form (seed 001's aligned table, 001:1177–1184): the bonus,
 * and the base thickness in sixteenths of an inch. A blank cell is a bonus of 0 (glass does roll
 * against a fall). Ice's only value sits in the acid column (issue 43, X1).
 */
export const ITEM_REACTION_TABLE: Readonly<Record<ItemMaterial, ItemReactionRow>> = {
  glass: { fire: 8, bludgeon: 0, acid: 16, baseSixteenths: 4 },
  ice: { fire: 0, bludgeon: 0, acid: 8, baseSixteenths: 8 },
  metal: { fire: 6, bludgeon: 5, acid: 0, baseSixteenths: 4 },
  paper: { fire: -2, bludgeon: 6, acid: 8, baseSixteenths: 8 },
  stone: { fire: 8, bludgeon: 0, acid: 10, baseSixteenths: 16 },
  wood: { fire: 0, bludgeon: 3, acid: 5, baseSixteenths: 16 },
};
export const ITEM_REACTION_BASE = 4;

/**
 * The table `hazard.gm.item-reaction` (version 1) used: ice's +8 under bludgeon instead of acid. Kept
 * only so that answers given before the fix replay unchanged.
 */
export const ITEM_REACTION_TABLE_V1: Readonly<Record<ItemMaterial, ItemReactionRow>> = {
  ...{},
  ...ITEM_REACTION_TABLE,
  ice: { fire: 0, bludgeon: 8, acid: 0, baseSixteenths: 8 },
};

export interface GmItemReactionInput {
  material: ItemMaterial;
  attack: ItemAttack;
  /** Thickness in sixteenths of an inch (4 = a quarter inch). */
  thicknessSixteenths?: number;
  /** The item's weight in pounds: its survival points. */
  weight?: number;
  /** Carried by a conscious bearer who took no injuries: no roll. */
  protected?: boolean;
}

export interface GmItemReactionOutcome {
  material: ItemMaterial;
  attack: ItemAttack;
  rolled: boolean;
  target: number | null;
  roll: number | null;
  passed: boolean | null;
  damaged: boolean;
  /** Survival points (weight in pounds), when the weight is sent. */
  survival: number | null;
  thicknessBonus: number;
  faces: number[];
  modifiers: AppliedModifier[];
  odds: { success: number };
}

/** +1 at the base thickness, +1 more per doubling; thinner than the base, nothing (our reading). */
export function thicknessBonus(thickness: number, base: number): number {
  if (thickness < base) return 0;
  let bonus = 1;
  for (let t = base * 2; t <= thickness; t *= 2) bonus++;
  return bonus;
}

/**
 * G&M item reactions (seed 000, "Item reactions"): only unprotected items roll, d20 against 4 plus
 * the material's bonus against the attack form plus the thickness bonus.
 */
export function gmItemReaction(spec: GmItemReactionInput, dice: Dice): GmItemReactionOutcome {
  return itemReaction(spec, dice, ITEM_REACTION_TABLE);
}

/** Version 1 of {@link gmItemReaction} (ice's +8 read under bludgeon), for replay only. */
export function gmItemReactionV1(spec: GmItemReactionInput, dice: Dice): GmItemReactionOutcome {
  return itemReaction(spec, dice, ITEM_REACTION_TABLE_V1);
}

function itemReaction(
  spec: GmItemReactionInput,
  dice: Dice,
  table: Readonly<Record<ItemMaterial, ItemReactionRow>>,
): GmItemReactionOutcome {
  const input = record(spec, 'input');
  const material = input.material as ItemMaterial;
  if (!ITEM_MATERIALS.includes(material))
    throw invalid(`\`material\` is one of: ${ITEM_MATERIALS.join(', ')}.`, 'material');
  const attack = input.attack as ItemAttack;
  if (!ITEM_ATTACKS.includes(attack))
    throw invalid(`\`attack\` is one of: ${ITEM_ATTACKS.join(', ')}.`, 'attack');
  const row = table[material];
  const thickness = optionalWholeNumber(
    input.thicknessSixteenths,
    'thicknessSixteenths',
    row.baseSixteenths,
    0,
    1_000_000,
  );
  const weight =
    input.weight === undefined || input.weight === null
      ? null
      : wholeNumber(input.weight, 'weight', 0, 1_000_000);
  const isProtected = optionalFlag(input.protected, 'protected');
  const tBonus = thicknessBonus(thickness, row.baseSixteenths);
  const modifiers: AppliedModifier[] = [
    { name: 'base', value: ITEM_REACTION_BASE },
    { name: `${material} against ${attack}`, value: row[attack] },
    { name: 'thickness', value: tBonus },
  ];
  if (isProtected) {
    return {
      material,
      attack,
      rolled: false,
      target: null,
      roll: null,
      passed: null,
      damaged: false,
      survival: weight,
      thicknessBonus: tBonus,
      faces: [],
      modifiers,
      odds: { success: 1 },
    };
  }
  const target = ITEM_REACTION_BASE + row[attack] + tBonus;
  const roll = dice.pool(1, 20, 'material')[0];
  return {
    material,
    attack,
    rolled: true,
    target,
    roll,
    passed: roll <= target,
    damaged: roll > target,
    survival: weight,
    thicknessBonus: tBonus,
    faces: [roll],
    modifiers,
    odds: { success: passingFaces(target) / 20 },
  };
}
