/**
 * The eight core checks as test cases: the REST route, the roll-log procedure name, the GraphQL
 * mutation with a selection of every result field, and one valid input for each (REST body and
 * GraphQL input; they differ only where GraphQL enums spell dashes as underscores).
 */
export interface CheckCase {
  /** Path segment under /v1/checks and /v1/campaigns/{id}/checks. */
  route: string;
  /** The name the roll log stores. */
  procedure: string;
  mutation: string;
  inputType: string;
  /** Every field of the result type. */
  selection: string;
  body: Record<string, unknown>;
  gqlInput: Record<string, unknown>;
}

const PROVENANCE = 'seed rng rollId';

export const CHECK_CASES: readonly CheckCase[] = [
  {
    route: 'pool',
    procedure: 'check.pool',
    mutation: 'poolCheck',
    inputType: 'PoolCheckInput',
    selection: `dice faces successes objective passed margin odds { success } ${PROVENANCE}`,
    body: { pool: 5, objective: 2, bonusDice: 1, penaltyDice: 1, helpers: 1, freeSuccesses: 1 },
    gqlInput: { pool: 5, objective: 2, bonusDice: 1, penaltyDice: 1, helpers: 1, freeSuccesses: 1 },
  },
  {
    route: 'versus',
    procedure: 'check.versus',
    mutation: 'versusCheck',
    inputType: 'VersusCheckInput',
    selection:
      'first { dice faces successes } second { dice faces successes } faces winner margin tieDamage ' +
      `odds { first second tie } ${PROVENANCE}`,
    body: { first: { pool: 4, helpers: 1 }, second: { pool: 3, bonusDice: 1 }, combat: true },
    gqlInput: { first: { pool: 4, helpers: 1 }, second: { pool: 3, bonusDice: 1 }, combat: true },
  },
  {
    route: 'damage',
    procedure: 'check.damage',
    mutation: 'damageRoll',
    inputType: 'DamageRollInput',
    selection: `dice faces damage odds { expected distribution } ${PROVENANCE}`,
    body: { dice: 5, saved: true },
    gqlInput: { dice: 5, saved: true },
  },
  {
    route: 'difficulty-pool',
    procedure: 'check.difficulty-pool',
    mutation: 'difficultyPoolCheck',
    inputType: 'DifficultyPoolCheckInput',
    selection:
      'dice faces requestedDifficulty effectiveDifficulty clamped successes objective passed ' +
      `odds { success perDie } ${PROVENANCE}`,
    body: { stats: [3, 2], bonus: 1, difficulty: 4, objective: 2 },
    gqlInput: { stats: [3, 2], bonus: 1, difficulty: 4, objective: 2 },
  },
  {
    route: 'save',
    procedure: 'check.save',
    mutation: 'saveCheck',
    inputType: 'SaveCheckInput',
    selection: `roll faces attribute passed automatic odds { success } ${PROVENANCE}`,
    body: { attribute: 12 },
    gqlInput: { attribute: 12 },
  },
  {
    route: 'ability',
    procedure: 'check.ability',
    mutation: 'abilityCheck',
    inputType: 'AbilityCheckInput',
    selection: `roll faces target modifiers { bonus penalty obstacle difficulty } passed odds { success } ${PROVENANCE}`,
    body: { score: 12, bonus: 2, penalty: 1, obstacleSize: 4, difficulty: 'very-difficult' },
    gqlInput: { score: 12, bonus: 2, penalty: 1, obstacleSize: 4, difficulty: 'very_difficult' },
  },
  {
    route: 'contest',
    procedure: 'check.contest',
    mutation: 'contestCheck',
    inputType: 'ContestCheckInput',
    selection:
      'winner rounds { acting { roll target passed } resisting { roll target passed } doubled } faces timeSteps ' +
      `odds { acting resisting draw } ${PROVENANCE}`,
    body: {
      acting: { score: 12, bonus: 1 },
      resisting: { score: 11, difficulty: 'easy' },
      mode: 'same-goal',
    },
    gqlInput: {
      acting: { score: 12, bonus: 1 },
      resisting: { score: 11, difficulty: 'easy' },
      mode: 'same_goal',
    },
  },
  {
    route: 'table',
    procedure: 'check.table',
    mutation: 'tableRoll',
    inputType: 'TableRollInput',
    selection: `dice faces total success entry { min max result } odds { outcome success entry } ${PROVENANCE}`,
    body: {
      dice: '2d6',
      entries: [
        { min: 2, max: 6, result: 'hostile' },
        { min: 7, max: 12, result: 'curious' },
      ],
    },
    gqlInput: {
      dice: '2d6',
      entries: [
        { min: 2, max: 6, result: 'hostile' },
        { min: 7, max: 12, result: 'curious' },
      ],
    },
  },
];

/** A GraphQL document running one check, statelessly or (with `$c`) in a campaign. */
export function checkMutation(check: CheckCase, inCampaign = false): string {
  return inCampaign
    ? `mutation($i: ${check.inputType}!, $c: ID) { ${check.mutation}(input: $i, campaignId: $c) { ${check.selection} } }`
    : `mutation($i: ${check.inputType}!) { ${check.mutation}(input: $i) { ${check.selection} } }`;
}

/** GraphQL spells enum values with underscores (`always_passes`); REST with dashes. */
export function dashed<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/_/g, '-') as T;
  if (Array.isArray(value)) return value.map(dashed) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, dashed(v)])) as T;
  }
  return value;
}
