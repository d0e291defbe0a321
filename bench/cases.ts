/**
 * What the benchmark loads. To add a case, append to `CASES`: a name, the server it runs against,
 * a request factory, and optionally a baseline case (its ratio is reported against it), a target
 * ratio, a `setup` step run once before loading (create a campaign, a session, a character…) whose
 * result reaches the request factory, and `perRequest: true` when every request must differ
 * (an Idempotency-Key header, say).
 */
import { createCampaign, createCharacter } from './fixtures';

export type ServerName = 'bare' | 'bare-apollo' | 'app';

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Whatever a case's setup step hands to its request factory (ids, keys…). */
export type CaseState = Readonly<Record<string, string>>;

export interface BenchCase {
  name: string;
  /** One line for the docs and the JSON results: what the case measures. */
  description: string;
  server: ServerName;
  /** The case this one is compared with: ratio = this case's requests/s ÷ the baseline's. */
  baseline?: string;
  /** The smallest acceptable ratio to the baseline; absent for an informative comparison. */
  target?: number;
  /** Runs once, before the warm-up, against the case's server. */
  setup?: (baseUrl: string) => Promise<CaseState>;
  /**
   * Builds a request. `seq` counts requests from 0 across the preflight, warm-up and measured run
   * of this case, so it can make unique keys. Called once when `perRequest` is not set.
   */
  request: (state: CaseState, seq: number) => BenchRequest;
  perRequest?: boolean;
  /** Checks the preflight answer (already known to be 2xx); returns a complaint or undefined. */
  verify?: (body: unknown) => string | undefined;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const POOL_INPUT = { pool: 6, objective: 3 };

/** The keys a pool check answers with, over REST and from the bare server alike. */
const POOL_RESULT_KEYS = [
  'dice',
  'faces',
  'margin',
  'objective',
  'odds',
  'passed',
  'rng',
  'rollId',
  'seed',
  'successes',
];

function verifyPoolResult(body: unknown, rollId: 'null' | 'string' = 'null'): string | undefined {
  if (typeof body !== 'object' || body === null) return 'the answer is not a JSON object';
  const keys = Object.keys(body).sort();
  if (keys.join(',') !== POOL_RESULT_KEYS.join(',')) return `unexpected keys: ${keys.join(', ')}`;
  const result = body as Record<string, unknown>;
  if (!Array.isArray(result.faces) || result.faces.length !== POOL_INPUT.pool) return 'faces is not 6 dice';
  if (rollId === 'null' ? result.rollId !== null : typeof result.rollId !== 'string')
    return 'unexpected rollId';
  return undefined;
}

const POOL_CHECK_MUTATION =
  'mutation($i: PoolCheckInput!) { poolCheck(input: $i) { dice faces successes objective passed margin odds { success } seed rng rollId } }';

const graphqlPoolCheck: BenchRequest = {
  method: 'POST',
  path: '/graphql',
  headers: JSON_HEADERS,
  body: JSON.stringify({ query: POOL_CHECK_MUTATION, variables: { i: POOL_INPUT } }),
};

function verifyGraphQLPool(body: unknown): string | undefined {
  const answer = body as { data?: { poolCheck?: unknown }; errors?: unknown[] } | null;
  if (answer?.errors) return `GraphQL errors: ${JSON.stringify(answer.errors).slice(0, 300)}`;
  const check = answer?.data?.poolCheck as { faces?: unknown[]; rollId?: unknown } | undefined;
  if (!Array.isArray(check?.faces) || check.rollId !== null) return 'no poolCheck result';
  return undefined;
}

const statelessPool: BenchRequest = {
  method: 'POST',
  path: '/v1/checks/pool',
  headers: JSON_HEADERS,
  body: JSON.stringify(POOL_INPUT),
};

/** A prefix that keeps Idempotency-Keys unique even against a database reused between runs. */
const RUN_ID = `${process.pid.toString(36)}${Date.now().toString(36)}`;

export const CASES: BenchCase[] = [
  {
    name: 'bare-fastify-pool',
    description: 'Bare Fastify (no Nest): POST /v1/checks/pool with the same core roll and answer shape',
    server: 'bare',
    request: () => statelessPool,
    verify: (body) => verifyPoolResult(body),
  },
  {
    name: 'rest-pool',
    description: 'The app over REST: POST /v1/checks/pool (stateless, no key, nothing stored)',
    server: 'app',
    baseline: 'bare-fastify-pool',
    target: 0.6,
    request: () => statelessPool,
    verify: (body) => verifyPoolResult(body),
  },
  {
    name: 'graphql-pool',
    description: 'The app over GraphQL: the poolCheck mutation (stateless)',
    server: 'app',
    baseline: 'rest-pool',
    target: 0.5,
    request: () => graphqlPoolCheck,
    verify: (body) => verifyGraphQLPool(body),
  },
  {
    name: 'bare-apollo-pool',
    description:
      'Apollo Server alone on Fastify (no Nest, no validation, no guards): the same poolCheck mutation. ' +
      'The ceiling for GraphQL served by Apollo on this host',
    server: 'bare-apollo',
    baseline: 'rest-pool',
    request: () => graphqlPoolCheck,
    verify: (body) => verifyGraphQLPool(body),
  },
  {
    name: 'campaign-pool-idempotent',
    description:
      'Stateful: POST /v1/campaigns/{id}/checks/pool with a referee key and a unique Idempotency-Key; ' +
      'the roll log and the stored answer are written to SQLite',
    server: 'app',
    baseline: 'rest-pool',
    setup: async (baseUrl) => {
      const campaign = await createCampaign(baseUrl);
      return { campaignId: campaign.id, refereeKey: campaign.refereeKey };
    },
    perRequest: true,
    request: (state, seq) => ({
      method: 'POST',
      path: `/v1/campaigns/${state.campaignId}/checks/pool`,
      headers: {
        ...JSON_HEADERS,
        authorization: `Bearer ${state.refereeKey}`,
        'idempotency-key': `bench-${RUN_ID}-${seq}`,
      },
      body: JSON.stringify(POOL_INPUT),
    }),
    verify: (body) => verifyPoolResult(body, 'string'),
  },
  {
    name: 'character-purchase-idempotent',
    description:
      'Stateful (issue 3): POST /v1/campaigns/{id}/characters/{cid}/purchases with a referee key and a ' +
      'unique Idempotency-Key; Cash, the ledger, the roll log and the stored answer change in one SQLite transaction',
    server: 'app',
    baseline: 'rest-pool',
    target: 0.4,
    setup: async (baseUrl) => {
      const campaign = await createCampaign(baseUrl);
      // A million Cash wagers 1 a time for far longer than any bench run.
      const character = await createCharacter(baseUrl, campaign, {
        name: 'Shopper',
        wealth: 0,
        cash: 1_000_000,
      });
      return { campaignId: campaign.id, refereeKey: campaign.refereeKey, characterId: character.id };
    },
    perRequest: true,
    request: (state, seq) => ({
      method: 'POST',
      path: `/v1/campaigns/${state.campaignId}/characters/${state.characterId}/purchases`,
      headers: {
        ...JSON_HEADERS,
        authorization: `Bearer ${state.refereeKey}`,
        'idempotency-key': `bench-buy-${RUN_ID}-${seq}`,
      },
      body: JSON.stringify({ cost: 1, wager: 1, item: 'torch' }),
    }),
    verify: (body) => {
      const answer = body as { cashSpent?: unknown; character?: { cash?: unknown }; rollId?: unknown } | null;
      if (
        answer?.cashSpent !== 1 ||
        typeof answer.character?.cash !== 'number' ||
        typeof answer.rollId !== 'string'
      )
        return 'not a purchase answer';
      return undefined;
    },
  },
];
