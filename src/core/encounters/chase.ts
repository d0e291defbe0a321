import { contest, type AbilitySpec, type ContestSideRoll } from '../checks/contest';
import { RuleError } from '../errors';
import type { Dice } from '../random';

export interface ChaseSide {
  /** Agility (with any relevant skill already added as a bonus). */
  agility: number;
  /** Movement rate; the faster side gains +1 per full 3 points of difference. */
  movement: number;
  bonus?: number;
  penalty?: number;
}

export interface ChaseInput {
  quarry: ChaseSide;
  chaser: ChaseSide;
  maxRounds?: number;
}

export interface ChaseOutcome {
  result: 'escaped' | 'caught' | 'continues';
  movementBonus: { side: 'quarry' | 'chaser' | null; bonus: number };
  targets: { quarry: number; chaser: number };
  rounds: { quarry: ContestSideRoll; chaser: ContestSideRoll; doubled: boolean }[];
  faces: number[];
  odds: { escaped: number; caught: number; continues: number };
}

function side(value: ChaseSide | undefined, field: string): ChaseSide {
  if (typeof value !== 'object' || value === null) {
    throw new RuleError('VALIDATION_FAILED', `${field} is required.`, field);
  }
  for (const key of ['agility', 'movement'] as const) {
    const v = value[key];
    if (!Number.isInteger(v) || v < 0 || v > 1000) {
      throw new RuleError('VALIDATION_FAILED', `${key} is a whole number from 0 to 1000.`, `${field}.${key}`);
    }
  }
  return value;
}

/**
 * G&M chase (seed 001/000, "Contested actions": chases): an agility contest between the quarry and
 * the chaser over the shared contest core, the faster side getting +1 per full 3 points of movement
 * difference. One side succeeding while the other fails ends it (the quarry escapes or is caught);
 * both succeeding rolls again; both failing leaves the chase going on (`continues`, our reading:
 * neither gains ground), as does reaching `maxRounds`.
 */
export function chase(input: ChaseInput, dice: Dice): ChaseOutcome {
  const quarry = side(input.quarry, 'quarry');
  const chaser = side(input.chaser, 'chaser');
  const difference = quarry.movement - chaser.movement;
  const bonus = Math.floor(Math.abs(difference) / 3);
  const faster = bonus === 0 ? null : difference > 0 ? 'quarry' : 'chaser';
  const spec = (s: ChaseSide, extra: number): AbilitySpec => ({
    score: s.agility,
    bonus: (s.bonus ?? 0) + extra,
    penalty: s.penalty ?? 0,
  });
  const outcome = contest(
    {
      acting: spec(quarry, faster === 'quarry' ? bonus : 0),
      resisting: spec(chaser, faster === 'chaser' ? bonus : 0),
      mode: 'same-goal',
      maxRounds: input.maxRounds,
    },
    dice,
  );
  const last = outcome.rounds[outcome.rounds.length - 1];
  return {
    result: outcome.winner === 'acting' ? 'escaped' : outcome.winner === 'resisting' ? 'caught' : 'continues',
    movementBonus: { side: faster, bonus },
    targets: { quarry: last.acting.target, chaser: last.resisting.target },
    rounds: outcome.rounds.map((r) => ({ quarry: r.acting, chaser: r.resisting, doubled: r.doubled })),
    faces: outcome.faces,
    odds: { escaped: outcome.odds.acting, caught: outcome.odds.resisting, continues: outcome.odds.draw },
  };
}
