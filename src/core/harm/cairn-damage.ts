import { MAX_SAVE_ATTRIBUTE, rollUnderSave, saveSuccessChance } from '../checks/roll-under-save';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import type { Dice } from '../random';
import { rollScar, type ScarOutcome, type ScarSheet } from './cairn-scars';
import { chanceAbove, HarmLog, type FieldChange, type HarmStep } from './harm-steps';

export const CAIRN_DAMAGE_DICE = ['d4', 'd6', 'd8', 'd10', 'd12'] as const;
export type CairnDamageDie = (typeof CAIRN_DAMAGE_DICE)[number];
export const CAIRN_DAMAGE_TARGETS = ['hp', 'str', 'dex', 'wil'] as const;
export type CairnDamageTarget = (typeof CAIRN_DAMAGE_TARGETS)[number];
export const CAIRN_STATES = ['up', 'out', 'critical', 'dead', 'paralysed', 'delirious'] as const;
export type CairnState = (typeof CAIRN_STATES)[number];

/** Armor never goes above this (seed 004, "Armor"). */
export const CAIRN_MAX_ARMOR = 3;
export const MAX_CAIRN_HP = 1000;

/** The sheet's numbers: HP, then the values the scars and zero-attribute states read. */
export interface CairnDamageInput extends ScarSheet {
  hp: number;
  /** Armor; anything above 3 counts as 3. */
  armor?: number | null;
  /** Damage already rolled; or send `die`. */
  damage?: number | null;
  die?: CairnDamageDie | null;
  /** `hp` (combat, the default) or an attribute (harm outside combat, straight to it, no Armor). */
  target?: CairnDamageTarget | null;
  /** Scar 12 is pending: this critical-damage save decides death or a 3d6 max-HP roll. */
  doomed?: boolean | null;
  /** NPCs and monsters die when they fail a critical-damage save. */
  npc?: boolean | null;
  /**
   * Whether an NPC at exactly 0 HP rolls a scar. Scars are a player character's (004:76, 115), so
   * the campaign engine sends `false` for NPCs; absent (as in rolls logged before issue 39), the
   * scar is rolled for anyone, as it was.
   */
  npcScars?: boolean | null;
}

export interface CairnCriticalSave {
  target: number;
  roll: number;
  passed: boolean;
  automatic: 'always-passes' | 'always-fails' | null;
  odds: { pass: number };
}

export interface CairnDamageOdds {
  /** P(damage = i) for i = 1 … sides when a die was rolled; null for given damage. */
  damage: number[] | null;
  /** Chance the blow leaves HP at exactly 0 (a scar). */
  scar: number;
  /** Chance some damage reaches STR. */
  strDamage: number;
  /** Chance of critical damage (a failed save, or STR 0). */
  critical: number;
  /** Chance of death. */
  dead: number;
}

export interface CairnDamageOutcome {
  /** The damage rolled or given, before Armor. */
  damage: number;
  armor: number;
  /** Damage after Armor. */
  dealt: number;
  hp: number;
  str: number;
  dex: number | null;
  wil: number | null;
  /** Damage HP could not take, which went to STR. */
  overflow: number;
  /** STR actually lost (overflow stops at STR 0). */
  strLost: number;
  scar: ScarOutcome | null;
  criticalSave: CairnCriticalSave | null;
  state: CairnState;
  /** Conditions the blow adds (`deprived`, `out-of-action`, `doomed` …). */
  conditions: string[];
  faces: number[];
  steps: HarmStep[];
  changes: FieldChange[];
  odds: CairnDamageOdds;
}

function optionalAttribute(value: unknown, field: string): number | null {
  return value === undefined || value === null ? null : wholeNumber(value, field, 0, MAX_SAVE_ATTRIBUTE);
}

/** The state the attributes and the save give, worst first (seed 004, "Attribute Loss", "Critical Damage"). */
export function cairnState(
  str: number,
  dex: number | null,
  wil: number | null,
  critical: boolean,
  npc = false,
): CairnState {
  if (str <= 0) return 'dead';
  if (critical) return npc ? 'dead' : 'critical';
  if (dex === 0) return 'paralysed';
  if (wil === 0) return 'delirious';
  return 'up';
}

interface Split {
  dealt: number;
  hp: number;
  overflow: number;
  str: number;
  scar: boolean;
}

/** Armor, then HP, then STR: the deterministic part of a blow. */
function split(damage: number, armor: number, hp: number, str: number): Split {
  const dealt = Math.max(0, damage - armor);
  const absorbed = Math.min(hp, dealt);
  const overflow = dealt - absorbed;
  return {
    dealt,
    hp: hp - absorbed,
    overflow,
    str: Math.max(0, str - overflow),
    scar: absorbed > 0 && hp - absorbed === 0 && overflow === 0,
  };
}

/**
 * Cairn damage (seed 004, "Attacking & Damage", "Critical Damage", "Scars", "Attribute Loss"):
 * Armor (at most 3) comes off the damage; the rest comes off HP. A blow that leaves HP at exactly 0
 * gives the scar for the HP it took; damage past 0 comes off STR and calls a STR save at the new
 * score, whose failure is critical damage (death for an NPC). STR 0 is death, DEX 0 paralysis, WIL 0
 * delirium. Harm outside combat (`target` an attribute) goes straight to that attribute.
 */
export function cairnDamage(input: CairnDamageInput, dice: Dice): CairnDamageOutcome {
  const body = record(input, 'input');
  const hp = wholeNumber(body.hp, 'hp', 0, MAX_CAIRN_HP);
  const maxHp =
    body.maxHp === undefined || body.maxHp === null
      ? null
      : wholeNumber(body.maxHp, 'maxHp', 0, MAX_CAIRN_HP);
  const str = wholeNumber(body.str, 'str', 0, MAX_SAVE_ATTRIBUTE);
  const dex = optionalAttribute(body.dex, 'dex');
  const wil = optionalAttribute(body.wil, 'wil');
  const maxStr = optionalAttribute(body.maxStr, 'maxStr');
  const maxDex = optionalAttribute(body.maxDex, 'maxDex');
  const maxWil = optionalAttribute(body.maxWil, 'maxWil');
  const armorAsked = optionalWholeNumber(body.armor, 'armor', 0, 0, 1000);
  const doomed = optionalFlag(body.doomed, 'doomed');
  const npc = optionalFlag(body.npc, 'npc');
  const scarless = npc && body.npcScars === false;
  const target = (body.target ?? 'hp') as CairnDamageTarget;
  if (!CAIRN_DAMAGE_TARGETS.includes(target)) throw invalid('`target` is hp, str, dex or wil.', 'target');
  const hasDamage = body.damage !== undefined && body.damage !== null;
  const hasDie = body.die !== undefined && body.die !== null;
  if (hasDamage === hasDie) throw invalid('Send either `damage` or `die`.', hasDamage ? 'die' : 'damage');
  let sides = 0;
  if (hasDie) {
    if (!CAIRN_DAMAGE_DICE.includes(body.die as CairnDamageDie))
      throw invalid('`die` is d4, d6, d8, d10 or d12.', 'die');
    sides = Number((body.die as string).slice(1));
  }

  const log = new HarmLog();
  const start = dice.faces.length;
  let damage: number;
  if (hasDie) {
    damage = dice.pool(1, sides, 'die')[0];
    log.step(
      'damage-roll',
      `${body.die as string} rolled ${damage}`,
      [damage],
      Object.fromEntries(Array.from({ length: sides }, (_, i) => [String(i + 1), 1 / sides])),
    );
  } else {
    damage = wholeNumber(body.damage, 'damage', 0, 100_000);
  }
  const damageOdds = hasDie ? Array.from({ length: sides }, () => 1 / sides) : null;

  if (target !== 'hp')
    return attributeHarm({
      target,
      damage,
      hp,
      str,
      dex,
      wil,
      npc,
      log,
      faces: () => dice.faces.slice(start),
      damageOdds,
    });

  const armor = Math.min(armorAsked, CAIRN_MAX_ARMOR);
  if (armorAsked > CAIRN_MAX_ARMOR) log.step('armor-cap', `Armor ${armorAsked} counts as ${CAIRN_MAX_ARMOR}`);

  // Exact odds over every damage the die could show (one outcome for given damage).
  const odds: CairnDamageOdds = { damage: damageOdds, scar: 0, strDamage: 0, critical: 0, dead: 0 };
  const outcomes = hasDie ? Array.from({ length: sides }, (_, i) => i + 1) : [damage];
  for (const value of outcomes) {
    const p = 1 / outcomes.length;
    const s = split(value, armor, hp, str);
    if (s.scar && !scarless) odds.scar += p;
    if (s.overflow > 0) {
      odds.strDamage += p;
      if (s.str === 0) {
        odds.critical += p;
        odds.dead += p;
      } else {
        const fail = 1 - saveSuccessChance(s.str);
        odds.critical += p * fail;
        if (npc || doomed) odds.dead += p * fail;
      }
    }
  }

  const s = split(damage, armor, hp, str);
  log.step('armor', `Armor ${armor} takes ${Math.min(armor, damage)} of ${damage}`);
  log.step('hp', `HP ${hp} → ${s.hp}`);
  log.change('hp', s.hp - hp, s.hp);

  let scar: ScarOutcome | null = null;
  let criticalSave: CairnCriticalSave | null = null;
  let critical = false;
  const conditions: string[] = [];
  if (s.scar && scarless)
    log.step('scar', 'An NPC at exactly 0 HP: no scar (scars are for player characters).');
  if (s.scar && !scarless) {
    const lost = hp - s.hp;
    scar = rollScar(lost, { maxHp, str, dex, wil, maxDex, maxWil }, dice);
    // The maxima are raised only when `maxStr` is sent (the campaign sends it since M2): rolls logged
    // before named max DEX and WIL without it and replay as they were.
    const maxima: Record<string, number | null> =
      maxStr === null ? {} : { str: maxStr, dex: maxDex, wil: maxWil };
    log.step('scar', `HP lost ${lost} at exactly 0: scar ${scar.entry}, ${scar.name}`);
    for (const follow of scar.followUps) {
      log.step(
        `scar-${follow.name}`,
        `${follow.roll}: ${follow.result} (${follow.timing})`,
        follow.faces,
        follow.odds,
      );
      if (follow.timing === 'now' && follow.change) {
        // Scar 6: the new score stands as rolled; above the maximum it raises the maximum first
        // (004:126), so the sheet keeps what the answer says.
        const max = maxima[follow.change.field];
        const after = follow.change.after;
        if (max !== null && max !== undefined && after !== null && after > max) {
          const field = follow.change.field;
          log.change(`max${field.charAt(0).toUpperCase()}${field.slice(1)}`, after - max, after);
        }
        log.change(follow.change.field, follow.change.delta, follow.change.after);
      }
    }
    conditions.push(...scar.conditions);
  }
  if (s.overflow > 0) {
    log.step('overflow', `${s.overflow} past 0 HP: STR ${str} → ${s.str}`);
    log.change('str', s.str - str, s.str);
    if (s.str === 0) {
      critical = true;
      log.step('str-zero', 'STR 0: dead');
    } else {
      const save = rollUnderSave({ attribute: s.str }, dice);
      criticalSave = {
        target: s.str,
        roll: save.roll,
        passed: save.passed,
        automatic: save.automatic,
        odds: { pass: save.odds.success },
      };
      critical = !save.passed;
      log.step(
        'critical-save',
        `STR save at ${s.str}: rolled ${save.roll}, ${save.passed ? 'passed' : 'failed'}`,
        save.faces,
        {
          pass: save.odds.success,
          fail: 1 - save.odds.success,
        },
      );
      if (doomed && save.passed) {
        const faces = dice.pool(3, 6, 'damage');
        const total = faces[0] + faces[1] + faces[2];
        const higher = maxHp !== null && total > maxHp;
        log.step(
          'doomed',
          `Doomed lifted: 3d6 = ${total}${higher ? `, max HP ${maxHp} → ${total}` : maxHp === null ? ': compare with max HP' : ', no change'}`,
          faces,
          maxHp === null
            ? null
            : { higher: chanceAbove(3, 6, maxHp), notHigher: 1 - chanceAbove(3, 6, maxHp) },
        );
        if (higher) log.change('maxHp', total - maxHp, total);
      }
    }
  }
  const worst = cairnState(s.str, dex, wil, critical, npc || (doomed && critical));
  // A Mortal Wound puts a character out of action without critical damage.
  const state = worst === 'up' && conditions.includes('out-of-action') ? 'out' : worst;
  log.step('state', stateDetail(state));
  return {
    damage,
    armor,
    dealt: s.dealt,
    hp: s.hp,
    str: s.str,
    dex,
    wil,
    overflow: s.overflow,
    strLost: str - s.str,
    scar,
    criticalSave,
    state,
    conditions,
    faces: dice.faces.slice(start),
    steps: log.steps,
    changes: log.changes,
    odds,
  };
}

function stateDetail(state: CairnState): string {
  switch (state) {
    case 'dead':
      return 'Dead.';
    case 'critical':
      return 'Critical damage: can only crawl; aid stabilises, untreated death within the hour.';
    case 'paralysed':
      return 'DEX 0: paralysed until restored.';
    case 'delirious':
      return 'WIL 0: delirious until restored.';
    case 'out':
      return 'Out of action: dead in an hour unless healed.';
    default:
      return 'Still in the fight.';
  }
}

function attributeHarm(args: {
  target: Exclude<CairnDamageTarget, 'hp'>;
  damage: number;
  hp: number;
  str: number;
  dex: number | null;
  wil: number | null;
  npc: boolean;
  log: HarmLog;
  faces: () => number[];
  damageOdds: number[] | null;
}): CairnDamageOutcome {
  const { target, damage, log } = args;
  const values = { str: args.str, dex: args.dex, wil: args.wil };
  const before = values[target];
  if (before === null) throw invalid(`Send \`${target}\` to harm it.`, target);
  const after = Math.max(0, before - damage);
  values[target] = after;
  log.step('attribute-loss', `Outside combat the harm goes to ${target.toUpperCase()}: ${before} → ${after}`);
  log.change(target, after - before, after);
  const state = cairnState(values.str, values.dex, values.wil, false, args.npc);
  log.step('state', stateDetail(state));
  const zero = args.damageOdds
    ? args.damageOdds.reduce((acc, p, i) => acc + (before - (i + 1) <= 0 ? p : 0), 0)
    : after === 0
      ? 1
      : 0;
  return {
    damage,
    armor: 0,
    dealt: damage,
    hp: args.hp,
    str: values.str,
    dex: values.dex,
    wil: values.wil,
    overflow: 0,
    strLost: args.str - values.str,
    scar: null,
    criticalSave: null,
    state,
    conditions: [],
    faces: args.faces(),
    steps: log.steps,
    changes: log.changes,
    odds: {
      damage: args.damageOdds,
      scar: 0,
      strDamage: target === 'str' ? (damage > 0 || args.damageOdds ? 1 : 0) : 0,
      critical: 0,
      dead: target === 'str' ? zero : 0,
    },
  };
}
