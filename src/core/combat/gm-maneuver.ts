import { passingFaces } from '../checks/ability-roll';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import type { Dice } from '../random';
import { CombatLog, type CombatModifier, type CombatStep } from './combat-steps';

export const GM_MANEUVERS = [
  'grapple-evade',
  'grapple-hold',
  'surprise-recovery',
  'quickdraw',
  'activate-item',
  'concentration',
  'covered-contest',
  'order',
  'multi-action',
] as const;
export type GmManeuver = (typeof GM_MANEUVERS)[number];
/** Evasion against being grabbed: +2 per general size the target is larger (seed 001, "Immobilizing"). */
export const GRAPPLE_EVADE_PER_SIZE = 2;
/** The hold's fortitude rolls: +4 per size difference to the larger. */
export const GRAPPLE_HOLD_PER_SIZE = 4;
export const BROKEN_HOLD_ATTACK_BONUS = 6;
export const IMMOBILISED_PENALTY = 6;
export const MAX_ORDER_ACTORS = 20;

export interface GmManeuverInput {
  kind: GmManeuver;
  /** The one who rolls (the grabbed target, the surprised one, the drawer …): its score. */
  score?: number | null;
  /** A penalty on that roll (movement penalties, injuries …). */
  penalty?: number | null;
  /** The other side's score: the grabber's fortitude, the coverer's reaction. */
  opponentScore?: number | null;
  /** General sizes the roller is larger than the other side (negative when smaller). */
  sizeDifference?: number | null;
  /** Rounds the surprised combatant has been out of the fight. */
  roundsOut?: number | null;
  /** Actors for `order`: each one's agility and movement penalty. */
  actors?: { name?: string | null; agility: number; movementPenalty?: number | null }[] | null;
  /** Actions a weapon needs (`multi-action`). */
  actions?: number | null;
  closeCombat?: boolean | null;
}

export interface GmManeuverRoll {
  who: string;
  target: number;
  roll: number;
  passed: boolean;
  odds: { success: number };
}

export interface GmManeuverOutcome {
  kind: GmManeuver;
  rolls: GmManeuverRoll[];
  /** What follows, as a stable id (held, evaded, stalemate, broken-free, immobilised, recovered …). */
  result: string;
  detail: string;
  /** For `order`: the actors (0-based) in the order their actions resolve. */
  order: number[] | null;
  /** For `multi-action`: rounds the attack takes. */
  rounds: number | null;
  modifiers: CombatModifier[];
  steps: CombatStep[];
  faces: number[];
  /** Exact chances of each result id. */
  odds: Record<string, number>;
}

function signedField(value: unknown, field: string, fallback: number, limit: number): number {
  if (value === undefined || value === null) return fallback;
  return (
    wholeNumber(Number.isInteger(value) ? (value as number) + limit : value, field, 0, 2 * limit) - limit
  );
}

/**
 * G&M special conflict manoeuvres (seed 001, "Surprise", "Order of events", "Number of actions",
 * "Immobilizing an opponent", "Quickdraw", "Covered"; 000 "Concentration"; the torch in
 * "Equipment"): each a d20 at or under a score, every modifier named, with what follows.
 */
export function gmManeuver(input: GmManeuverInput, dice: Dice): GmManeuverOutcome {
  const body = record(input, 'input');
  if (!GM_MANEUVERS.includes(body.kind as GmManeuver))
    throw invalid(`\`kind\` is one of: ${GM_MANEUVERS.join(', ')}.`, 'kind');
  const kind = body.kind as GmManeuver;
  const log = new CombatLog();
  const start = dice.faces.length;
  const penalty = optionalWholeNumber(body.penalty, 'penalty', 0, 0, 1000);
  const size = signedField(body.sizeDifference, 'sizeDifference', 0, 10);
  const score = (): number => {
    if (body.score === undefined || body.score === null)
      throw invalid(`\`score\` is required for ${kind}.`, 'score');
    return wholeNumber(body.score, 'score', 0, 1000);
  };
  const opponent = (): number => {
    if (body.opponentScore === undefined || body.opponentScore === null)
      throw invalid(`\`opponentScore\` is required for ${kind}.`, 'opponentScore');
    return wholeNumber(body.opponentScore, 'opponentScore', 0, 1000);
  };
  const rolls: GmManeuverRoll[] = [];
  const roll = (who: string, target: number, name: string): GmManeuverRoll => {
    const face = dice.die(20);
    const p = passingFaces(target) / 20;
    const r = { who, target, roll: face, passed: face <= target, odds: { success: p } };
    rolls.push(r);
    log.step(name, `${who}: d20 ${face} against ${target}, ${r.passed ? 'success' : 'failure'}`, [face], {
      success: p,
      failure: 1 - p,
    });
    return r;
  };
  const done = (
    result: string,
    detail: string,
    odds: Record<string, number>,
    extra: Partial<GmManeuverOutcome> = {},
  ) => ({
    kind,
    rolls,
    result,
    detail,
    order: null,
    rounds: null,
    ...extra,
    modifiers: log.modifiers,
    steps: log.steps,
    faces: dice.faces.slice(start),
    odds,
  });
  const minusPenalty = (base: number) => {
    if (penalty) log.modifier('penalty', -penalty, `−${penalty}`);
    return base - penalty;
  };

  switch (kind) {
    case 'grapple-evade': {
      let target = log.modifier('evasion', score(), 'the target’s evasion');
      if (size > 0)
        target += log.modifier(
          'size',
          GRAPPLE_EVADE_PER_SIZE * size,
          `${size} sizes larger than the grabber: +${GRAPPLE_EVADE_PER_SIZE * size}`,
        );
      target = minusPenalty(target);
      const r = roll('target', target, 'grapple-evasion');
      return done(
        r.passed ? 'evaded' : 'held',
        r.passed ? 'the target slips the grab' : 'the grabber has a hold',
        { evaded: r.odds.success, held: 1 - r.odds.success },
      );
    }
    case 'grapple-hold': {
      let t = log.modifier('target-fortitude', score(), 'the held target’s fortitude');
      let g = log.modifier('grabber-fortitude', opponent(), 'the grabber’s fortitude');
      if (size > 0)
        t += log.modifier(
          'target-size',
          GRAPPLE_HOLD_PER_SIZE * size,
          `the target is larger: +${GRAPPLE_HOLD_PER_SIZE * size}`,
        );
      if (size < 0)
        g += log.modifier(
          'grabber-size',
          GRAPPLE_HOLD_PER_SIZE * -size,
          `the grabber is larger: +${GRAPPLE_HOLD_PER_SIZE * -size}`,
        );
      t = minusPenalty(t);
      const rt = roll('target', t, 'hold-target');
      const rg = roll('grabber', g, 'hold-grabber');
      const pt = rt.odds.success;
      const pg = rg.odds.success;
      const odds = {
        'broken-free': pt * (1 - pg),
        immobilised: (1 - pt) * pg,
        stalemate: pt * pg + (1 - pt) * (1 - pg),
      };
      if (rt.passed && !rg.passed)
        return done(
          'broken-free',
          `the target breaks the hold and may attack the grabber once at +${BROKEN_HOLD_ATTACK_BONUS}`,
          odds,
        );
      if (!rt.passed && rg.passed)
        return done(
          'immobilised',
          `the target is immobilised: −${IMMOBILISED_PENALTY} to every physical action, and can no longer break free`,
          odds,
        );
      return done('stalemate', 'neither may do anything this round', odds);
    }
    case 'surprise-recovery': {
      const out = optionalWholeNumber(body.roundsOut, 'roundsOut', 0, 0, 1000);
      if (out >= 2)
        return done('recovered', 'two rounds out of the fight end surprise without a roll', { recovered: 1 });
      const r = roll(
        'surprised',
        minusPenalty(log.modifier('score', score(), 'willpower or fortitude')),
        'snap-out',
      );
      return done(
        r.passed ? 'recovered' : 'still-surprised',
        r.passed
          ? 'no longer surprised, this round included'
          : 'still surprised: −2 defence, −3 to success rolls, no complex actions',
        { recovered: r.odds.success, 'still-surprised': 1 - r.odds.success },
      );
    }
    case 'quickdraw':
    case 'activate-item':
    case 'concentration': {
      const r = roll(kind, minusPenalty(log.modifier('evasion', score(), 'evasion')), kind);
      const words: Record<string, [string, string, string, string]> = {
        quickdraw: [
          'drawn',
          'draws and attacks this round',
          'surprised',
          'fumbles the draw and is as if surprised',
        ],
        'activate-item': [
          'activated',
          'the item works this round',
          'not-activated',
          'the item does not work this round',
        ],
        concentration: ['kept', 'keeps concentrating', 'broken', 'loses concentration'],
      };
      const [ok, okText, ko, koText] = words[kind];
      return done(r.passed ? ok : ko, r.passed ? okText : koText, {
        [ok]: r.odds.success,
        [ko]: 1 - r.odds.success,
      });
    }
    case 'covered-contest': {
      const rt = roll(
        'target',
        minusPenalty(log.modifier('target-reaction', score(), 'the covered target’s perception or evasion')),
        'covered-target',
      );
      const rc = roll(
        'coverer',
        log.modifier('coverer-reaction', opponent(), 'the coverer’s perception or evasion'),
        'covered-coverer',
      );
      const pt = rt.odds.success;
      const pc = rc.odds.success;
      const odds = { 'not-free': pt * (1 - pc), free: 1 - pt * (1 - pc) };
      return rt.passed && !rc.passed
        ? done('not-free', 'the target beats the coverer: the attack is not free (the bonuses stay)', odds)
        : done('free', 'the covering attack is free, at +4 to hit and +1 damage', odds);
    }
    case 'order': {
      if (!Array.isArray(body.actors) || body.actors.length < 2 || body.actors.length > MAX_ORDER_ACTORS) {
        throw invalid(`\`actors\` lists 2 to ${MAX_ORDER_ACTORS} actors.`, 'actors');
      }
      const margins = (body.actors as unknown[]).map((raw, i) => {
        const a = record(raw, `actors[${i}]`);
        const agility = wholeNumber(a.agility, `actors[${i}].agility`, 0, 1000);
        const move = optionalWholeNumber(a.movementPenalty, `actors[${i}].movementPenalty`, 0, 0, 1000);
        if (move) log.modifier('movement-penalty', -move, `actor ${i + 1}: movement penalty −${move}`);
        const r = roll(
          a.name === undefined || a.name === null ? `actor ${i + 1}` : String(a.name),
          agility - move,
          'agility',
        );
        return { i, passed: r.passed, margin: r.target - r.roll };
      });
      // Successes first, then by margin; a tie keeps the order sent (they resolve together).
      const order = [...margins]
        .sort((x, y) => Number(y.passed) - Number(x.passed) || y.margin - x.margin || x.i - y.i)
        .map((x) => x.i);
      return done(
        'ordered',
        `actions resolve in the order ${order.map((i) => i + 1).join(', ')}`,
        {},
        { order },
      );
    }
    case 'multi-action': {
      const actions = wholeNumber(body.actions, 'actions', 1, 100);
      const close = optionalFlag(body.closeCombat, 'closeCombat');
      const rounds = close || actions === 1 ? actions : actions - 1;
      if (!close && actions > 1)
        log.modifier('outside-close-combat', -1, 'outside close combat: one free action per use');
      return done('rounds', `${rounds} rounds to use it`, {}, { rounds });
    }
  }
}
