/**
 * What the benchmark loads. To add a case, append to `CASES`: a name, the server it runs against,
 * a request factory, and optionally a baseline case (its ratio is reported against it), a target
 * ratio, a `setup` step run once before loading (create a campaign, a session, a character…) whose
 * result reaches the request factory, and `perRequest: true` when every request must differ
 * (an Idempotency-Key header, say).
 */
import { createCampaign, createCharacter, postJson, startSession } from './fixtures';

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

/**
 * The request of every stateful case: a referee's POST with its own Idempotency-Key
 * (`bench-<prefix><run>-<seq>`), so each request changes state once and retries would not.
 */
function refereePost(
  prefix: string,
  path: (state: CaseState, seq: number) => string,
  body: (state: CaseState, seq: number) => unknown,
): BenchCase['request'] {
  return (state, seq) => ({
    method: 'POST',
    path: path(state, seq),
    headers: {
      ...JSON_HEADERS,
      authorization: `Bearer ${state.refereeKey}`,
      'idempotency-key': `bench-${prefix}${RUN_ID}-${seq}`,
    },
    body: JSON.stringify(body(state, seq)),
  });
}
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

/**
 * `signed`: the answer also carries an Ed25519 receipt (a stateless answer asked for with
 * `?receipt=true`, and every campaign check), which the bare server does not make.
 */
function verifyPoolResult(
  body: unknown,
  rollId: 'null' | 'string' = 'null',
  signed = false,
): string | undefined {
  if (typeof body !== 'object' || body === null) return 'the answer is not a JSON object';
  const keys = Object.keys(body).sort();
  const expected = signed ? [...POOL_RESULT_KEYS, 'receipt'].sort() : POOL_RESULT_KEYS;
  if (keys.join(',') !== expected.join(',')) return `unexpected keys: ${keys.join(', ')}`;
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
    name: 'rest-pool-signed',
    description:
      'The app over REST, signed on request: POST /v1/checks/pool?receipt=true (an Ed25519 receipt over ' +
      'the check, which the bare server does not make)',
    server: 'app',
    baseline: 'bare-fastify-pool',
    request: () => ({ ...statelessPool, path: '/v1/checks/pool?receipt=true' }),
    verify: (body) => verifyPoolResult(body, 'null', true),
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
    name: 'graphql-pool',
    description: 'The app over GraphQL: the poolCheck mutation (stateless), against Apollo alone (SPEC 7)',
    server: 'app',
    baseline: 'bare-apollo-pool',
    target: 0.8,
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
    request: refereePost(
      '',
      (state) => `/v1/campaigns/${state.campaignId}/checks/pool`,
      () => POOL_INPUT,
    ),
    verify: (body) => verifyPoolResult(body, 'string', true),
  },
  {
    name: 'character-purchase-idempotent',
    description:
      'Stateful (issue 3): POST /v1/campaigns/{id}/characters/{cid}/purchases with a referee key and a ' +
      'unique Idempotency-Key; Cash, the ledger, the roll log and the stored answer change in one SQLite transaction',
    server: 'app',
    // Informative since the team restated the targets (SPEC 7): the purchase is the baseline of the
    // domains' mutations; its old 0.4 target against REST sat at the SQLite floor (docs/benchmarks.md).
    baseline: 'rest-pool',
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
    request: refereePost(
      'buy-',
      (state) => `/v1/campaigns/${state.campaignId}/characters/${state.characterId}/purchases`,
      () => ({ cost: 1, wager: 1, item: 'torch' }),
    ),
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
  {
    name: 'encounter-check-idempotent',
    description:
      'Stateful (issue 11): POST /v1/campaigns/{id}/encounter-checks with a referee key and a unique ' +
      'Idempotency-Key: a whole overland check on an area table (entry with a graded adversary, number ' +
      'appearing, site tie, recurring cast lot, distance, reaction) sealed as a secret roll with its ' +
      'commitment, and the stored answer, in one SQLite transaction',
    server: 'app',
    baseline: 'character-purchase-idempotent',
    target: 0.8,
    setup: async (baseUrl) => {
      const campaign = await createCampaign(baseUrl);
      const table = await postJson<{ id: string }>(
        baseUrl,
        `/v1/campaigns/${campaign.id}/tables`,
        {
          name: 'Bandit road',
          formula: '1d6',
          entries: [
            {
              range: [1, 3],
              text: 'Bandits',
              kind: 'people',
              numberAppearing: 'players+1d4',
              grade: 'minor',
            },
            { range: [4, 5], text: 'Wolves', kind: 'beasts', numberAppearing: '2d4', grade: 'moderate' },
            { range: [6, 6], text: 'Crows over a fresh grave', kind: 'omen' },
          ],
        },
        campaign.auth,
      );
      for (const name of ['Old Morag', 'The Heron Knight', 'Gristle']) {
        await postJson(baseUrl, `/v1/campaigns/${campaign.id}/recurring`, { name }, campaign.auth);
      }
      return { campaignId: campaign.id, refereeKey: campaign.refereeKey, tableId: table.id };
    },
    perRequest: true,
    request: refereePost(
      'enc-',
      (state) => `/v1/campaigns/${state.campaignId}/encounter-checks`,
      (state) => ({ scale: 'overland', players: 4, tableId: state.tableId }),
    ),
    verify: (body) => {
      const answer = body as { checked?: unknown; rollId?: unknown } | null;
      return answer?.checked === true && typeof answer.rollId === 'string'
        ? undefined
        : 'not an encounter check';
    },
  },
  {
    name: 'stronghold-improvement-idempotent',
    description:
      'Stateful (issue 9): POST /v1/campaigns/{id}/strongholds/{sid}/improvements with a referee key and a ' +
      'unique Idempotency-Key; the roll, the stronghold, the payer’s Cash and ledger, the roll log and the stored ' +
      'answer change in one SQLite transaction. Once per session per stronghold: each request improves its own ' +
      'stronghold, founded in bulk by the setup',
    server: 'app',
    baseline: 'character-purchase-idempotent',
    target: 0.8,
    setup: async (baseUrl) => {
      const campaign = await createCampaign(baseUrl);
      await startSession(baseUrl, campaign);
      const character = await createCharacter(baseUrl, campaign, {
        name: 'Builder',
        wealth: 0,
        cash: 1_000_000,
      });
      const ids = await foundStrongholds(baseUrl, campaign, character.id, strongholdsNeeded());
      return {
        campaignId: campaign.id,
        refereeKey: campaign.refereeKey,
        strongholdIds: ids.join(','),
      };
    },
    perRequest: true,
    request: refereePost(
      'keep-',
      (state, seq) =>
        `/v1/campaigns/${state.campaignId}/strongholds/${strongholdIdsOf(state)[seq]}/improvements`,
      () => ({ wager: 1 }),
    ),
    verify: (body) => {
      const answer = body as { cashSpent?: unknown; stronghold?: { id?: unknown }; rollId?: unknown } | null;
      if (
        answer?.cashSpent !== 1 ||
        typeof answer.stronghold?.id !== 'string' ||
        typeof answer.rollId !== 'string'
      )
        return 'not a stronghold improvement answer';
      return undefined;
    },
  },
  {
    name: 'crafting-roll-idempotent',
    description:
      'Stateful (issue 13): POST /v1/campaigns/{id}/crafting-projects/{pid}/rolls with a referee key and a ' +
      'unique Idempotency-Key; the roll, the daily-roll row, the project’s progress, the roll log and the stored ' +
      'answer change in one SQLite transaction. A character rolls once a day per project: each request rolls ' +
      'toward its own project, started in bulk by the setup (the clock never moves)',
    server: 'app',
    baseline: 'character-purchase-idempotent',
    target: 0.8,
    setup: async (baseUrl) => {
      const campaign = await createCampaign(baseUrl);
      const character = await createCharacter(baseUrl, campaign, { name: 'Crafter', wealth: 0, cash: 0 });
      // As many projects as the stronghold case founds strongholds: one per request of the whole run.
      const ids = await startCraftingProjects(baseUrl, campaign, strongholdsNeeded());
      return {
        campaignId: campaign.id,
        refereeKey: campaign.refereeKey,
        characterId: character.id,
        projectIds: ids.join(','),
      };
    },
    perRequest: true,
    request: refereePost(
      'craft-',
      (state, seq) => `/v1/campaigns/${state.campaignId}/crafting-projects/${projectIdsOf(state)[seq]}/rolls`,
      (state) => ({ characterId: state.characterId, skillName: 'smithing', intellect: 2, skill: 1 }),
    ),
    verify: (body) => {
      const answer = body as { day?: unknown; project?: { id?: unknown }; rollId?: unknown } | null;
      if (answer?.day !== 1 || typeof answer.project?.id !== 'string' || typeof answer.rollId !== 'string')
        return 'not a crafting roll answer';
      return undefined;
    },
  },
  {
    name: 'sheet-check-idempotent',
    description:
      'Stateful (issue 18): POST /v1/campaigns/{id}/characters/{cid}/checks with a referee key and a unique ' +
      'Idempotency-Key: a COEAC skill test whose pool (2 + the Streetwise rating) and modifiers (stronghold ' +
      'tags, attunements) are read from the character sheet and campaign, logged with its receipt, and the ' +
      'stored answer, in one SQLite transaction',
    server: 'app',
    baseline: 'character-purchase-idempotent',
    target: 0.8,
    setup: async (baseUrl) => {
      const campaign = await createCampaign(baseUrl);
      const character = await createCharacter(baseUrl, campaign, { name: 'Fixer' });
      const sheet = await fetch(
        `${baseUrl}/v1/campaigns/${campaign.id}/characters/${character.id}/sheets/coeac`,
        {
          method: 'PUT',
          headers: { 'content-type': 'application/json', ...campaign.auth },
          body: JSON.stringify({
            sheet: { skills: { Streetwise: 3 }, saves: { Vigor: 2 }, hp: 6, maxHp: 6 },
          }),
        },
      );
      if (sheet.status !== 200) throw new Error(`PUT sheet answered ${sheet.status}: ${await sheet.text()}`);
      return { campaignId: campaign.id, refereeKey: campaign.refereeKey, characterId: character.id };
    },
    perRequest: true,
    request: refereePost(
      'sheet-',
      (state) => `/v1/campaigns/${state.campaignId}/characters/${state.characterId}/checks`,
      () => ({ system: 'coeac', skill: 'Streetwise', objective: 3 }),
    ),
    verify: (body) => {
      const answer = body as { dice?: unknown; rollId?: unknown; modifiers?: unknown } | null;
      if (answer?.dice !== 5 || typeof answer.rollId !== 'string' || !Array.isArray(answer.modifiers))
        return 'not a sheet check answer';
      return undefined;
    },
  },
  {
    name: 'cairn-cast-idempotent',
    description:
      'Stateful (issue 22): POST /v1/campaigns/{id}/characters/{cid}/magic/cairn/casts with a referee key and a ' +
      'unique Idempotency-Key: a Cairn cast from a carried relic with the risky WIL save called, reading the ' +
      'sheet, the inventory and its slots, rolling the save and its d4 failure damage, logging the roll and ' +
      'applying the harm through the condition ledger, in one SQLite transaction',
    server: 'app',
    baseline: 'character-purchase-idempotent',
    target: 0.8,
    setup: async (baseUrl) => {
      const campaign = await createCampaign(baseUrl);
      const character = await createCharacter(baseUrl, campaign, { name: 'Hedge witch' });
      const base = `${baseUrl}/v1/campaigns/${campaign.id}/characters/${character.id}`;
      const headers = { 'content-type': 'application/json', ...campaign.auth };
      const sheet = await fetch(`${base}/sheets/cairn`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ sheet: { str: { max: 12 }, dex: { max: 10 }, wil: { max: 11 }, maxHp: 6 } }),
      });
      if (sheet.status !== 200) throw new Error(`PUT sheet answered ${sheet.status}: ${await sheet.text()}`);
      const relic = await fetch(`${base}/magic/cairn/items`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ kind: 'relic', spell: 'Shield' }),
      });
      if (relic.status !== 201) throw new Error(`POST relic answered ${relic.status}: ${await relic.text()}`);
      const { itemId } = (await relic.json()) as { itemId: string };
      return { campaignId: campaign.id, refereeKey: campaign.refereeKey, characterId: character.id, itemId };
    },
    perRequest: true,
    request: refereePost(
      'cairn-cast-',
      (state) => `/v1/campaigns/${state.campaignId}/characters/${state.characterId}/magic/cairn/casts`,
      (state) => ({ itemId: state.itemId, riskySave: true, failure: { fatigue: 0, damage: 'd4' } }),
    ),
    verify: (body) => {
      const answer = body as { riskySave?: unknown; rollId?: unknown; from?: unknown } | null;
      if (answer?.from !== 'relic' || typeof answer.rollId !== 'string' || !answer.riskySave)
        return 'not a Cairn cast answer';
      return undefined;
    },
  },
  {
    name: 'coeac-cast-idempotent',
    description:
      'Stateful (issue 22): POST /v1/campaigns/{id}/characters/{cid}/coeac-casts with a referee key and a unique ' +
      'Idempotency-Key: a COEAC channeling whose pool comes from the sheet, paid as a ritual in HP (condition ' +
      'ledger) and Cash (Cash ledger), spending Control, replacing the live instance of the spell, logged with ' +
      'its receipt, and the stored answer, in one SQLite transaction',
    server: 'app',
    baseline: 'character-purchase-idempotent',
    target: 0.8,
    setup: async (baseUrl) => {
      const campaign = await createCampaign(baseUrl);
      const character = await createCharacter(baseUrl, campaign, {
        name: 'Channeler',
        wealth: 0,
        cash: 1_000_000,
      });
      const big = { max: 100_000 };
      const sheet = await fetch(
        `${baseUrl}/v1/campaigns/${campaign.id}/characters/${character.id}/sheets/coeac`,
        {
          method: 'PUT',
          headers: { 'content-type': 'application/json', ...campaign.auth },
          body: JSON.stringify({
            sheet: {
              skills: { Ruin: 8 },
              saves: { Vigor: 2 },
              maxHp: 100_000,
              classResources: { Control: big, 'Black Mark': big },
            },
          }),
        },
      );
      if (sheet.status !== 200) throw new Error(`PUT sheet answered ${sheet.status}: ${await sheet.text()}`);
      return { campaignId: campaign.id, refereeKey: campaign.refereeKey, characterId: character.id };
    },
    perRequest: true,
    request: refereePost(
      'cast-',
      (state) => `/v1/campaigns/${state.campaignId}/characters/${state.characterId}/coeac-casts`,
      () => ({ spell: 'black-mark', ritual: { hp: 1, cash: 1 } }),
    ),
    verify: (body) => {
      const answer = body as { channeling?: { dice?: unknown }; rollId?: unknown; changes?: unknown } | null;
      if (
        answer?.channeling?.dice !== 12 ||
        typeof answer.rollId !== 'string' ||
        !Array.isArray(answer.changes)
      )
        return 'not a COEAC cast answer';
      return undefined;
    },
  },
  {
    name: 'horde-division-idempotent',
    description:
      'Stateful (issue 10): POST /v1/campaigns/{id}/hordes/{hid}/division with a referee key and a unique ' +
      'Idempotency-Key: 7 Cash among five characters (whole dice, the 2 left over by a logged lot), five ' +
      'ledger entries, five Cash balances, the roll log, the horde and the stored answer in one SQLite ' +
      'transaction. A horde divides once: each request divides its own, placed (discovered) in bulk by the setup',
    server: 'app',
    baseline: 'character-purchase-idempotent',
    // Issue 10 asked for 0.5; SPEC 7 (the team's later word) asks every domain's heaviest mutation for 0.8.
    target: 0.8,
    setup: async (baseUrl) => {
      const campaign = await createCampaign(baseUrl);
      const characterIds: string[] = [];
      for (let i = 0; i < 5; i++) {
        characterIds.push((await createCharacter(baseUrl, campaign, { name: `Delver ${i + 1}` })).id);
      }
      // As many hordes as the stronghold case founds strongholds: one per request of the whole run.
      const ids = await placeHordes(baseUrl, campaign, strongholdsNeeded());
      return {
        campaignId: campaign.id,
        refereeKey: campaign.refereeKey,
        characterIds: characterIds.join(','),
        hordeIds: ids.join(','),
      };
    },
    perRequest: true,
    request: refereePost(
      'horde-',
      (state, seq) => `/v1/campaigns/${state.campaignId}/hordes/${hordeIdsOf(state)[seq]}/division`,
      (state) => ({ characterIds: state.characterIds.split(',') }),
    ),
    verify: (body) => {
      const answer = body as { cash?: unknown; shares?: unknown[]; rollId?: unknown } | null;
      if (answer?.cash !== 7 || answer.shares?.length !== 5 || typeof answer.rollId !== 'string')
        return 'not a horde division answer';
      return undefined;
    },
  },
  {
    name: 'experience-level-up-idempotent',
    description:
      'Stateful (issue 23): POST /v1/campaigns/{id}/characters/{cid}/experience with a referee key and a ' +
      'unique Idempotency-Key: 1,000 experience to a first-level G&M warrior, so every request crosses into ' +
      'level 2: the award and its level-up logged as one roll (the verve d10 rolled), five ledger entries (experience, ' +
      'verve, mojo), the sheet and the stored answer in one SQLite transaction. Each request awards its own ' +
      'character, made with its sheet in bulk by the setup',
    server: 'app',
    baseline: 'character-purchase-idempotent',
    target: 0.8,
    setup: async (baseUrl) => {
      const campaign = await createCampaign(baseUrl);
      const ids = await createGmCharacters(baseUrl, campaign, strongholdsNeeded());
      return { campaignId: campaign.id, refereeKey: campaign.refereeKey, characterIds: ids.join(',') };
    },
    perRequest: true,
    request: refereePost(
      'xp-',
      (state, seq) =>
        `/v1/campaigns/${state.campaignId}/characters/${gmCharacterIdsOf(state)[seq]}/experience`,
      () => ({ amount: 1000 }),
    ),
    verify: (body) => {
      const answer = body as {
        experience?: unknown;
        levelUps?: Array<{ level?: unknown }>;
        rollId?: unknown;
      } | null;
      if (
        answer?.experience !== 1000 ||
        answer.levelUps?.[0]?.level !== 2 ||
        typeof answer.rollId !== 'string'
      )
        return 'not an experience award with a level-up';
      return undefined;
    },
  },
  {
    name: 'hazard-fall-idempotent',
    description:
      'Stateful (issue 21): POST /v1/campaigns/{id}/characters/{cid}/hazards with a referee key and a unique ' +
      'Idempotency-Key: a G&M fall read against the stored sheet, logged, its survival and injuries written ' +
      'through the condition ledger, and the stored answer, in one SQLite transaction',
    server: 'app',
    baseline: 'character-purchase-idempotent',
    target: 0.8,
    setup: async (baseUrl) => {
      const campaign = await createCampaign(baseUrl);
      const character = await createCharacter(baseUrl, campaign, { name: 'Faller' });
      const sheet = await fetch(
        `${baseUrl}/v1/campaigns/${campaign.id}/characters/${character.id}/sheets/gm`,
        {
          method: 'PUT',
          headers: { 'content-type': 'application/json', ...campaign.auth },
          body: JSON.stringify({
            sheet: {
              abilities: {
                strength: 12,
                agility: 12,
                endurance: 12,
                intelligence: 10,
                wisdom: 10,
                charisma: 10,
              },
              survival: { current: 100000, max: 100000 },
              injuries: { current: 0, max: 100000 },
            },
          }),
        },
      );
      if (sheet.status !== 200) throw new Error(`PUT sheet answered ${sheet.status}: ${await sheet.text()}`);
      return { campaignId: campaign.id, refereeKey: campaign.refereeKey, characterId: character.id };
    },
    perRequest: true,
    request: refereePost(
      'hazard-',
      (state) => `/v1/campaigns/${state.campaignId}/characters/${state.characterId}/hazards`,
      () => ({ system: 'gm', hazard: 'fall', input: { feet: 45 } }),
    ),
    verify: (body) => {
      const answer = body as { rollId?: unknown; applied?: unknown } | null;
      if (typeof answer?.rollId !== 'string' || !Array.isArray(answer.applied) || answer.applied.length !== 2)
        return 'not a campaign hazard answer';
      return undefined;
    },
  },
  {
    name: 'sheet-damage-down-and-out-idempotent',
    description:
      'Stateful (issue 19): POST /v1/campaigns/{id}/characters/{cid}/damage with a referee key and a unique ' +
      'Idempotency-Key: COEAC damage to a character already down (0 HP), so every blow reads the sheet, ' +
      'rolls the Down and Out table (Resilience: max HP +1) and applies the result through the condition ' +
      'ledger, keeps the harm state on the sheet, logs the roll and stores the answer, in one SQLite ' +
      'transaction. The inventory is read only when the table says Broken Gear (then the procedure runs ' +
      'again on the same seed with the items). A fixed seed whose table result is not death keeps every ' +
      'request on the same path',
    server: 'app',
    baseline: 'character-purchase-idempotent',
    target: 0.8,
    setup: async (baseUrl) => {
      const campaign = await createCampaign(baseUrl);
      const character = await createCharacter(baseUrl, campaign, { name: 'Stumbler' });
      const at = `${baseUrl}/v1/campaigns/${campaign.id}/characters/${character.id}`;
      const headers = { 'content-type': 'application/json', ...campaign.auth };
      const sheet = await fetch(`${at}/sheets/coeac`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          sheet: {
            skills: { Streetwise: 3, Medicine: 2, Stealth: 1 },
            saves: { Vigor: 2, Wits: 2 },
            hp: 0,
            maxHp: 6,
            harm: { state: 'down-and-out' },
          },
        }),
      });
      if (sheet.status !== 200) throw new Error(`PUT sheet answered ${sheet.status}: ${await sheet.text()}`);
      for (const name of ['Rope', 'Lantern', 'Crowbar', 'Tent']) {
        const item = await fetch(`${at}/inventory`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name, kind: 'gear' }),
        });
        if (item.status !== 201) throw new Error(`POST item answered ${item.status}: ${await item.text()}`);
      }
      // A seed whose 2d6 is not 5, 7 or 9 (death, or max HP lost until it kills): the same heavy path.
      let seed = '';
      for (let i = 0; i < 200 && !seed; i++) {
        const probe = await fetch(`${baseUrl}/v1/harm/coeac/down-and-out`, {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify({ seed: `bench-dao-${i}` }),
        });
        const body = (await probe.json()) as { result?: string };
        if (!['death', 'lingering-injury'].includes(body.result ?? 'death')) seed = `bench-dao-${i}`;
      }
      if (!seed) throw new Error('no seed keeps the Down and Out roll off death');
      return { campaignId: campaign.id, refereeKey: campaign.refereeKey, characterId: character.id, seed };
    },
    perRequest: true,
    request: refereePost(
      'harm-',
      (state) => `/v1/campaigns/${state.campaignId}/characters/${state.characterId}/damage`,
      (state) => ({ system: 'coeac', amount: 2, seed: state.seed }),
    ),
    verify: (body) => {
      const answer = body as { state?: unknown; rollId?: unknown; detail?: { downAndOut?: unknown } } | null;
      if (answer?.state !== 'down-and-out' || typeof answer.rollId !== 'string' || !answer.detail?.downAndOut)
        return 'not a Down and Out damage answer';
      return undefined;
    },
  },
  {
    name: 'combat-attack-applies-damage-idempotent',
    description:
      'Stateful (issue 20): POST /v1/campaigns/{id}/combats/{cid}/attacks with a referee key and a unique ' +
      'Idempotency-Key: a Cairn attack by a character on an NPC whose numbers are hidden. Every request reads ' +
      'both sheets once (the target with what the server derives), rolls combat.cairn-action on the stored ' +
      'numbers (the attack and the harm on one stream), logs that one roll sealed, writes the harm through ' +
      'SheetHarmService.applyDamage (its computed option: no second read, no second roll; the condition ' +
      'ledger names the roll) and stores the answer, in one SQLite transaction. The blows are spread over 99 NPCs ' +
      'of 1000 HP (the most an attack reads), so every request takes the same path',
    server: 'app',
    baseline: 'character-purchase-idempotent',
    target: 0.8,
    setup: async (baseUrl) => {
      const campaign = await createCampaign(baseUrl);
      const character = await createCharacter(baseUrl, campaign, { name: 'Fighter' });
      const headers = { 'content-type': 'application/json', ...campaign.auth };
      const base = `${baseUrl}/v1/campaigns/${campaign.id}`;
      const put = async (path: string, sheet: object) => {
        const res = await fetch(`${base}/${path}/sheets/cairn`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ sheet }),
        });
        if (res.status !== 200) throw new Error(`PUT sheet answered ${res.status}: ${await res.text()}`);
      };
      await put(`characters/${character.id}`, {
        str: { max: 12 },
        dex: { max: 10 },
        wil: { max: 9 },
        maxHp: 6,
      });
      const npcs: string[] = [];
      for (let i = 0; i < 99; i++) {
        const npc = await postJson<{ id: string }>(
          baseUrl,
          `/v1/campaigns/${campaign.id}/npcs`,
          { name: `Troll ${i + 1}`, kind: 'monster' },
          campaign.auth,
        );
        await put(`npcs/${npc.id}`, { str: { max: 18 }, dex: { max: 10 }, wil: { max: 9 }, maxHp: 1000 });
        npcs.push(npc.id);
      }
      const combat = await postJson<{ id: string }>(
        baseUrl,
        `/v1/campaigns/${campaign.id}/combats`,
        {
          system: 'cairn',
          combatants: [
            { characterId: character.id, side: 'party' },
            ...npcs.map((npcId) => ({ npcId, side: 'foes' })),
          ],
        },
        campaign.auth,
      );
      return {
        campaignId: campaign.id,
        refereeKey: campaign.refereeKey,
        combatId: combat.id,
        attacker: character.id,
        targets: npcs.join(','),
      };
    },
    perRequest: true,
    request: refereePost(
      'combat-',
      (state) => `/v1/campaigns/${state.campaignId}/combats/${state.combatId}/attacks`,
      (state, seq) => {
        const targets = state.targets.split(',');
        // The same attacker every request: the referee grants each attack beyond the turn's one (CA-17).
        return {
          attacker: state.attacker,
          target: targets[seq % targets.length],
          die: 'd4',
          extraAction: true,
        };
      },
    ),
    verify: (body) => {
      const answer = body as { rollId?: unknown; damage?: { rollId?: unknown; entries?: unknown[] } } | null;
      if (typeof answer?.rollId !== 'string' || typeof answer.damage?.rollId !== 'string')
        return 'not a combat attack answer';
      return undefined;
    },
  },
  {
    name: 'combat-coeac-exchange-idempotent',
    description:
      'Stateful (issue 20): POST /v1/campaigns/{id}/combats/{cid}/actions with a referee key and a unique ' +
      'Idempotency-Key: a COEAC exchange by a character on an NPC whose numbers are hidden. Every request reads ' +
      'the two sheets it needs (actor, defender) once, rolls ONE combat.coeac-action (the exchange on the pools ' +
      'they give and the harm to each sheet) and logs it sealed, writes the damage through ' +
      'SheetHarmService.applyDamage with the computed harm (the condition ledger, no second roll) and stores the ' +
      'answer, in one SQLite transaction. The referee grants ' +
      'each request another combat check (extraCheck) and the NPCs do not threaten, so every request takes ' +
      'the same path; the blows are spread over 99 NPCs of 10000 HP (the most the harm core reads)',
    server: 'app',
    baseline: 'character-purchase-idempotent',
    target: 0.8,
    setup: async (baseUrl) => {
      const campaign = await createCampaign(baseUrl);
      const character = await createCharacter(baseUrl, campaign, { name: 'Fighter' });
      const headers = { 'content-type': 'application/json', ...campaign.auth };
      const base = `${baseUrl}/v1/campaigns/${campaign.id}`;
      const put = async (path: string, sheet: object) => {
        const res = await fetch(`${base}/${path}/sheets/coeac`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ sheet }),
        });
        if (res.status !== 200) throw new Error(`PUT sheet answered ${res.status}: ${await res.text()}`);
      };
      await put(`characters/${character.id}`, { skills: { Melee: 2 }, saves: { Vigor: 1 }, maxHp: 10000 });
      const npcs: string[] = [];
      for (let i = 0; i < 99; i++) {
        const npc = await postJson<{ id: string }>(
          baseUrl,
          `/v1/campaigns/${campaign.id}/npcs`,
          { name: `Orc ${i + 1}`, kind: 'monster' },
          campaign.auth,
        );
        await put(`npcs/${npc.id}`, { pool: 3, maxHp: 10000 });
        npcs.push(npc.id);
      }
      const combat = await postJson<{ id: string }>(
        baseUrl,
        `/v1/campaigns/${campaign.id}/combats`,
        {
          system: 'coeac',
          combatants: [
            { characterId: character.id, side: 'party' },
            ...npcs.map((npcId) => ({ npcId, side: 'foes' })),
          ],
        },
        campaign.auth,
      );
      return {
        campaignId: campaign.id,
        refereeKey: campaign.refereeKey,
        combatId: combat.id,
        attacker: character.id,
        targets: npcs.join(','),
      };
    },
    perRequest: true,
    request: refereePost(
      'combat-coeac-',
      (state) => `/v1/campaigns/${state.campaignId}/combats/${state.combatId}/actions`,
      (state, seq) => {
        const targets = state.targets.split(',');
        return {
          actor: state.attacker,
          kind: 'exchange',
          targets: [targets[seq % targets.length]],
          coeac: { skill: 'Melee', extraCheck: true, defenderThreatens: false },
        };
      },
    ),
    verify: (body) => {
      const answer = body as { rollId?: unknown; coeac?: { exchange?: { winner?: unknown } } } | null;
      if (typeof answer?.rollId !== 'string' || typeof answer.coeac?.exchange?.winner !== 'string')
        return 'not a COEAC exchange answer';
      return undefined;
    },
  },
  {
    name: 'combat-gm-attack-idempotent',
    description:
      'Stateful (issue 20): POST /v1/campaigns/{id}/combats/{cid}/actions with a referee key and a unique ' +
      'Idempotency-Key: a G&M attack action by a character on an immobile NPC (+10: every blow lands). Every ' +
      'request reads both G&M sheets with what the server derives (Fighting Art, attack and damage bonuses, ' +
      'defence, reactions; the actor’s sheet once, the target’s once, locked), rolls ONE roll combat.gm-action ' +
      '(the attack and the target’s G&M damage: forced injuries, the consciousness roll) on the stored numbers, ' +
      'logs it, writes the damage through SheetHarmService.applyDamage’s computed option (no second read or ' +
      'roll; the ledger) and stores the answer, in one SQLite transaction. The blows are spread over 99 NPCs of ' +
      '10000 survival',
    server: 'app',
    baseline: 'character-purchase-idempotent',
    target: 0.8,
    setup: async (baseUrl) => {
      const campaign = await createCampaign(baseUrl);
      const character = await createCharacter(baseUrl, campaign, { name: 'Fighter' });
      const headers = { 'content-type': 'application/json', ...campaign.auth };
      const base = `${baseUrl}/v1/campaigns/${campaign.id}`;
      const abilities = {
        strength: 14,
        agility: 12,
        endurance: 13,
        intelligence: 10,
        wisdom: 10,
        charisma: 10,
      };
      const put = async (path: string, sheet: object) => {
        const res = await fetch(`${base}/${path}/sheets/gm`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ sheet }),
        });
        if (res.status !== 200) throw new Error(`PUT sheet answered ${res.status}: ${await res.text()}`);
      };
      await put(`characters/${character.id}`, {
        abilities,
        archetypes: [{ archetype: 'warrior', level: 2 }],
      });
      const npcs: string[] = [];
      for (let i = 0; i < 99; i++) {
        const npc = await postJson<{ id: string }>(
          baseUrl,
          `/v1/campaigns/${campaign.id}/npcs`,
          { name: `Yeti ${i + 1}`, kind: 'monster' },
          campaign.auth,
        );
        await put(`npcs/${npc.id}`, {
          abilities,
          archetypes: [{ archetype: 'warrior', level: 1 }],
          survival: { max: 10000, current: 10000 },
        });
        npcs.push(npc.id);
      }
      const combat = await postJson<{ id: string }>(
        baseUrl,
        `/v1/campaigns/${campaign.id}/combats`,
        {
          system: 'gm',
          combatants: [
            { characterId: character.id, side: 'party' },
            ...npcs.map((npcId) => ({ npcId, side: 'foes' })),
          ],
        },
        campaign.auth,
      );
      return {
        campaignId: campaign.id,
        refereeKey: campaign.refereeKey,
        combatId: combat.id,
        attacker: character.id,
        targets: npcs.join(','),
      };
    },
    perRequest: true,
    request: refereePost(
      'combat-gm-',
      (state) => `/v1/campaigns/${state.campaignId}/combats/${state.combatId}/actions`,
      (state, seq) => {
        const targets = state.targets.split(',');
        return {
          actor: state.attacker,
          kind: 'attack',
          targets: [targets[seq % targets.length]],
          // The same attacker every request: the referee grants each one beyond the round's action (CB4).
          gm: { weapon: 'd4', nonDefending: 'immobile', attackBonus: 10, extraAction: true },
        };
      },
    ),
    verify: (body) => {
      const answer = body as {
        rollId?: unknown;
        gm?: { attack?: { hit?: unknown } };
        targets?: { damage?: { rollId?: unknown } | null }[];
      } | null;
      if (typeof answer?.rollId !== 'string' || answer.gm?.attack?.hit !== true)
        return 'not a G&M attack action answer';
      if (typeof answer.targets?.[0]?.damage?.rollId !== 'string') return 'the damage was not applied';
      return undefined;
    },
  },
];

/**
 * Strongholds to found for the improvement case: one per request of the whole run (warm-up and
 * measured, every round) at a rate well above what one SQLite process serves, or per the cap.
 */
function strongholdsNeeded(env: NodeJS.ProcessEnv = process.env): number {
  const num = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const rounds = num('BENCH_ROUNDS', 1);
  const seconds = num('BENCH_SECONDS', 10) + num('BENCH_WARMUP_SECONDS', 2);
  const cap = num('BENCH_MAX_REQUESTS', 0);
  const perRun = cap > 0 ? Math.min(cap, 3000 * seconds) : 3000 * seconds;
  return perRun * rounds + 10;
}

/** Founds `count` rank-0 strongholds for one character, 400 to a GraphQL document. */
async function foundStrongholds(
  baseUrl: string,
  campaign: { id: string; refereeKey: string },
  ownerCharacterId: string,
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < count) {
    const batch = Math.min(400, count - ids.length);
    const fields = Array.from(
      { length: batch },
      (_, i) =>
        `s${i}: strongholdCreate(campaignId: $c, input: { name: "Keep", ownerCharacterId: $o }) { id }`,
    ).join(' ');
    const answer = await postJson<{ data?: Record<string, { id: string }>; errors?: unknown[] }>(
      baseUrl,
      '/graphql',
      {
        query: `mutation($c: ID!, $o: ID!) { ${fields} }`,
        variables: { c: campaign.id, o: ownerCharacterId },
      },
      { authorization: `Bearer ${campaign.refereeKey}` },
      200,
    );
    if (answer.errors || !answer.data)
      throw new Error(`founding strongholds: ${JSON.stringify(answer.errors)}`);
    for (let i = 0; i < batch; i++) ids.push(answer.data[`s${i}`].id);
  }
  return ids;
}

const parsedIds = new WeakMap<CaseState, string[]>();

/** The setup's stronghold ids, split once per case state. */
function strongholdIdsOf(state: CaseState): string[] {
  let ids = parsedIds.get(state);
  if (!ids) {
    ids = state.strongholdIds.split(',');
    parsedIds.set(state, ids);
  }
  return ids;
}

/** Starts `count` crafting projects (a 1-platinum item, one skill), 400 to a GraphQL document. */
async function startCraftingProjects(
  baseUrl: string,
  campaign: { id: string; refereeKey: string },
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < count) {
    const batch = Math.min(400, count - ids.length);
    const fields = Array.from(
      { length: batch },
      (_, i) =>
        `p${i}: craftingProjectCreate(campaignId: $c, input: { item: "Sabre", price: 100, skills: ["smithing"] }) { id }`,
    ).join(' ');
    const answer = await postJson<{ data?: Record<string, { id: string }>; errors?: unknown[] }>(
      baseUrl,
      '/graphql',
      { query: `mutation($c: ID!) { ${fields} }`, variables: { c: campaign.id } },
      { authorization: `Bearer ${campaign.refereeKey}` },
      200,
    );
    if (answer.errors || !answer.data) throw new Error(`starting projects: ${JSON.stringify(answer.errors)}`);
    for (let i = 0; i < batch; i++) ids.push(answer.data[`p${i}`].id);
  }
  return ids;
}

const parsedProjectIds = new WeakMap<CaseState, string[]>();

/** The setup's crafting project ids, split once per case state. */
function projectIdsOf(state: CaseState): string[] {
  let ids = parsedProjectIds.get(state);
  if (!ids) {
    ids = state.projectIds.split(',');
    parsedProjectIds.set(state, ids);
  }
  return ids;
}

/** Places `count` discovered 7-Cash hordes, 400 to a GraphQL document. */
async function placeHordes(
  baseUrl: string,
  campaign: { id: string; refereeKey: string },
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < count) {
    const batch = Math.min(400, count - ids.length);
    const fields = Array.from(
      { length: batch },
      (_, i) =>
        `h${i}: hordeCreate(campaignId: $c, input: { site: "Bench", cash: 7, discovered: true }) { id }`,
    ).join(' ');
    const answer = await postJson<{ data?: Record<string, { id: string }>; errors?: unknown[] }>(
      baseUrl,
      '/graphql',
      { query: `mutation($c: ID!) { ${fields} }`, variables: { c: campaign.id } },
      { authorization: `Bearer ${campaign.refereeKey}` },
      200,
    );
    if (answer.errors || !answer.data) throw new Error(`placing hordes: ${JSON.stringify(answer.errors)}`);
    for (let i = 0; i < batch; i++) ids.push(answer.data[`h${i}`].id);
  }
  return ids;
}

const parsedHordeIds = new WeakMap<CaseState, string[]>();

/** The setup's horde ids, split once per case state. */
function hordeIdsOf(state: CaseState): string[] {
  let ids = parsedHordeIds.get(state);
  if (!ids) {
    ids = state.hordeIds.split(',');
    parsedHordeIds.set(state, ids);
  }
  return ids;
}

/** Creates `count` characters, each with a first-level G&M warrior sheet, 200 to a GraphQL document. */
async function createGmCharacters(
  baseUrl: string,
  campaign: { id: string; refereeKey: string },
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  const auth = { authorization: `Bearer ${campaign.refereeKey}` };
  const sheet = {
    abilities: { strength: 16, agility: 9, endurance: 15, intelligence: 10, wisdom: 11, charisma: 8 },
    archetypes: [{ archetype: 'warrior', level: 1 }],
  };
  while (ids.length < count) {
    const batch = Math.min(200, count - ids.length);
    const made = Array.from(
      { length: batch },
      (_, i) => `c${i}: createCharacter(campaignId: $c, input: { name: "Adept ${ids.length + i}" }) { id }`,
    ).join(' ');
    const created = await postJson<{ data?: Record<string, { id: string }>; errors?: unknown[] }>(
      baseUrl,
      '/graphql',
      { query: `mutation($c: ID!) { ${made} }`, variables: { c: campaign.id } },
      auth,
      200,
    );
    if (created.errors || !created.data)
      throw new Error(`creating characters: ${JSON.stringify(created.errors)}`);
    const batchIds = Array.from({ length: batch }, (_, i) => created.data![`c${i}`].id);
    const sheets = batchIds
      .map(
        (id, i) =>
          `s${i}: putCharacterSheet(campaignId: $c, characterId: "${id}", system: gm, input: $s) { updatedAt }`,
      )
      .join(' ');
    const put = await postJson<{ data?: unknown; errors?: unknown[] }>(
      baseUrl,
      '/graphql',
      {
        query: `mutation($c: ID!, $s: PutSheetInput!) { ${sheets} }`,
        variables: { c: campaign.id, s: { sheet } },
      },
      auth,
      200,
    );
    if (put.errors) throw new Error(`putting sheets: ${JSON.stringify(put.errors)}`);
    ids.push(...batchIds);
  }
  return ids;
}

const parsedGmCharacterIds = new WeakMap<CaseState, string[]>();

/** The setup's character ids, split once per case state. */
function gmCharacterIdsOf(state: CaseState): string[] {
  let ids = parsedGmCharacterIds.get(state);
  if (!ids) {
    ids = state.characterIds.split(',');
    parsedGmCharacterIds.set(state, ids);
  }
  return ids;
}
