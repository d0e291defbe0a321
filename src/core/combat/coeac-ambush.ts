import { countPoolSuccesses } from '../checks/pool-test';
import { invalid, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { poolSuccessProbability } from '../odds';
import type { Dice } from '../random';
import { CombatLog, type CombatModifier, type CombatStep } from './combat-steps';
import { MAX_EXCHANGE_POOL } from './coeac-exchange';

export const AMBUSH_SKILLS = ['Bushcraft', 'Streetwise'] as const;
export const AMBUSH_PLACES = ['wilderness', 'town'] as const;
export type AmbushPlace = (typeof AMBUSH_PLACES)[number];

export interface CoeacAmbushInput {
  /** Where the ambush is laid: the wilderness tests Bushcraft, a town Streetwise. */
  place: AmbushPlace;
  /** The scout's pool (2 + the skill's rating). */
  pool: number;
  bonusDice?: number | null;
  penaltyDice?: number | null;
  helpers?: number | null;
  /** The referee's Ob (the seed gives none). */
  objective: number;
}

export interface CoeacAmbushOutcome {
  skill: (typeof AMBUSH_SKILLS)[number];
  dice: number;
  faces: number[];
  successes: number;
  objective: number;
  passed: boolean;
  /** Failed: the ambushers act for one round before the defenders can. */
  freeRound: boolean;
  modifiers: CombatModifier[];
  steps: CombatStep[];
  odds: { spotted: number; freeRound: number };
}

/**
 * COEAC ambush (seed 003, "Surprise and Initiative"): whoever leads the ambushed group tests
 * Bushcraft in the wilderness or Streetwise in town; a failure gives the ambushers a free round.
 */
export function coeacAmbush(input: CoeacAmbushInput, dice: Dice): CoeacAmbushOutcome {
  const body = record(input, 'input');
  if (!AMBUSH_PLACES.includes(body.place as AmbushPlace))
    throw invalid('`place` is wilderness or town.', 'place');
  const skill = body.place === 'town' ? 'Streetwise' : 'Bushcraft';
  const pool = wholeNumber(body.pool, 'pool', 0, MAX_EXCHANGE_POOL);
  const bonus = optionalWholeNumber(body.bonusDice, 'bonusDice', 0, 0, MAX_EXCHANGE_POOL);
  const penalty = optionalWholeNumber(body.penaltyDice, 'penaltyDice', 0, 0, MAX_EXCHANGE_POOL);
  const helpers = optionalWholeNumber(body.helpers, 'helpers', 0, 0, MAX_EXCHANGE_POOL);
  const objective = wholeNumber(body.objective, 'objective', 0, MAX_EXCHANGE_POOL);
  const log = new CombatLog();
  let count = log.modifier('pool', pool, `${skill} pool ${pool}`);
  if (bonus) count += log.modifier('bonus-dice', bonus, `+${bonus}d`);
  if (helpers) count += log.modifier('helpers', helpers, `+${helpers}d from helpers`);
  if (penalty) count += log.modifier('penalty-dice', -penalty, `−${penalty}d`);
  count = Math.max(0, count);
  const faces = dice.pool(count, 6, 'pool');
  const successes = countPoolSuccesses(faces);
  const passed = successes >= objective;
  const spotted = poolSuccessProbability(count, objective);
  log.step(
    'ambush-test',
    `${skill} ${count}d against Ob ${objective}: ${successes}, ${passed ? 'the ambush is spotted' : 'the ambushers get a free round'}`,
    faces,
    { spotted, freeRound: 1 - spotted },
  );
  return {
    skill,
    dice: count,
    faces,
    successes,
    objective,
    passed,
    freeRound: !passed,
    modifiers: log.modifiers,
    steps: log.steps,
    odds: { spotted, freeRound: 1 - spotted },
  };
}
