/**
 * The growth tier (issue 41): does a request cost the same in a large campaign as in a small one?
 * One app server (a child process, as `run.ts` starts it) on one temporary SQLite file; a small and a
 * large campaign built through the API itself (logged rolls, characters, Cash ledger entries, a combat
 * of several combatants); then every operation below is timed in interleaved rounds, small and large
 * alternately, one request at a time, and reported as the large ÷ small ratio of p50, p99 and the
 * server's CPU per request. Lists and reads must stay ≤ 1.2×; the combat read grows with its answer
 * (its bytes are reported). Last, the server's resident memory after a steady minute.
 *
 *   npm run bench:growth                       # the full sizes; writes bench/results/growth-latest.json
 *   GROWTH_SMOKE=1 node dist/bench/growth.js   # small sizes, a few seconds; writes nothing
 *
 * On request only: not part of `npm test`, `npm run bench` or CI.
 */
import { mkdtempSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CampaignFixture, createCampaign, createCharacter, postJson } from './fixtures';
import { RunningServer, ServerPool } from './servers';

interface Size {
  rolls: number;
  characters: number;
  ledger: number;
  combatants: number;
}

const SMOKE = process.env.GROWTH_SMOKE === '1';
/*
 * The small campaign holds more than two pages of characters and ledger entries (not the 10 of the
 * issue's first sketch): with fewer than a page, its "later page" answered 10 characters or a handful
 * of entries against the large campaign's 25, and the ratios measured the page's length (1.4–2.9×),
 * not the campaign's size. Every page below is a full page in both campaigns (issue 41).
 */
const SMALL: Size = { rolls: 1_000, characters: 60, ledger: 60, combatants: 3 };
const LARGE: Size = SMOKE
  ? { rolls: 3_000, characters: 200, ledger: 300, combatants: 12 }
  : { rolls: 100_000, characters: 5_000, ledger: 20_000, combatants: 100 };
const ROUNDS = Number(process.env.GROWTH_ROUNDS ?? (SMOKE ? 2 : 6));
const PER_ROUND = Number(process.env.GROWTH_REQUESTS ?? (SMOKE ? 20 : 150));
const STEADY_MS = SMOKE ? 1_000 : 60_000;
/** Requests kept in flight while building (the build is not measured). */
const BUILD_CONCURRENCY = 8;
const LIMIT = 25;
const FLAT = 1.2;

/** A campaign built to a size, and what its requests need. */
interface Built {
  size: Size;
  campaign: CampaignFixture;
  characterId: string;
  combatId: string;
  characterCursors: string[];
  rolls: { low: number; high: number };
  ledger: { low: number; high: number };
  rollIds: string[];
}

const cursor = (parts: Array<string | number>) => Buffer.from(JSON.stringify(parts)).toString('base64url');
const uncursor = (next: string) =>
  JSON.parse(Buffer.from(next, 'base64url').toString()) as Array<string | number>;
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

async function getJson<T>(baseUrl: string, path: string, auth: Record<string, string>): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: auth });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Runs `count` calls of `task`, `BUILD_CONCURRENCY` at a time. */
async function inParallel(count: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: BUILD_CONCURRENCY }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

async function build(baseUrl: string, size: Size, label: string): Promise<Built> {
  const started = Date.now();
  const campaign = await createCampaign(baseUrl, `Growth ${label}`);
  const auth = campaign.auth;
  const base = `/v1/campaigns/${campaign.id}`;
  const shopper = await createCharacter(baseUrl, campaign, { name: 'Shopper', wealth: 0, cash: 1_000_000 });
  await inParallel(size.characters - 1, (i) =>
    createCharacter(baseUrl, campaign, { name: `Character ${i}` }),
  );
  // Each purchase writes one Cash ledger entry and logs one roll; pool checks log the other rolls.
  await inParallel(size.ledger, () =>
    postJson(
      baseUrl,
      `${base}/characters/${shopper.id}/purchases`,
      { cost: 1, wager: 1, item: 'torch' },
      auth,
    ),
  );
  await inParallel(Math.max(0, size.rolls - size.ledger), () =>
    postJson(baseUrl, `${base}/checks/pool`, { pool: 4, objective: 2 }, auth),
  );
  const npcs: string[] = [];
  for (let i = 0; i < size.combatants - 1; i++) {
    const npc = await postJson<{ id: string }>(
      baseUrl,
      `${base}/npcs`,
      { name: `Foe ${i}`, kind: 'monster' },
      auth,
    );
    const res = await fetch(`${baseUrl}${base}/npcs/${npc.id}/sheets/cairn`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ sheet: { str: { max: 12 }, dex: { max: 10 }, wil: { max: 9 }, maxHp: 6 } }),
    });
    if (res.status !== 200) throw new Error(`PUT sheet answered ${res.status}`);
    npcs.push(npc.id);
  }
  const sheet = await fetch(`${baseUrl}${base}/characters/${shopper.id}/sheets/cairn`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ sheet: { str: { max: 12 }, dex: { max: 10 }, wil: { max: 9 }, maxHp: 6 } }),
  });
  if (sheet.status !== 200) throw new Error(`PUT sheet answered ${sheet.status}`);
  const combat = await postJson<{ id: string }>(
    baseUrl,
    `${base}/combats`,
    {
      system: 'cairn',
      combatants: [
        { characterId: shopper.id, side: 'party' },
        ...npcs.map((npcId) => ({ npcId, side: 'foes' })),
      ],
    },
    auth,
  );
  // Cursors into every part of the character list (its keyset is (createdAt, id), not a number),
  // each followed by a full page: the last is dropped when the page after it is short.
  const characterCursors: string[] = [];
  let after: string | null = null;
  let lastLength: number;
  do {
    const page: { next: string | null; items: unknown[] } = await getJson(
      baseUrl,
      `${base}/characters?limit=${LIMIT}${after ? `&after=${after}` : ''}`,
      auth,
    );
    after = page.next;
    lastLength = page.items.length;
    if (after) characterCursors.push(after);
  } while (after);
  if (lastLength < LIMIT) characterCursors.pop();
  if (characterCursors.length === 0) throw new Error(`the ${label} campaign has no later full page`);
  // The roll log's and the ledger's keysets are their `seq`: any number in range is a cursor.
  const range = async (path: string) => {
    const oldest = await getJson<{ next: string }>(baseUrl, `${path}?limit=1`, auth);
    const low = Number(uncursor(oldest.next)[0]);
    return low;
  };
  // Newest first, the cursor after LIMIT + 1 rolls: a page after any cursor up to it is full.
  const newest = await getJson<{ next: string; items: Array<{ id: string }> }>(
    baseUrl,
    `${base}/rolls?limit=${LIMIT + 1}&order=desc`,
    auth,
  );
  const rolls = { low: await range(`${base}/rolls`), high: Number(uncursor(newest.next)[0]) };
  const ledgerLow = await range(`${base}/characters/${shopper.id}/ledger`);
  // The shopper's entries are seq ledgerLow … ledgerLow + size − 1: a cursor up to `high` leaves a full page.
  const ledger = { low: ledgerLow, high: ledgerLow + size.ledger - 1 - LIMIT };
  if (ledger.high < ledger.low) throw new Error(`the ${label} ledger is shorter than two pages`);
  const rollIds: string[] = [];
  for (let i = 0; i < 20; i++) {
    const page = await getJson<{ items: Array<{ id: string }> }>(
      baseUrl,
      `${base}/rolls?limit=10&after=${cursor([between(rolls.low, rolls.high)])}`,
      auth,
    );
    rollIds.push(...page.items.map((r) => r.id));
  }
  console.log(
    `built the ${label} campaign (${JSON.stringify(size)}) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return {
    size,
    campaign,
    characterId: shopper.id,
    combatId: combat.id,
    characterCursors,
    rolls,
    ledger,
    rollIds,
  };
}

interface Operation {
  name: string;
  path: (b: Built) => string;
  /** Reads whose answer grows with the campaign (the combat: every combatant) are not held to FLAT. */
  grows?: boolean;
}

const OPERATIONS: Operation[] = [
  { name: 'characters, first page', path: () => `/characters?limit=${LIMIT}` },
  {
    name: 'characters, a later page',
    path: (b) => `/characters?limit=${LIMIT}&after=${pick(b.characterCursors)}`,
  },
  { name: 'roll log, first page', path: () => `/rolls?limit=${LIMIT}` },
  {
    name: 'roll log, a page anywhere',
    path: (b) => `/rolls?limit=${LIMIT}&after=${cursor([between(b.rolls.low, b.rolls.high)])}`,
  },
  { name: 'roll log newest first', path: () => `/rolls?limit=${LIMIT}&order=desc` },
  { name: 'a roll by id', path: (b) => `/rolls/${pick(b.rollIds)}` },
  { name: 'Cash ledger, first page', path: (b) => `/characters/${b.characterId}/ledger?limit=${LIMIT}` },
  {
    name: 'Cash ledger, a page anywhere',
    path: (b) =>
      `/characters/${b.characterId}/ledger?limit=${LIMIT}&after=${cursor([between(b.ledger.low, b.ledger.high)])}`,
  },
  { name: 'combat read', path: (b) => `/combats/${b.combatId}`, grows: true },
];

interface Sample {
  /** Items in the answers of a list (summed), to show both sizes answer pages of one length. */
  items: number;
  micros: number[];
  cpuMicros: number;
  requests: number;
  bytes: number;
}

async function measure(server: RunningServer, built: Built, op: Operation, sample: Sample): Promise<void> {
  const cpu = await server.cpuMicros();
  for (let i = 0; i < PER_ROUND; i++) {
    const started = process.hrtime.bigint();
    const response = await fetch(`${server.baseUrl}/v1/campaigns/${built.campaign.id}${op.path(built)}`, {
      headers: built.campaign.auth,
    });
    const text = await response.text();
    sample.micros.push(Number(process.hrtime.bigint() - started) / 1000);
    if (response.status !== 200) throw new Error(`${op.name}: ${response.status} ${text.slice(0, 300)}`);
    sample.bytes = text.length;
    const answer = JSON.parse(text) as { items?: unknown[] };
    sample.items += Array.isArray(answer.items) ? answer.items.length : 0;
  }
  sample.cpuMicros += (await server.cpuMicros()) - cpu;
  sample.requests += PER_ROUND;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Resident memory of a process (Linux), in MiB. */
function residentMiB(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kib ? Number(kib) / 1024 : null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-growth-'));
  const pool = new ServerPool();
  process.on('exit', () => pool.killAllNow());
  try {
    const server = await pool.start({
      name: 'app',
      script: 'app-server.js',
      env: { DATABASE_PATH: join(dir, 'arbiter.sqlite'), LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' },
    });
    const small = await build(server.baseUrl, SMALL, 'small');
    const large = await build(server.baseUrl, LARGE, 'large');
    const samples = new Map<string, { small: Sample; large: Sample }>();
    const empty = (): Sample => ({ items: 0, micros: [], cpuMicros: 0, requests: 0, bytes: 0 });
    for (const op of OPERATIONS) samples.set(op.name, { small: empty(), large: empty() });
    // A warm-up round, unmeasured; then rounds alternating which size goes first.
    for (const op of OPERATIONS) {
      await measure(server, small, op, empty());
      await measure(server, large, op, empty());
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const op of OPERATIONS) {
        const s = samples.get(op.name) as { small: Sample; large: Sample };
        const order: Array<[Built, Sample]> = [
          [small, s.small],
          [large, s.large],
        ];
        if (round % 2 === 1) order.reverse();
        for (const [built, sample] of order) await measure(server, built, op, sample);
      }
    }
    const results = OPERATIONS.map((op) => {
      const { small: s, large: l } = samples.get(op.name) as { small: Sample; large: Sample };
      const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
      const p50 = ratio(percentile(l.micros, 50), percentile(s.micros, 50));
      const p99 = ratio(percentile(l.micros, 99), percentile(s.micros, 99));
      const cpu = ratio(l.cpuMicros / l.requests, s.cpuMicros / s.requests);
      return {
        operation: op.name,
        p50: {
          small: Math.round(percentile(s.micros, 50)),
          large: Math.round(percentile(l.micros, 50)),
          ratio: p50,
        },
        p99: {
          small: Math.round(percentile(s.micros, 99)),
          large: Math.round(percentile(l.micros, 99)),
          ratio: p99,
        },
        cpuPerRequest: {
          small: Math.round(s.cpuMicros / s.requests),
          large: Math.round(l.cpuMicros / l.requests),
          ratio: cpu,
        },
        bytes: { small: s.bytes, large: l.bytes },
        itemsPerAnswer: {
          small: Number((s.items / s.requests).toFixed(1)),
          large: Number((l.items / l.requests).toFixed(1)),
        },
        held: !op.grows,
        flat: op.grows ? null : p50 <= FLAT && cpu <= FLAT,
      };
    });
    await new Promise((resolve) => setTimeout(resolve, STEADY_MS));
    const memoryMiB = residentMiB(server.pid);
    console.log(
      `\n${'operation'.padEnd(30)} ${'p50 ×'.padStart(7)} ${'p99 ×'.padStart(7)} ${'CPU ×'.padStart(7)}  bytes (small → large)`,
    );
    for (const r of results) {
      console.log(
        `${r.operation.padEnd(30)} ${r.p50.ratio.toFixed(2).padStart(7)} ${r.p99.ratio.toFixed(2).padStart(7)} ` +
          `${r.cpuPerRequest.ratio.toFixed(2).padStart(7)}  ${r.bytes.small} → ${r.bytes.large}` +
          `${r.itemsPerAnswer.large > 0 ? ` (${r.itemsPerAnswer.small} → ${r.itemsPerAnswer.large} items)` : ''}` +
          `${r.held ? (r.flat ? '' : '  NOT FLAT') : '  (grows with its answer)'}`,
      );
    }
    console.log(
      `\nserver memory after a steady ${STEADY_MS / 1000} s: ${memoryMiB?.toFixed(0) ?? '?'} MiB resident`,
    );
    const report = {
      date: new Date().toISOString(),
      smoke: SMOKE,
      sizes: { small: SMALL, large: LARGE },
      rounds: ROUNDS,
      requestsPerRound: PER_ROUND,
      flatBound: FLAT,
      results,
      memoryMiB,
    };
    if (!SMOKE) {
      const out = join(__dirname, '..', '..', 'bench', 'results', 'growth-latest.json');
      writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
      console.log(`written to ${out}`);
    }
    const notFlat = results.filter((r) => r.held && !r.flat);
    if (notFlat.length > 0 && !SMOKE) process.exitCode = 1;
  } finally {
    await pool.stopAll();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
