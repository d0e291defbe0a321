import { binomialTail } from '../odds';
import type { Dice } from '../random';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { MAX_DIFFICULTY, MIN_DIFFICULTY } from '../checks/difficulty-pool';
import { AppliedModifier, SheetEffect } from './shared';

const clampDifficulty = (d: number) => Math.min(MAX_DIFFICULTY, Math.max(MIN_DIFFICULTY, d));
const poolOdds = (dice: number, need: number, difficulty: number) =>
  binomialTail(dice, need, (7 - difficulty) / 6);

// Food, water and sleep

/** Litres of water a day (seed 002, "Starvation and thirst"). */
export const WATER_LITRES_PER_DAY = 4;

export interface ArchsoulRestInput {
  /** Fatigue level now: 0 fresh, 1 fatigued, 2 exhausted, 3 unconscious. */
  fatigue?: number;
  /** Hours without water since the last drink (each whole 24 inflicts a fatigue). */
  hoursWithoutWater?: number;
  /** Hours without food since the last meal (each whole 72 inflicts a fatigue). */
  hoursWithoutFood?: number;
  /** Millilitres drunk over the last day (4000 is enough; 2000 staves off thirst only). */
  waterMillilitres?: number;
  /** Hours of sleep (8 or more for a full night). */
  sleepHours?: number;
  /** Minutes of those hours spent on watch (at most a third of the time). */
  watchMinutes?: number;
  /** Hours of rest without the conditions of a full night (each restores 1 HP and clears Disabled). */
  restHours?: number;
  hitPoints?: number;
  maxHitPoints?: number;
  drain?: number;
  /** Points of reduction carried by each reduced attribute, by name. */
  attributeReductions?: Record<string, number>;
  disabled?: boolean;
}

export interface ArchsoulRestOutcome {
  /** Fatigue levels inflicted by thirst and hunger. */
  deprivationFatigue: number;
  thirsty: boolean;
  hungry: boolean;
  /** Half rations: thirst kept off but +2 on exhaustion rolls, and sleep clears no fatigue. */
  halfWater: boolean;
  exhaustionDifficulty: number;
  /** The sleep counted as a full night. */
  fullNight: boolean;
  fatigueBefore: number;
  fatigueAfter: number;
  hitPointsAfter: number | null;
  drainAfter: number | null;
  attributeReductionsAfter: Record<string, number>;
  disabledAfter: boolean;
  /** While asleep: Awareness checks +2 difficulty, no other observation. */
  asleepAwarenessDifficulty: number;
  modifiers: AppliedModifier[];
  effects: SheetEffect[];
}

/**
 * The thirst and hunger a rest reads (002:44–45), as sent: hours since the last drink and meal, water
 * drunk over the last day. Both rests (the hazards rest and the harm route's) read them through this
 * and `archsoulRest`; a field not sent is left out (fed and watered).
 */
export function archsoulSustenance(input: {
  hoursWithoutWater?: number | null;
  hoursWithoutFood?: number | null;
  waterMillilitres?: number | null;
}): Pick<ArchsoulRestInput, 'hoursWithoutWater' | 'hoursWithoutFood' | 'waterMillilitres'> {
  const out: Pick<ArchsoulRestInput, 'hoursWithoutWater' | 'hoursWithoutFood' | 'waterMillilitres'> = {};
  for (const key of ['hoursWithoutWater', 'hoursWithoutFood', 'waterMillilitres'] as const) {
    const value = input[key];
    if (value !== undefined && value !== null) out[key] = value;
  }
  return out;
}

/**
 * Archsoul food, water and sleep (seed 002, "Starvation and thirst", "Rest and natural healing").
 * Deprivation is applied first: each whole 24 h without water and 72 h without food inflicts a fatigue
 * (the first at exactly 24 h and 72 h). Then a full night (8 h or more with at most a third of the 8 h,
 * 160 minutes, on watch) restores every HP, clears Disabled, takes half the Drain off (at most 10,
 * rounded down), gives back one point of each reduced attribute, and lowers fatigue one level
 * (fatigued → fresh, exhausted → fatigued); unconscious is read as exhausted. Sleep clears no fatigue
 * while thirsty, hungry or on half water. Each hour of other rest restores 1 HP and clears Disabled.
 */
export function archsoulRest(spec: ArchsoulRestInput): ArchsoulRestOutcome {
  const input = record(spec, 'input');
  const fatigue = optionalWholeNumber(input.fatigue, 'fatigue', 0, 0, 3);
  const sustenance = archsoulSustenance(input as ArchsoulRestInput);
  const noWater = optionalWholeNumber(sustenance.hoursWithoutWater, 'hoursWithoutWater', 0, 0, 100_000);
  const noFood = optionalWholeNumber(sustenance.hoursWithoutFood, 'hoursWithoutFood', 0, 0, 100_000);
  const water = optionalWholeNumber(sustenance.waterMillilitres, 'waterMillilitres', 4000, 0, 100_000);
  const sleep = optionalWholeNumber(input.sleepHours, 'sleepHours', 0, 0, 24);
  const watch = optionalWholeNumber(input.watchMinutes, 'watchMinutes', 0, 0, 1440);
  const restHours = optionalWholeNumber(input.restHours, 'restHours', 0, 0, 1000);
  const hasHp = input.hitPoints !== undefined && input.hitPoints !== null;
  const hp = hasHp ? wholeNumber(input.hitPoints, 'hitPoints', -1000, 1000) : null;
  const maxHp = optionalWholeNumber(input.maxHitPoints, 'maxHitPoints', hp ?? 0, 0, 1000);
  if (hp !== null && hp > maxHp) throw invalid('`hitPoints` is at most `maxHitPoints`.', 'hitPoints');
  const drain =
    input.drain === undefined || input.drain === null ? null : wholeNumber(input.drain, 'drain', 0, 100_000);
  const disabled = optionalFlag(input.disabled, 'disabled');
  const reductions: Record<string, number> = {};
  if (input.attributeReductions !== undefined && input.attributeReductions !== null) {
    const r = record(input.attributeReductions, 'attributeReductions');
    for (const [name, value] of Object.entries(r)) {
      if (Object.keys(reductions).length >= 50)
        throw invalid('At most 50 attributes.', 'attributeReductions');
      reductions[name] = wholeNumber(value, `attributeReductions.${name}`, 0, 1000);
    }
  }
  const modifiers: AppliedModifier[] = [];
  const thirstFatigue = Math.floor(noWater / 24);
  const hungerFatigue = Math.floor(noFood / 72);
  if (thirstFatigue > 0) modifiers.push({ name: 'days without water', value: thirstFatigue });
  if (hungerFatigue > 0) modifiers.push({ name: 'three-day spans without food', value: hungerFatigue });
  const halfWater = water < WATER_LITRES_PER_DAY * 1000 && water >= (WATER_LITRES_PER_DAY * 1000) / 2;
  const thirsty = thirstFatigue > 0 || water < (WATER_LITRES_PER_DAY * 1000) / 2;
  const hungry = hungerFatigue > 0;
  let level = Math.min(3, fatigue + thirstFatigue + hungerFatigue);
  const deprivationFatigue = level - fatigue;
  const exhaustionDifficulty = halfWater ? 2 : thirsty ? 1 : 0;
  if (halfWater) modifiers.push({ name: 'half the daily water: exhaustion rolls', value: 2 });
  else if (thirsty) modifiers.push({ name: 'too little water: exhaustion rolls', value: 1 });
  const fullNight = sleep >= 8 && watch <= 160;
  let hpAfter = hp;
  let drainAfter = drain;
  let disabledAfter = disabled;
  const reductionsAfter = { ...reductions };
  if (fullNight) {
    if (hpAfter !== null) hpAfter = maxHp;
    disabledAfter = false;
    if (drainAfter !== null) drainAfter -= Math.min(10, Math.floor(drainAfter / 2));
    for (const name of Object.keys(reductionsAfter))
      reductionsAfter[name] = Math.max(0, reductionsAfter[name] - 1);
    if (!thirsty && !hungry && !halfWater) {
      level = level >= 2 ? 1 : 0;
    } else {
      modifiers.push({ name: 'sleep cannot clear fatigue (thirst, hunger or half water)', value: 0 });
    }
  }
  if (restHours > 0) {
    if (hpAfter !== null) hpAfter = Math.min(maxHp, hpAfter + restHours);
    disabledAfter = false;
  }
  const effects: SheetEffect[] = [];
  if (level !== fatigue) effects.push({ track: 'fatigue', change: level - fatigue, status: null });
  if (hp !== null && hpAfter !== null && hpAfter !== hp)
    effects.push({ track: 'hit-points', change: hpAfter - hp, status: null });
  if (disabled && !disabledAfter) effects.push({ track: 'status', change: -1, status: 'disabled' });
  return {
    deprivationFatigue,
    thirsty,
    hungry,
    halfWater,
    exhaustionDifficulty,
    fullNight,
    fatigueBefore: fatigue,
    fatigueAfter: level,
    hitPointsAfter: hpAfter,
    drainAfter,
    attributeReductionsAfter: reductionsAfter,
    disabledAfter,
    asleepAwarenessDifficulty: 2,
    modifiers,
    effects,
  };
}

// Traps, falling objects and difficult terrain

export interface ArchsoulTrapInput {
  athletics: number;
  /** Unknown hazard: Athletics + Awareness. */
  awareness?: number;
  /** Known hazard: Athletics + Conditioning, one difficulty lower. */
  conditioning?: number;
  known?: boolean;
  /** Per-die difficulty for an unknown hazard (4 by default: ours). */
  difficulty?: number;
  /** Successes needed (1 by default: ours). */
  successes?: number;
}

export interface ArchsoulTrapOutcome {
  known: boolean;
  dice: number;
  difficulty: number;
  target: number;
  faces: number[];
  successes: number;
  avoided: boolean;
  modifiers: AppliedModifier[];
  odds: { success: number };
}

/**
 * Dodging a falling object or a simple trap (seed 002, "Traps and falling objects"): Athletics +
 * Awareness when unknown, Athletics + Conditioning at one lower difficulty when known. The seed gives
 * neither the difficulty nor the successes: 4 and 1 by default, "lower" is −1.
 */
export function archsoulTrap(spec: ArchsoulTrapInput, dice: Dice): ArchsoulTrapOutcome {
  const input = record(spec, 'input');
  const athletics = wholeNumber(input.athletics, 'athletics', 0, 30);
  const known = optionalFlag(input.known, 'known');
  const second = known
    ? optionalWholeNumber(input.conditioning, 'conditioning', 0, 0, 30)
    : optionalWholeNumber(input.awareness, 'awareness', 0, 0, 30);
  const base = optionalWholeNumber(input.difficulty, 'difficulty', 4, 2, 6);
  const target = optionalWholeNumber(input.successes, 'successes', 1, 0, 100);
  const modifiers: AppliedModifier[] = [];
  if (known) modifiers.push({ name: 'known hazard', value: -1 });
  const difficulty = clampDifficulty(base - (known ? 1 : 0));
  const pool = athletics + second;
  const faces = dice.pool(pool, 6, 'athletics');
  const successes = faces.filter((f) => f >= difficulty).length;
  return {
    known,
    dice: pool,
    difficulty,
    target,
    faces,
    successes,
    avoided: successes >= target,
    modifiers,
    odds: { success: poolOdds(pool, target, difficulty) },
  };
}

export interface ArchsoulTerrainInput {
  /** Base move speed in spaces. */
  speed: number;
  difficult: boolean;
  /** Move actions spent. */
  actions?: number;
}

export interface ArchsoulTerrainOutcome {
  spacesPerAction: number;
  spaces: number;
  slowOnly: boolean;
  modifiers: AppliedModifier[];
}

/** Difficult terrain (seed 002): only slow moves, 1 space per action. */
export function archsoulTerrain(spec: ArchsoulTerrainInput): ArchsoulTerrainOutcome {
  const input = record(spec, 'input');
  const speed = wholeNumber(input.speed, 'speed', 0, 100);
  const difficult = optionalFlag(input.difficult, 'difficult');
  const actions = optionalWholeNumber(input.actions, 'actions', 1, 0, 1000);
  const per = difficult ? Math.min(1, speed) : speed;
  return {
    spacesPerAction: per,
    spaces: per * actions,
    slowOnly: difficult,
    modifiers: difficult ? [{ name: 'difficult terrain: slow moves only', value: per - speed }] : [],
  };
}

// Breaking things with a rolled blow (tool bonus)

export interface ArchsoulBlowInput {
  /** The damage pool. */
  pool: number;
  /** Per-die difficulty of the damage roll (4 by default). */
  difficulty?: number;
  /** A tool made to break this material: −1 difficulty. */
  tool?: boolean;
  /** Underwater: pool halved (down), +1 difficulty unless a thrusting weapon. */
  underwater?: boolean;
  thrusting?: boolean;
}

export interface ArchsoulBlowOutcome {
  dice: number;
  difficulty: number;
  faces: number[];
  damage: number;
  modifiers: AppliedModifier[];
  odds: { damage: { value: number; probability: number }[] };
}

/** Rolls a damage pool (Archsoul: each die at or above the difficulty is a point of damage). */
export function archsoulBlow(spec: ArchsoulBlowInput, dice: Dice): ArchsoulBlowOutcome {
  const input = record(spec, 'input');
  const pool0 = wholeNumber(input.pool, 'pool', 0, 100);
  const base = optionalWholeNumber(input.difficulty, 'difficulty', 4, 2, 6);
  const tool = optionalFlag(input.tool, 'tool');
  const underwater = optionalFlag(input.underwater, 'underwater');
  const thrusting = optionalFlag(input.thrusting, 'thrusting');
  const modifiers: AppliedModifier[] = [];
  let difficulty = base;
  let pool = pool0;
  if (tool) {
    difficulty -= 1;
    modifiers.push({ name: 'tool made for the material', value: -1 });
  }
  if (underwater) {
    pool = Math.floor(pool / 2);
    modifiers.push({ name: 'underwater: pool halved', value: pool - pool0 });
    if (!thrusting) {
      difficulty += 1;
      modifiers.push({ name: 'underwater weapon', value: 1 });
    }
  }
  difficulty = clampDifficulty(difficulty);
  const faces = dice.pool(pool, 6, 'pool');
  const damage = faces.filter((f) => f >= difficulty).length;
  const p = (7 - difficulty) / 6;
  const dist: { value: number; probability: number }[] = [];
  for (let k = 0; k <= pool; k++) {
    const probability = binomialTail(pool, k, p) - binomialTail(pool, k + 1, p);
    if (probability > 0) dist.push({ value: k, probability });
  }
  return { dice: pool, difficulty, faces, damage, modifiers, odds: { damage: dist } };
}

// Fighting underwater

export const UNDERWATER_THRUSTING = ['knife', 'stiletto', 'shortspear', 'spear', 'pike'] as const;
export const UNDERWATER_FORBIDDEN = ['whip', 'rope-dart', 'meteor-hammer', 'sling', 'firearm'] as const;

/** Firearms by the names a table gives them (002:103 names firearms as a kind). */
const FIREARMS = [
  'firearm',
  'gun',
  'pistol',
  'handgun',
  'revolver',
  'rifle',
  'musket',
  'arquebus',
  'blunderbuss',
  'carbine',
  'shotgun',
  'flintlock',
  'matchlock',
  'wheellock',
];

/** Plurals the weapon lists use that are not a plain trailing `s`. */
const IRREGULAR: Record<string, string> = { knives: 'knife' };

/**
 * A weapon as the underwater lists key it (M9): case and spacing aside ("Rope Dart", "meteor_hammer"
 * → `rope-dart`, `meteor-hammer`), plurals read as the singular ("Knives", "Pikes"), "short spear" as
 * `shortspear`, and a firearm by any of its names ("Pistol", "Musket") as `firearm`.
 */
export function underwaterWeaponKey(name: string): string {
  let key = name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-');
  const words = key.split('-');
  const last = words[words.length - 1];
  words[words.length - 1] =
    IRREGULAR[last] ??
    (last.length > 3 && last.endsWith('s') && !last.endsWith('ss') ? last.slice(0, -1) : last);
  key = words.join('-');
  if (key === 'short-spear') return 'shortspear';
  if (FIREARMS.includes(key) || FIREARMS.includes(words[words.length - 1])) return 'firearm';
  return key;
}

export interface ArchsoulUnderwaterAttackInput {
  /** The weapon by name (a listed one) or "other"; "shield" to attack with a shield. */
  weapon: string;
  damagePool: number;
  /** The weapon's range, for ranged weapons. */
  range?: number;
}

export interface ArchsoulUnderwaterAttackOutcome {
  allowed: boolean;
  reason: string | null;
  damagePool: number;
  /** Added to the difficulty of attack and damage rolls. */
  difficulty: number;
  range: number | null;
  /** A round with an attack must be spent holding one's breath. */
  holdsBreath: boolean;
  modifiers: AppliedModifier[];
}

/**
 * Underwater attacks (seed 002, "Underwater combat"): the damage pool halves (rounded down), ranges stop
 * at 5, +1 difficulty except for knives, stilettos, shortspears, spears and pikes; whips, rope darts,
 * meteor hammers, slings, firearms and shield attacks are impossible; the round costs breath.
 */
export function archsoulUnderwaterAttack(
  spec: ArchsoulUnderwaterAttackInput,
): ArchsoulUnderwaterAttackOutcome {
  const input = record(spec, 'input');
  if (typeof input.weapon !== 'string' || input.weapon.length === 0 || input.weapon.length > 40)
    throw invalid('`weapon` is a weapon name.', 'weapon');
  const weapon = underwaterWeaponKey(input.weapon);
  const pool = wholeNumber(input.damagePool, 'damagePool', 0, 100);
  const range =
    input.range === undefined || input.range === null ? null : wholeNumber(input.range, 'range', 0, 10_000);
  const forbidden = (UNDERWATER_FORBIDDEN as readonly string[]).includes(weapon) || weapon === 'shield';
  if (forbidden) {
    return {
      allowed: false,
      reason:
        weapon === 'shield' ? 'shields cannot attack underwater' : `${weapon} cannot be used underwater`,
      damagePool: 0,
      difficulty: 0,
      range: null,
      holdsBreath: true,
      modifiers: [],
    };
  }
  const thrusting = (UNDERWATER_THRUSTING as readonly string[]).includes(weapon);
  const halved = Math.floor(pool / 2);
  const modifiers: AppliedModifier[] = [{ name: 'underwater: damage pool halved', value: halved - pool }];
  if (!thrusting) modifiers.push({ name: 'underwater weapon', value: 1 });
  const cappedRange = range === null ? null : Math.min(5, range);
  if (range !== null && range > 5) modifiers.push({ name: 'underwater range limit', value: 5 - range });
  return {
    allowed: true,
    reason: null,
    damagePool: halved,
    difficulty: thrusting ? 0 : 1,
    range: cappedRange,
    holdsBreath: true,
    modifiers,
  };
}

export interface ArchsoulUnderwaterHurtInput {
  endurance: number;
  /** Conditioning or Resolve, whichever the character uses. */
  skill?: number;
  damage: number;
  headAboveWater?: boolean;
}

export interface ArchsoulUnderwaterHurtOutcome {
  dice: number;
  difficulty: number;
  faces: number[];
  successes: number;
  /** The damage is greater than the successes: water is taken in and drowning begins. */
  drowning: boolean;
  modifiers: AppliedModifier[];
  effects: SheetEffect[];
  odds: { drowning: number };
}

/** Hurt underwater (seed 002): Endurance + Conditioning or Resolve at 3 (2 head above water); damage over the successes starts drowning. */
export function archsoulUnderwaterHurt(
  spec: ArchsoulUnderwaterHurtInput,
  dice: Dice,
): ArchsoulUnderwaterHurtOutcome {
  const input = record(spec, 'input');
  const endurance = wholeNumber(input.endurance, 'endurance', 0, 30);
  const skill = optionalWholeNumber(input.skill, 'skill', 0, 0, 30);
  const damage = wholeNumber(input.damage, 'damage', 0, 10_000);
  const head = optionalFlag(input.headAboveWater, 'headAboveWater');
  const difficulty = head ? 2 : 3;
  const pool = endurance + skill;
  const faces = dice.pool(pool, 6, 'endurance');
  const successes = faces.filter((f) => f >= difficulty).length;
  const drowning = damage > successes;
  return {
    dice: pool,
    difficulty,
    faces,
    successes,
    drowning,
    modifiers: head ? [{ name: 'head above water', value: -1 }] : [],
    effects: drowning ? [{ track: 'status', change: 1, status: 'drowning' }] : [],
    odds: { drowning: 1 - poolOdds(pool, damage, difficulty) },
  };
}
