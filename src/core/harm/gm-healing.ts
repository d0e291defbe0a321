import { abilityRoll } from '../checks/ability-roll';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import type { Dice } from '../random';
import { HarmLog, sumDistribution, type FieldChange, type HarmStep } from './harm-steps';

const BIG = 100_000;

export const GM_HEALING_KINDS = ['night', 'day', 'morning', 'encounter', 'aid'] as const;
export type GmHealingKind = (typeof GM_HEALING_KINDS)[number];
export const GM_HEALING_CHOICES = ['survival', 'injury'] as const;
export type GmHealingChoice = (typeof GM_HEALING_CHOICES)[number];

export interface GmHealingInput {
  kind: GmHealingKind;
  level: number;
  survival: number;
  maxSurvival: number;
  injuries?: number | null;
  verve?: number | null;
  maxVerve?: number | null;
  /** Night's rest: the health score for the roll (rolled at −injuries). */
  health?: number | null;
  /** What a good rest buys: `level` survival or one injury off. Default: an injury while there is one. */
  choice?: GmHealingChoice | null;
  /** NPCs regain `level` survival each night without a roll and have no verve. */
  npc?: boolean | null;
  /** Healing aid (`kind: aid`): survival points restored. */
  amount?: number | null;
  /** Healing aid: injury points removed. */
  injuriesHealed?: number | null;
  /**
   * Of `injuries`, the points nothing heals (aging's, 000:13): rest and aid never take injuries
   * below this, so a good rest buys survival instead. Default 0.
   */
  unhealable?: number | null;
}

export interface GmHealingOutcome {
  kind: GmHealingKind;
  survival: number;
  injuries: number;
  verve: number | null;
  healthRoll: { target: number; roll: number; passed: boolean; odds: { success: number } } | null;
  /** Injuries reached 0: any death timer is cancelled. */
  deathCancelled: boolean;
  faces: number[];
  steps: HarmStep[];
  changes: FieldChange[];
}

/**
 * G&M recovery (seed 001, "Regaining survival and healing injuries", "Using verve", "Non-player
 * characters"): a night's rest gives `level` survival or removes an injury on a health roll (at
 * −injuries, our reading), else 1 survival; a full day of rest gives the same with no roll; each
 * morning verve comes back in full; a non-conflict encounter gives up to `level` verve; healing aid
 * restores what it says. NPCs regain `level` survival a night without rolling. Nothing goes above
 * its maximum.
 */
export function gmHealing(input: GmHealingInput, dice: Dice): GmHealingOutcome {
  const body = record(input, 'input');
  const kind = body.kind as GmHealingKind;
  if (!GM_HEALING_KINDS.includes(kind))
    throw invalid(`\`kind\` is one of: ${GM_HEALING_KINDS.join(', ')}.`, 'kind');
  const level = wholeNumber(body.level, 'level', 0, 1000);
  const maxSurvival = wholeNumber(body.maxSurvival, 'maxSurvival', 0, BIG);
  const survival = wholeNumber(body.survival, 'survival', 0, maxSurvival);
  const injuries = optionalWholeNumber(body.injuries, 'injuries', 0, 0, BIG);
  const maxVerve = optionalWholeNumber(body.maxVerve, 'maxVerve', -1, 0, BIG);
  const verve = optionalWholeNumber(body.verve, 'verve', -1, 0, maxVerve >= 0 ? maxVerve : BIG);
  const npc = optionalFlag(body.npc, 'npc');
  const unhealable = optionalWholeNumber(body.unhealable, 'unhealable', 0, 0, injuries);
  // Only the injuries above the unhealable ones can be rested or aided away.
  const healable = injuries - unhealable;
  const choice = (body.choice ?? (healable > 0 ? 'injury' : 'survival')) as GmHealingChoice;
  if (!GM_HEALING_CHOICES.includes(choice)) throw invalid('`choice` is survival or injury.', 'choice');
  const log = new HarmLog();
  const start = dice.faces.length;
  let newSurvival = survival;
  let newInjuries = injuries;
  let newVerve: number | null = verve >= 0 ? verve : null;
  let healthRoll: GmHealingOutcome['healthRoll'] = null;

  const good = () => {
    if (choice === 'injury' && healable > 0) newInjuries = injuries - 1;
    else newSurvival = Math.min(maxSurvival, survival + level);
  };
  switch (kind) {
    case 'night':
      if (npc) {
        newSurvival = Math.min(maxSurvival, survival + level);
        log.step('night', `NPC: ${level} survival without a roll.`);
      } else {
        if (body.health === undefined || body.health === null)
          throw invalid('A night’s rest rolls `health`.', 'health');
        const health = wholeNumber(body.health, 'health', 0, BIG);
        const roll = abilityRoll({ score: health, penalty: injuries }, dice);
        healthRoll = { target: roll.target, roll: roll.roll, passed: roll.passed, odds: roll.odds };
        if (roll.passed) good();
        else newSurvival = Math.min(maxSurvival, survival + 1);
        log.step(
          'health-roll',
          `Health ${roll.target} or less: rolled ${roll.roll}, ${roll.passed ? (choice === 'injury' && healable > 0 ? 'one injury healed' : `${level} survival`) : '1 survival'}`,
          roll.faces,
          { success: roll.odds.success, failure: 1 - roll.odds.success },
        );
      }
      break;
    case 'day':
      good();
      log.step(
        'day',
        choice === 'injury' && healable > 0
          ? 'A full day of rest heals one injury.'
          : `A full day of rest: ${level} survival.`,
      );
      break;
    case 'morning':
      if (npc || maxVerve < 0) throw invalid('Verve comes back for characters with `maxVerve`.', 'maxVerve');
      newVerve = maxVerve;
      log.step('verve', `A new day: verve back to ${maxVerve}.`);
      break;
    case 'encounter':
      if (npc || maxVerve < 0) throw invalid('Verve comes back for characters with `maxVerve`.', 'maxVerve');
      newVerve = Math.min(maxVerve, (verve >= 0 ? verve : 0) + level);
      log.step('verve', `A non-conflict encounter: up to ${level} verve.`);
      break;
    case 'aid': {
      const amount = optionalWholeNumber(body.amount, 'amount', 0, 0, BIG);
      const healed = optionalWholeNumber(body.injuriesHealed, 'injuriesHealed', 0, 0, BIG);
      newSurvival = Math.min(maxSurvival, survival + amount);
      newInjuries = Math.max(unhealable, injuries - healed);
      log.step(
        'aid',
        `Healing aid: +${newSurvival - survival} survival, −${injuries - newInjuries} injuries.`,
      );
      break;
    }
  }
  if (unhealable > 0)
    log.step('unhealable', `${unhealable} of the injuries cannot heal: rest and aid leave them.`);
  log.change('survival', newSurvival - survival, newSurvival);
  log.change('injuries', newInjuries - injuries, newInjuries);
  if (newVerve !== null && verve >= 0) log.change('verve', newVerve - verve, newVerve);
  else if (newVerve !== null) log.change('verve', newVerve, newVerve);
  const deathCancelled = injuries > 0 && newInjuries === 0;
  if (deathCancelled) log.step('death-cancelled', 'No injuries left: any death timer is cancelled.');
  return {
    kind,
    survival: newSurvival,
    injuries: newInjuries,
    verve: newVerve,
    healthRoll,
    deathCancelled,
    faces: dice.faces.slice(start),
    steps: log.steps,
    changes: log.changes,
  };
}

export interface GmNpcSurvivalInput {
  level: number;
  warrior?: boolean | null;
  /** A per-die survival bonus on the NPC's level, added to each die. */
  perDieBonus?: number | null;
  /** The NPC's endurance when known; otherwise 10 + half the level. */
  endurance?: number | null;
}

export interface GmNpcSurvivalOutcome {
  die: number;
  survival: number;
  endurance: number;
  enduranceEstimated: boolean;
  faces: number[];
  odds: { expected: number; min: number; max: number; distribution: Record<string, number> };
  steps: HarmStep[];
}

/**
 * G&M NPC survival (seed 001, "Non-player characters"): d6 a level (d10 for warriors), each with the
 * per-die bonus; endurance 10 + half the level (rounded down) when unknown.
 */
export function gmNpcSurvival(input: GmNpcSurvivalInput, dice: Dice): GmNpcSurvivalOutcome {
  const body = record(input, 'input');
  const level = wholeNumber(body.level, 'level', 1, 100);
  const warrior = optionalFlag(body.warrior, 'warrior');
  const perDie = optionalWholeNumber(body.perDieBonus, 'perDieBonus', 0, 0, 100);
  const known = body.endurance !== undefined && body.endurance !== null;
  const endurance = known ? wholeNumber(body.endurance, 'endurance', 0, BIG) : 10 + Math.floor(level / 2);
  const sides = warrior ? 10 : 6;
  const start = dice.faces.length;
  const faces = dice.pool(level, sides, 'level');
  const survival = faces.reduce((a, b) => a + b, 0) + perDie * level;
  const log = new HarmLog();
  log.step('survival', `${level}d${sides}${perDie ? ` + ${perDie} a die` : ''} = ${survival}`, faces, null);
  if (!known) log.step('endurance', `Endurance estimated at 10 + ${Math.floor(level / 2)} = ${endurance}`);
  return {
    die: sides,
    survival,
    endurance,
    enduranceEstimated: !known,
    faces: dice.faces.slice(start),
    odds: {
      expected: (level * (sides + 1)) / 2 + perDie * level,
      min: level * (1 + perDie),
      max: level * (sides + perDie),
      distribution: Object.fromEntries(
        Object.entries(sumDistribution(level, sides)).map(([total, p]) => [
          String(Number(total) + perDie * level),
          p,
        ]),
      ),
    },
    steps: log.steps,
  };
}
