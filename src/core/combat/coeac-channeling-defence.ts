import { countPoolSuccesses } from '../checks/pool-test';
import { fieldPath, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { channel, type ChannelingOutcome } from '../magic/coeac/channeling';
import { binomialPmf } from '../odds';
import type { Dice } from '../random';
import {
  addMass,
  asOdds,
  CombatLog,
  type CombatModifier,
  type CombatStep,
  type Distribution,
} from './combat-steps';
import { MAX_EXCHANGE_POOL } from './coeac-exchange';

export interface CoeacChannelingDefenceInput {
  attacker: {
    pool: number;
    bonusDice?: number | null;
    penaltyDice?: number | null;
    freeSuccesses?: number | null;
    supporters?: number | null;
  };
  /** Firing into the melee: −1d (a channeler does not beat a shot as a combat check: no stray). */
  firingIntoMelee?: boolean | null;
  /** The defender's channeling: the sorcery pool, the spell, its Vigor and Discipline pools. */
  channeling: {
    pool: number;
    spell: string;
    bonusDice?: number | null;
    penaltyDice?: number | null;
    vigorPool?: number | null;
    disciplinePool?: number | null;
  };
  /**
   * Every tie costs everyone in the exchange 1 (003:137): the channeler (whose Discipline save at
   * Ob 1 follows), the attacker and each supporter. `combat.coeac-action.v2` sends it; absent in
   * rolls logged before, where a tie held the attack off.
   */
  ties?: boolean | null;
}

export interface CoeacChannelingDefenceOutcome {
  attacker: { dice: number; faces: number[]; successes: number };
  /** The channeling as the magic core answers it, its `defence` against this attack. */
  channeling: ChannelingOutcome;
  /** The attacker's margin over the Potency (+Ns when it hits), taken by the channeler (the
   *  Discipline save's Ob is the margin, as the magic core sets it). */
  damageToDefender: number;
  /** With `ties`: the damage the attacker (and each supporter) takes, 1 on a tie with the Potency. */
  damageToAttacker?: number;
  /** The backlash the channeler takes too (Potency below the spell's Ob). */
  backlashDamage: number;
  modifiers: CombatModifier[];
  steps: CombatStep[];
  faces: number[];
  odds: {
    /** P(the attack gets past the Potency). */
    hit: number;
    /** P(the channeler takes d from the attack), d = 0 … */
    damageToDefender: Record<string, number>;
  };
}

/**
 * COEAC: the combat exchange calling the channeling defence (seed 003, "Channeling Spells" in
 * combat): a defender who declared a channeling this round defends with it. The attacker's combat
 * check is rolled, then the channeling (`channel` of the magic core, with the attack's successes):
 * the attacker's successes beyond the Potency are the damage (+Ns on a hit), a damaged channeler
 * saves Discipline (Ob = the damage) or rolls the d6 catastrophe, and backlash, the mutation save and
 * the spell's own rolls follow as for any channeling. The channeler deals no damage: its action was
 * the spell. One roll, one seeded stream, exact odds.
 */
export function coeacChannelingDefence(
  input: CoeacChannelingDefenceInput,
  dice: Dice,
): CoeacChannelingDefenceOutcome {
  const body = record(input, 'input');
  const a = record(body.attacker, 'attacker');
  const pool = wholeNumber(a.pool, 'attacker.pool', 0, MAX_EXCHANGE_POOL);
  const bonus = optionalWholeNumber(a.bonusDice, 'attacker.bonusDice', 0, 0, MAX_EXCHANGE_POOL);
  const penalty = optionalWholeNumber(a.penaltyDice, 'attacker.penaltyDice', 0, 0, MAX_EXCHANGE_POOL);
  const free = optionalWholeNumber(a.freeSuccesses, fieldPath('attacker', 'freeSuccesses'), 0, 0, 100);
  const supporters = optionalWholeNumber(a.supporters, 'attacker.supporters', 0, 0, MAX_EXCHANGE_POOL);
  const firing = body.firingIntoMelee === true;
  const c = record(body.channeling, 'channeling');
  const ties = body.ties === true;

  const log = new CombatLog();
  let aDice = log.modifier('pool', pool, `attacker's pool ${pool}`);
  if (bonus) aDice += log.modifier('bonus-dice', bonus, `+${bonus}d for advantages`);
  if (supporters)
    aDice += log.modifier(
      'ganging-up',
      supporters,
      `+${supporters}d, one per supporting ally of the captain`,
    );
  if (penalty) aDice += log.modifier('penalty-dice', -penalty, `−${penalty}d for disadvantages`);
  if (firing) aDice += log.modifier('firing-into-melee', -1, '−1d, holding for a clean shot into a melee');
  aDice = Math.max(0, aDice);
  if (free) log.modifier('free-successes', free, `+${free}s: +${free} damage if the attack gets through`);
  log.modifier(
    'channeling-defence',
    0,
    'the defender channels: its Potency is its defence, and it deals no damage',
  );

  // Exact odds, from the inputs alone: attacker successes against the Potency of the channeling dice.
  const cDice = Math.max(0, num(c.pool) + num(c.bonusDice) - num(c.penaltyDice));
  const pa = binomialPmf(aDice, 1 / 2);
  const pc = binomialPmf(Math.min(cDice, 1000), 1 / 2);
  let hit = 0;
  const toD: Distribution = new Map();
  for (let i = 0; i < pa.length; i++) {
    for (let j = 0; j < pc.length; j++) {
      const p = pa[i] * pc[j];
      if (p === 0) continue;
      const d = i > j ? i - j + free : ties && i === j ? 1 : 0;
      if (d > 0) hit += p;
      addMass(toD, d, p);
    }
  }

  const start = dice.faces.length;
  const aFaces = dice.pool(aDice, 6, 'attacker.pool');
  const aS = countPoolSuccesses(aFaces);
  log.step('attacker-check', `attacker ${aDice}d: ${aS} successes`, aFaces, asOdds(pmfMap(aDice)));
  // The magic core validates the channeling's own inputs (400 naming the field, nothing logged).
  const channeling = channel(
    {
      pool: c.pool as number,
      spell: c.spell as string,
      ...(c.bonusDice ? { bonusDice: c.bonusDice as number } : {}),
      ...(c.penaltyDice ? { penaltyDice: c.penaltyDice as number } : {}),
      ...(c.vigorPool !== undefined && c.vigorPool !== null ? { vigorPool: c.vigorPool as number } : {}),
      ...(c.disciplinePool !== undefined && c.disciplinePool !== null
        ? { disciplinePool: c.disciplinePool as number }
        : {}),
      attack: { successes: aS, ...(ties ? { tieDamage: true } : {}) },
    },
    dice,
  );
  const margin = channeling.defence!.damageTaken;
  const tie = ties && aS === channeling.potency;
  const damageToDefender = tie ? 1 : margin > 0 ? margin + free : 0;
  log.step(
    'channeling-defence',
    `Potency ${channeling.potency} against ${aS} successes: ${
      tie
        ? 'a tie: everyone in the exchange takes 1'
        : damageToDefender > 0
          ? `${damageToDefender} damage gets through`
          : 'the attack is held off'
    }`,
    channeling.faces,
    { hit },
  );
  if (channeling.backlash.damage > 0)
    log.step(
      'backlash',
      `Potency below Ob ${channeling.objective}: ${channeling.backlash.damage} backlash damage`,
    );
  const catastrophe = channeling.defence?.catastrophe;
  if (catastrophe)
    log.step('catastrophe', `a failed Discipline save: catastrophe ${catastrophe.roll} (${catastrophe.id})`);
  return {
    attacker: { dice: aDice, faces: aFaces, successes: aS },
    channeling,
    damageToDefender,
    ...(ties ? { damageToAttacker: tie ? 1 : 0 } : {}),
    backlashDamage: channeling.backlash.damage,
    modifiers: log.modifiers,
    steps: log.steps,
    faces: dice.faces.slice(start),
    odds: { hit, damageToDefender: asOdds(toD) },
  };
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function pmfMap(n: number): Distribution {
  return new Map(binomialPmf(n, 1 / 2).map((p, i) => [i, p]));
}
