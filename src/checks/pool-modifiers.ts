import { EntityManager } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { Problem } from '../common/problem';

/** What a campaign pool check made for a character says about the task. */
export interface PoolTask {
  characterId: string;
  /** The task's tags, as sent (matching is the modifier's business). */
  taskTags: string[];
}

/** What one modifier does to the pool, and what it adds to the answer and the roll log. */
export interface PoolModification {
  bonusDice?: number;
  penaltyDice?: number;
  /** Members merged into the answer and into the roll's effects, e.g. `{ strongholdBonus: {...} }`. */
  echo?: Record<string, unknown>;
}

/**
 * A domain's say in a campaign pool check made for a character (strongholds: tag dice; crafting:
 * the attunement penalty). Runs inside the check's transaction, before the dice are rolled.
 */
export type PoolModifier = (m: EntityManager, who: Principal, task: PoolTask) => Promise<PoolModification>;

/**
 * The task a pool check's `characterId` and `taskTags` describe (they are not the core's inputs: the
 * caller takes them out of the input), or null when neither was sent. Only a campaign check acts for
 * a character, and only for one its key may act for.
 */
export function takePoolTask(
  characterId: unknown,
  taskTags: unknown,
  principal: Principal | undefined,
): PoolTask | null {
  const character = (characterId ?? null) as string | null;
  const tags = (taskTags ?? null) as string[] | null;
  if (character === null && tags === null) return null;
  const field = character !== null ? 'characterId' : 'taskTags';
  if (!principal) {
    throw Problem.field('VALIDATION_FAILED', field, 'Only a check made in a campaign acts for a character.');
  }
  if (character === null) {
    throw Problem.field('VALIDATION_FAILED', 'characterId', 'taskTags need the acting characterId.');
  }
  assertMayActFor(principal, character);
  return { characterId: character, taskTags: tags ?? [] };
}

/** The pool check's input with every modifier's dice added, and what they echo. */
export async function modifyPool(
  m: EntityManager,
  who: Principal,
  task: PoolTask,
  modifiers: readonly PoolModifier[],
  input: Record<string, unknown>,
): Promise<{ input: Record<string, unknown>; echo: Record<string, unknown> }> {
  let bonus = 0;
  let penalty = 0;
  const echo: Record<string, unknown> = {};
  for (const modify of modifiers) {
    const change = await modify(m, who, task);
    bonus += change.bonusDice ?? 0;
    penalty += change.penaltyDice ?? 0;
    Object.assign(echo, change.echo ?? {});
  }
  const modified = { ...input };
  if (bonus > 0) modified.bonusDice = ((input.bonusDice as number | undefined) ?? 0) + bonus;
  if (penalty > 0) modified.penaltyDice = ((input.penaltyDice as number | undefined) ?? 0) + penalty;
  return { input: modified, echo };
}
