import { RuleError } from '../errors';

/** Where a crafting project stands: what the state machine below reads and writes. */
export interface ProjectState {
  /** Successes one copy needs. */
  successesNeeded: number;
  /** Raw materials for one copy, in eighths of a copper. */
  materialCostEighths: number;
  /** One skill, or two for an interdisciplinary project. */
  skills: string[];
  /** Copies whose materials are on hand (made ones included). */
  copiesPaid: number;
  copiesMade: number;
  /** Successes toward the copy in progress, by skill (surplus kept as it rolls over). */
  progress: Record<string, number>;
  /** Ruined materials still to replace, in eighths of a copper; rolls wait until it is 0. */
  materialsOwedEighths: number;
}

export type ProjectStatus = 'in-progress' | 'materials-needed' | 'complete';
export const PROJECT_STATUSES: readonly ProjectStatus[] = ['in-progress', 'materials-needed', 'complete'];

export interface ProjectRollEffect {
  state: ProjectState;
  /** Copies finished by this roll. */
  copiesCompleted: number;
  /** Materials this roll ruined, in eighths (0 unless it scored no success). */
  materialsRuinedEighths: number;
}

export function projectStatus(state: ProjectState): ProjectStatus {
  if (state.materialsOwedEighths > 0) return 'materials-needed';
  return state.copiesMade >= state.copiesPaid ? 'complete' : 'in-progress';
}

/** The least each skill of an interdisciplinary project must supply per copy: half, rounded down. */
export function shareOfEachSkill(successesNeeded: number): number {
  return Math.floor(successesNeeded / 2);
}

/** Whether the successes gathered make the copy in progress. */
export function copyReady(state: Pick<ProjectState, 'successesNeeded' | 'skills' | 'progress'>): boolean {
  const counts = state.skills.map((s) => state.progress[s] ?? 0);
  const total = counts.reduce((a, b) => a + b, 0);
  if (total < state.successesNeeded) return false;
  if (state.skills.length === 1) return true;
  const share = shareOfEachSkill(state.successesNeeded);
  return counts.every((c) => c >= share);
}

/**
 * The successes one finished copy uses, by skill. One skill: the need. Two: each skill's half
 * (rounded down), and the odd success of an odd need from the skill with more to spare (the first
 * named on a tie); whatever is left rolls over to the next copy, each skill keeping its own.
 */
function consume(state: ProjectState): Record<string, number> {
  const progress = { ...state.progress };
  const [first, second] = state.skills;
  if (second === undefined) {
    progress[first] -= state.successesNeeded;
    return progress;
  }
  const share = shareOfEachSkill(state.successesNeeded);
  progress[first] -= share;
  progress[second] -= share;
  let rest = state.successesNeeded - 2 * share;
  while (rest > 0) {
    const from = progress[second] > progress[first] ? second : first;
    progress[from] -= 1;
    rest -= 1;
  }
  return progress;
}

/**
 * Archsoul, Crafting (seed 002): applies one crafting roll to a project. Successes count for the
 * named skill and accumulate across days and characters (cooperative crafting). Each time the need
 * is met a copy is made, and the surplus rolls over into the next copy while materials for it are on
 * hand (10 successes on a 1-platinum item with materials for 2 make both). Past the last paid copy
 * the surplus is kept for copies paid later. No success at all ruins half the raw materials of one
 * copy; a critical failure ruins all of them: either is owed before the next roll. Progress already
 * made is never taken away.
 */
export function applyCraftingRoll(
  state: ProjectState,
  roll: { skillName: string; successes: number; criticalFailure: boolean },
): ProjectRollEffect {
  if (!state.skills.includes(roll.skillName)) {
    throw new RuleError(
      'INVALID_INPUT',
      `This project is made with ${state.skills.join(' and ')}, not ${roll.skillName}.`,
      'skillName',
    );
  }
  if (!Number.isInteger(roll.successes) || roll.successes < 0) {
    throw new RuleError('INVALID_INPUT', 'Successes are a whole number, zero or more.', 'successes');
  }
  const status = projectStatus(state);
  if (status === 'materials-needed') {
    throw new RuleError(
      'MATERIALS_NEEDED',
      `Replace ${state.materialsOwedEighths / 8}c of ruined materials before rolling again.`,
    );
  }
  if (status === 'complete') {
    throw new RuleError('PROJECT_COMPLETE', 'Every paid copy is made; add materials for more copies first.');
  }
  if (roll.successes === 0) {
    const ruined = roll.criticalFailure ? state.materialCostEighths : state.materialCostEighths / 2;
    return {
      state: { ...{}, ...state, materialsOwedEighths: state.materialsOwedEighths + ruined },
      copiesCompleted: 0,
      materialsRuinedEighths: ruined,
    };
  }
  let next: ProjectState = {
    ...{},
    ...state,
    progress: {
      ...{},
      ...state.progress,
      [roll.skillName]: (state.progress[roll.skillName] ?? 0) + roll.successes,
    },
  };
  const made = rollOver(next);
  next = made.state;
  return { state: next, copiesCompleted: made.copiesCompleted, materialsRuinedEighths: 0 };
}

/** Makes every copy the gathered successes and paid materials allow. */
export function rollOver(state: ProjectState): { state: ProjectState; copiesCompleted: number } {
  let next = state;
  let copiesCompleted = 0;
  while (next.copiesMade < next.copiesPaid && copyReady(next)) {
    next = { ...{}, ...next, progress: consume(next), copiesMade: next.copiesMade + 1 };
    copiesCompleted += 1;
  }
  return { state: next, copiesCompleted };
}

/**
 * Materials bought for a project: `amountEighths` pays down what ruined rolls owe (never more than is
 * owed), `copies` adds materials for further copies, whose successes may already be waiting.
 */
export function addMaterials(
  state: ProjectState,
  purchase: { amountEighths: number; copies: number },
): { state: ProjectState; copiesCompleted: number } {
  if (purchase.amountEighths > state.materialsOwedEighths) {
    throw new RuleError(
      'INVALID_INPUT',
      `The project owes ${state.materialsOwedEighths / 8}c of materials; pay that much at most.`,
      'amount',
    );
  }
  const paid: ProjectState = {
    ...{},
    ...state,
    materialsOwedEighths: state.materialsOwedEighths - purchase.amountEighths,
    copiesPaid: state.copiesPaid + purchase.copies,
  };
  // Progress waits while ruined materials are still owed, even for copies just paid for.
  return paid.materialsOwedEighths > 0 ? { state: paid, copiesCompleted: 0 } : rollOver(paid);
}

/** Total successes gathered toward the copy in progress (and any surplus). */
export function progressTotal(state: Pick<ProjectState, 'skills' | 'progress'>): number {
  return state.skills.reduce((sum, s) => sum + (state.progress[s] ?? 0), 0);
}
