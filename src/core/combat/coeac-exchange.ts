import { countPoolSuccesses } from '../checks/pool-test';
import {
  fieldPath,
  invalid,
  optionalFlag,
  optionalWholeNumber,
  record,
  wholeNumber,
} from '../checks/validate';
import { binomialPmf, poolSuccessProbability } from '../odds';
import type { Dice } from '../random';
import {
  addMass,
  asOdds,
  CombatLog,
  type CombatModifier,
  type CombatStep,
  type Distribution,
} from './combat-steps';

/** The largest pool one side of an exchange may roll (keeps the exact odds cheap). */
export const MAX_EXCHANGE_POOL = 200;
/** Stray shots: a shooter who loses by more than this hits an ally (seed 003, "Firing Into Melee"). */
export const STRAY_MARGIN = 3;
/** The stray shot's damage pool. */
export const STRAY_DICE = 3;
export const MAX_ENGAGED_ALLIES = 100;

export interface CoeacExchangeSide {
  /** 2 + the Skill (or Save) rating the combat check uses. */
  pool: number;
  bonusDice?: number | null;
  penaltyDice?: number | null;
  /** Free successes (+Ns): each is +1 damage when this side deals damage. */
  freeSuccesses?: number | null;
  /** Allies helping (one die each). */
  helpers?: number | null;
}

export interface CoeacAttacker extends CoeacExchangeSide {
  /** Ganging up: the attacker is the captain and gets +1d per supporting ally. */
  supporters?: number | null;
  /** A ranged attack: it needs ammunition carried (seed 003, equipment). */
  ranged?: boolean | null;
  /** Units of ammunition carried, read when `ranged`. */
  ammunition?: number | null;
}

export interface CoeacDefender extends CoeacExchangeSide {
  /** Full defence: +1d, tests the better of `pool` and `agilityPool`, and deals no damage. */
  fullDefense?: boolean | null;
  /** Agility's pool, compared with `pool` on full defence. */
  agilityPool?: number | null;
  /** Helpless: does not roll, takes the attacker's successes, then a Vigor save (Ob = damage). */
  helpless?: boolean | null;
  /** The Vigor pool for the helpless save; without it the save is only reported as owed. */
  vigorPool?: number | null;
  /** Whether the defender threatens the attacker (deals damage on a win). Default true. */
  threatens?: boolean | null;
}

export interface CoeacExchangeInput {
  attacker: CoeacAttacker;
  defender: CoeacDefender;
  /** Firing into a melee: −1d, and losing by more than 3 sends 3d damage at an engaged ally. */
  firingIntoMelee?: boolean | null;
  /** Allies engaged in that melee (one is picked at random for a stray shot). Default 1. */
  engagedAllies?: number | null;
  /** The ambushers' free round: the defender does not roll, threaten or save. */
  ambushRound?: boolean | null;
}

export interface CoeacSideRoll {
  dice: number;
  faces: number[];
  successes: number;
  /** Whether this side rolled at all (a helpless or ambushed defender does not). */
  rolled: boolean;
}

export interface CoeacStray {
  /** The ally hit, 1-based among `engagedAllies`. */
  ally: number;
  faces: number[];
  damage: number;
}

export interface CoeacHelplessSave {
  objective: number;
  dice: number;
  faces: number[];
  successes: number;
  passed: boolean;
  odds: { pass: number };
}

export interface CoeacExchangeOdds {
  attackerWins: number;
  tie: number;
  defenderWins: number;
  /** P(no versus test and no success: nothing happens), for a defender that does not roll. */
  none: number;
  /** P(the defender takes d damage), d = 0 … */
  damageToDefender: Record<string, number>;
  /** P(the attacker takes d damage), d = 0 … (each supporter takes the same). */
  damageToAttacker: Record<string, number>;
  /** P(a stray shot hits an ally). */
  stray: number;
  /** P(a helpless defender goes down and out), when the Vigor pool was sent. */
  downAndOut: number | null;
}

export interface CoeacExchangeOutcome {
  attacker: CoeacSideRoll;
  defender: CoeacSideRoll;
  winner: 'attacker' | 'defender' | 'tie' | 'none';
  margin: number;
  damageToDefender: number;
  damageToAttacker: number;
  /** Damage each supporting ally of a ganging-up captain takes (the captain's). */
  damageToEachSupporter: number;
  supporters: number;
  stray: CoeacStray | null;
  /** Owed by a helpless defender who took damage: Vigor against Ob = the damage. */
  helplessSave: CoeacHelplessSave | null;
  /** The helpless defender failed the Vigor save (or owes it and it was not rolled: null). */
  downAndOut: boolean | null;
  ammunition: { needed: boolean; carried: number | null; spent: number };
  modifiers: CombatModifier[];
  steps: CombatStep[];
  faces: number[];
  odds: CoeacExchangeOdds;
}

function side(value: unknown, field: string) {
  const body = record(value, field);
  return {
    body,
    pool: wholeNumber(body.pool, fieldPath(field, 'pool'), 0, MAX_EXCHANGE_POOL),
    bonusDice: optionalWholeNumber(body.bonusDice, fieldPath(field, 'bonusDice'), 0, 0, MAX_EXCHANGE_POOL),
    penaltyDice: optionalWholeNumber(
      body.penaltyDice,
      fieldPath(field, 'penaltyDice'),
      0,
      0,
      MAX_EXCHANGE_POOL,
    ),
    freeSuccesses: optionalWholeNumber(body.freeSuccesses, fieldPath(field, 'freeSuccesses'), 0, 0, 100),
    helpers: optionalWholeNumber(body.helpers, fieldPath(field, 'helpers'), 0, 0, MAX_EXCHANGE_POOL),
  };
}

/**
 * COEAC combat exchange (seed 003, "Combat Checks", "Dealing Damage", "Full Defense", "Helpless
 * Characters", "Ganging Up", "Firing Into Melee"; +Ns from "Free Successes"): both combat checks are
 * rolled as a versus test; the winner deals its margin plus its free successes to the side it
 * threatens; a tie costs everyone in the exchange 1. The answer names every die added or taken away
 * and gives the exact odds of each outcome and of each amount of damage.
 */
export function coeacExchange(input: CoeacExchangeInput, dice: Dice): CoeacExchangeOutcome {
  const body = record(input, 'input');
  const a = side(body.attacker, 'attacker');
  const d = side(body.defender, 'defender');
  const supporters = optionalWholeNumber(a.body.supporters, 'attacker.supporters', 0, 0, MAX_EXCHANGE_POOL);
  const ranged = optionalFlag(a.body.ranged, 'attacker.ranged');
  const firing = optionalFlag(body.firingIntoMelee, 'firingIntoMelee');
  const engaged = optionalWholeNumber(body.engagedAllies, 'engagedAllies', 1, 1, MAX_ENGAGED_ALLIES);
  const ambush = optionalFlag(body.ambushRound, 'ambushRound');
  const fullDefense = optionalFlag(d.body.fullDefense, 'defender.fullDefense');
  const helpless = optionalFlag(d.body.helpless, 'defender.helpless');
  if (fullDefense && helpless)
    throw invalid('A helpless defender cannot take full defence.', 'defender.fullDefense');
  const threatens =
    d.body.threatens === undefined || d.body.threatens === null
      ? true
      : optionalFlag(d.body.threatens, 'defender.threatens');
  const agility =
    d.body.agilityPool === undefined || d.body.agilityPool === null
      ? null
      : wholeNumber(d.body.agilityPool, 'defender.agilityPool', 0, MAX_EXCHANGE_POOL);
  const vigor =
    d.body.vigorPool === undefined || d.body.vigorPool === null
      ? null
      : wholeNumber(d.body.vigorPool, 'defender.vigorPool', 0, MAX_EXCHANGE_POOL);
  let carried: number | null = null;
  if (ranged) {
    carried = optionalWholeNumber(a.body.ammunition, 'attacker.ammunition', 1, 0, 100_000);
    if (carried === 0)
      throw invalid(
        'A ranged attack needs ammunition carried; `attacker.ammunition` is 0.',
        'attacker.ammunition',
      );
  }

  const log = new CombatLog();
  // The attacker's dice, every change named.
  let aDice = log.modifier('pool', a.pool, `attacker's pool ${a.pool}`);
  if (a.bonusDice) aDice += log.modifier('bonus-dice', a.bonusDice, `+${a.bonusDice}d for advantages`);
  if (a.helpers) aDice += log.modifier('helpers', a.helpers, `+${a.helpers}d from helpers`);
  if (supporters)
    aDice += log.modifier(
      'ganging-up',
      supporters,
      `+${supporters}d, one per supporting ally of the captain`,
    );
  if (a.penaltyDice)
    aDice += log.modifier('penalty-dice', -a.penaltyDice, `−${a.penaltyDice}d for disadvantages`);
  if (firing) aDice += log.modifier('firing-into-melee', -1, '−1d, holding for a clean shot into a melee');
  aDice = Math.max(0, aDice);
  if (a.freeSuccesses)
    log.modifier(
      'free-successes',
      a.freeSuccesses,
      `+${a.freeSuccesses}s: +${a.freeSuccesses} damage if the attacker wins`,
    );

  const defenderRolls = !helpless && !ambush;
  let dDice = 0;
  if (defenderRolls) {
    let base = d.pool;
    if (fullDefense && agility !== null && agility > d.pool) {
      base = agility;
      log.modifier('agility', agility, `full defence tests Agility's pool ${agility}, better than ${d.pool}`);
    } else {
      log.modifier('defender-pool', d.pool, `defender's pool ${d.pool}`);
    }
    dDice = base;
    if (fullDefense) dDice += log.modifier('full-defense', 1, '+1d for full defence (and no damage dealt)');
    if (d.bonusDice) dDice += log.modifier('defender-bonus-dice', d.bonusDice, `defender +${d.bonusDice}d`);
    if (d.helpers)
      dDice += log.modifier('defender-helpers', d.helpers, `defender +${d.helpers}d from helpers`);
    if (d.penaltyDice)
      dDice += log.modifier('defender-penalty-dice', -d.penaltyDice, `defender −${d.penaltyDice}d`);
    dDice = Math.max(0, dDice);
    if (d.freeSuccesses)
      log.modifier(
        'defender-free-successes',
        d.freeSuccesses,
        `defender +${d.freeSuccesses}s: +${d.freeSuccesses} damage if it wins`,
      );
  } else if (helpless) {
    log.modifier('helpless', 0, 'the defender is helpless: no roll, no threat, as if it scored 0');
  } else {
    log.modifier('ambush-round', 0, "the ambushers' free round: the defender neither rolls nor threatens");
  }
  const defenderThreatens = defenderRolls && threatens && !fullDefense;

  const start = dice.faces.length;
  const aFaces = dice.pool(aDice, 6, 'attacker.pool');
  const dFaces = dice.pool(dDice, 6, 'defender.pool');
  const aS = countPoolSuccesses(aFaces);
  const dS = countPoolSuccesses(dFaces);
  log.step('attacker-check', `attacker ${aDice}d: ${aS} successes`, aFaces, asOdds(pmfMap(aDice)));
  if (defenderRolls)
    log.step('defender-check', `defender ${dDice}d: ${dS} successes`, dFaces, asOdds(pmfMap(dDice)));

  const res = resolve(aS, dS, a.freeSuccesses, d.freeSuccesses, defenderRolls, defenderThreatens);
  if (res.winner === 'tie') log.step('tie', 'a tie: everyone in the exchange takes 1 damage');
  else if (res.winner === 'none')
    log.step('no-effect', 'no success against a defender who does not roll: no damage');
  else
    log.step(
      'versus',
      `${res.winner} wins by ${res.margin}; defender takes ${res.toDefender}, attacker takes ${res.toAttacker}`,
    );

  let stray: CoeacStray | null = null;
  if (firing && res.winner === 'defender' && res.margin > STRAY_MARGIN) {
    const ally = engaged === 1 ? 1 : dice.die(engaged);
    const strayFaces = dice.pool(STRAY_DICE, 6, 'firingIntoMelee');
    stray = { ally, faces: strayFaces, damage: countPoolSuccesses(strayFaces) };
    log.step(
      'stray-shot',
      `lost by ${res.margin}: ${STRAY_DICE}d at ally ${ally} of ${engaged}, ${stray.damage} damage`,
      strayFaces,
      asOdds(pmfMap(STRAY_DICE)),
    );
  }

  let helplessSave: CoeacHelplessSave | null = null;
  let downAndOut: boolean | null = helpless && res.toDefender > 0 ? null : helpless ? false : null;
  if (helpless && res.toDefender > 0 && vigor !== null) {
    const faces = dice.pool(vigor, 6, 'defender.vigorPool');
    const successes = countPoolSuccesses(faces);
    const passed = successes >= res.toDefender;
    helplessSave = {
      objective: res.toDefender,
      dice: vigor,
      faces,
      successes,
      passed,
      odds: { pass: poolSuccessProbability(vigor, res.toDefender) },
    };
    downAndOut = !passed;
    log.step(
      'vigor-save',
      `Vigor ${vigor}d against Ob ${res.toDefender}: ${successes}, ${passed ? 'stays up' : 'down and out'}`,
      faces,
      { pass: helplessSave.odds.pass },
    );
  } else if (helpless && res.toDefender > 0) {
    log.step(
      'vigor-save-owed',
      `a Vigor save against Ob ${res.toDefender} is owed (send defender.vigorPool to roll it)`,
    );
  }

  return {
    attacker: { dice: aDice, faces: aFaces, successes: aS, rolled: true },
    defender: { dice: dDice, faces: dFaces, successes: dS, rolled: defenderRolls },
    winner: res.winner,
    margin: res.margin,
    damageToDefender: res.toDefender,
    damageToAttacker: res.toAttacker,
    damageToEachSupporter: supporters > 0 ? res.toAttacker : 0,
    supporters,
    stray,
    helplessSave,
    downAndOut,
    ammunition: { needed: ranged, carried, spent: 0 },
    modifiers: log.modifiers,
    steps: log.steps,
    faces: dice.faces.slice(start),
    odds: exchangeOdds(
      aDice,
      dDice,
      a.freeSuccesses,
      d.freeSuccesses,
      defenderRolls,
      defenderThreatens,
      firing,
      helpless ? vigor : null,
    ),
  };
}

function pmfMap(n: number): Distribution {
  return new Map(binomialPmf(n, 1 / 2).map((p, i) => [i, p]));
}

interface Resolution {
  winner: 'attacker' | 'defender' | 'tie' | 'none';
  margin: number;
  toDefender: number;
  toAttacker: number;
}

/** The deterministic part: successes in, damage out. */
export function resolve(
  aS: number,
  dS: number,
  aFree: number,
  dFree: number,
  defenderRolls: boolean,
  defenderThreatens: boolean,
): Resolution {
  if (!defenderRolls)
    return {
      winner: aS > 0 ? 'attacker' : 'none',
      margin: aS,
      toDefender: aS > 0 ? aS + aFree : 0,
      toAttacker: 0,
    };
  if (aS > dS) return { winner: 'attacker', margin: aS - dS, toDefender: aS - dS + aFree, toAttacker: 0 };
  if (dS > aS)
    return {
      winner: 'defender',
      margin: dS - aS,
      toDefender: 0,
      toAttacker: defenderThreatens ? dS - aS + dFree : 0,
    };
  return { winner: 'tie', margin: 0, toDefender: 1, toAttacker: 1 };
}

/** Exact odds over every pair of success counts. */
export function exchangeOdds(
  aDice: number,
  dDice: number,
  aFree: number,
  dFree: number,
  defenderRolls: boolean,
  defenderThreatens: boolean,
  firing: boolean,
  vigor: number | null,
): CoeacExchangeOdds {
  const pa = binomialPmf(aDice, 1 / 2);
  const pd = defenderRolls ? binomialPmf(dDice, 1 / 2) : [1];
  let attackerWins = 0;
  let tie = 0;
  let none = 0;
  let defenderWins = 0;
  let stray = 0;
  let down = 0;
  const toD: Distribution = new Map();
  const toA: Distribution = new Map();
  for (let i = 0; i < pa.length; i += 1) {
    for (let j = 0; j < pd.length; j += 1) {
      const p = pa[i] * pd[j];
      if (p === 0) continue;
      const r = resolve(i, j, aFree, dFree, defenderRolls, defenderThreatens);
      if (!defenderRolls) {
        // No versus test: the attack lands whenever it scores a success.
        if (i > 0) attackerWins += p;
        else none += p;
      } else if (r.winner === 'attacker') attackerWins += p;
      else if (r.winner === 'defender') defenderWins += p;
      else tie += p;
      addMass(toD, r.toDefender, p);
      addMass(toA, r.toAttacker, p);
      if (firing && r.winner === 'defender' && r.margin > STRAY_MARGIN) stray += p;
      if (vigor !== null && r.toDefender > 0) down += p * (1 - poolSuccessProbability(vigor, r.toDefender));
    }
  }
  return {
    attackerWins,
    tie,
    defenderWins,
    none,
    damageToDefender: asOdds(toD),
    damageToAttacker: asOdds(toA),
    stray,
    downAndOut: vigor === null ? null : down,
  };
}
