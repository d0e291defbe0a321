import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { DATABASE_KIND, startApp, TestApp } from './harness';

/*
 * Issue 39: model-based sessions. For each system, fast-check plays random sessions of 50 to 200
 * actions (harm, rests, checks, hazards, the clock, GraphQL beside REST) against the whole service on
 * this test's database, and checks after every step what the rule documents say must hold, written
 * here independently of the engine:
 *
 * - no answer is a 5xx; a refusal is a 4xx with a code;
 * - tracked values stay within their bounds (HP between 0 and its maximum, survival and verve under
 *   their maxima, injuries never negative);
 * - the thresholds: COEAC at 0 HP is down and out or dead, an NPC out instead (003:201, 920); Cairn
 *   at STR 0 is dead, and an NPC never holds a scar (004:76, 115); Archsoul below −2×Endurance is dead
 *   (002:32); G&M survival gone and injuries past Endurance... is left to the engine's own tests;
 * - death is final: no action brings a dead character back;
 * - a character who cannot act (down and out, critical, unconscious, dying, dead) has its checks
 *   refused with 409, and one who can act has them answered;
 * - the campaign audit (`GET …/audit`) finds every roll replaying and every sheet equal to the fold
 *   of its condition ledger, every 25 steps and at the end.
 *
 * MODEL_RUNS sessions per system (12 by default, to keep `npm test` inside CI's time; `npm run
 * test:model` plays 200 on SQLite). Each session's seed is fast-check's, printed on a failure with
 * the shrunk list of actions that breaks it.
 */

const RUNS = Number(process.env.MODEL_RUNS ?? 12);
const CANNOT_ACT = ['down-and-out', 'critical', 'out', 'unconscious', 'dying', 'dead'];

type System = 'coeac' | 'cairn' | 'gm' | 'archsoul';
type Sheet = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Owner {
  kind: 'character' | 'npc';
  id: string;
  name: string;
}

interface Session {
  campaignId: string;
  auth: { authorization: string };
  owners: Owner[];
}

interface Model {
  /** Owners the model saw dead: death is final. */
  dead: Set<string>;
  /** Each owner's sheet as read after the last step. */
  sheets: Map<string, Sheet>;
  steps: number;
}

/** What the sessions of one system reached, so a test that exercised nothing fails. */
const reached = { states: new Set<string>(), answered: 0, refused: 0, steps: 0 };

/** What one system's sessions start from and may do. */
interface SystemPlay {
  pc: Sheet;
  npc: Sheet;
  rests: string[];
  check: Record<string, unknown>;
  hazard: fc.Arbitrary<Record<string, unknown>> | null;
  /** The documents' thresholds and bounds for one sheet; answers what is wrong, or null. */
  invariant(owner: Owner, sheet: Sheet): string | null;
}

const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const stateOf = (sheet: Sheet): string => sheet.harm?.state ?? 'up';

const PLAY: Record<System, SystemPlay> = {
  coeac: {
    pc: { maxHp: 8, saves: { Vigor: 2, Wits: 1 }, skills: { Medicine: 2, Fighting: 2 } },
    npc: { maxHp: 6, saves: { Vigor: 1 }, skills: { Fighting: 2 } },
    rests: ['short', 'long'],
    check: { system: 'coeac', skill: 'Fighting', objective: 1 },
    hazard: null,
    invariant(owner, s) {
      if (num(s.hp) < 0 || num(s.hp) > num(s.maxHp)) return `hp ${s.hp} outside 0..${s.maxHp}`;
      const state = stateOf(s);
      if (num(s.hp) === 0 && num(s.maxHp) > 0) {
        const allowed = owner.kind === 'npc' ? ['out', 'dead'] : ['down-and-out', 'dead'];
        if (!allowed.includes(state)) return `at 0 HP but ${state} (003:201, 920)`;
      }
      if (owner.kind === 'npc' && state === 'down-and-out') return 'an NPC rolled Down and Out (003:920)';
      return null;
    },
  },
  cairn: {
    pc: {
      maxHp: 4,
      str: { max: 10, current: 10 },
      dex: { max: 12, current: 12 },
      wil: { max: 9, current: 9 },
    },
    npc: {
      maxHp: 3,
      str: { max: 8, current: 8 },
      dex: { max: 10, current: 10 },
      wil: { max: 7, current: 7 },
    },
    rests: ['short', 'night', 'week'],
    check: { system: 'cairn', attribute: 'DEX' },
    hazard: null,
    invariant(owner, s) {
      if (num(s.hp) < 0 || num(s.hp) > num(s.maxHp)) return `hp ${s.hp} outside 0..${s.maxHp}`;
      for (const a of ['str', 'dex', 'wil']) {
        const v = s[a] as { current: number; max: number };
        if (v.current < 0 || v.current > v.max) return `${a} ${v.current} outside 0..${v.max}`;
      }
      if (s.str.current === 0 && stateOf(s) !== 'dead') return `STR 0 but ${stateOf(s)} (004:19)`;
      if (owner.kind === 'npc' && Array.isArray(s.scars) && s.scars.length > 0)
        return `an NPC holds scars ${JSON.stringify(s.scars)} (004:76, 115)`;
      return null;
    },
  },
  gm: {
    pc: {
      abilities: { strength: 14, agility: 12, endurance: 13, intelligence: 10, wisdom: 10, charisma: 10 },
      archetypes: [{ archetype: 'warrior', level: 2 }],
      survival: { max: 7, current: 7 },
      verve: { max: 9, current: 9 },
    },
    npc: {
      abilities: { strength: 12, agility: 10, endurance: 10, intelligence: 8, wisdom: 8, charisma: 8 },
      archetypes: [{ archetype: 'warrior', level: 1 }],
    },
    rests: ['night', 'day'],
    check: { system: 'gm', reaction: 'evasion' },
    hazard: fc.record({
      system: fc.constant('gm'),
      hazard: fc.constant('fall'),
      input: fc.record({ feet: fc.integer({ min: 5, max: 60 }) }),
    }),
    invariant(_owner, s) {
      for (const track of ['survival', 'verve']) {
        const v = s[track] as { current: number; max: number } | undefined;
        if (v && (v.current < 0 || v.current > v.max)) return `${track} ${v.current} outside 0..${v.max}`;
      }
      if (num(s.injuries?.current) < 0) return `injuries ${s.injuries.current} below 0`;
      return null;
    },
  },
  archsoul: {
    pc: { stats: { Endurance: 3, Resolve: 2, Strength: 2 }, maxHp: 8 },
    npc: { stats: { Endurance: 2, Strength: 2 }, maxHp: 5 },
    rests: ['night', 'hour'],
    check: { system: 'archsoul', stats: ['Strength'], difficulty: 3 },
    hazard: fc.record({
      system: fc.constant('archsoul'),
      hazard: fc.constant('fall'),
      input: fc.record({ meters: fc.integer({ min: 1, max: 20 }) }),
    }),
    invariant(_owner, s) {
      if (num(s.hp) > num(s.maxHp)) return `hp ${s.hp} above ${s.maxHp}`;
      const endurance = num(s.stats?.Endurance);
      const hp = num(s.hp) - num(s.belowZero);
      if (hp < -2 * endurance && stateOf(s) !== 'dead')
        return `HP ${hp} below −2×${endurance} but ${stateOf(s)} (002:32)`;
      return null;
    },
  },
};

describe(`model-based sessions: the engine keeps each system's rules whatever the order (${DATABASE_KIND})`, () => {
  let t: TestApp;
  let fastify: FastifyInstance;
  beforeAll(async () => {
    t = await startApp();
    fastify = t.app.getHttpAdapter().getInstance() as FastifyInstance;
  });
  afterAll(() => t.close());

  /** One request through Fastify's injection (no socket): the answer's status and JSON body. */
  async function call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    auth: Record<string, string>,
    payload?: object,
  ): Promise<{ status: number; body: Sheet }> {
    const res = await fastify.inject({ method, url, headers: { ...auth }, ...(payload ? { payload } : {}) });
    const body = res.body ? (JSON.parse(res.body) as unknown) : null;
    if (res.statusCode >= 500) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    if (method === 'POST') {
      if (res.statusCode < 300) reached.answered += 1;
      else reached.refused += 1;
    }
    if (res.statusCode >= 400 && typeof (body as { code?: unknown })?.code !== 'string')
      throw new Error(`${method} ${url} answered ${res.statusCode} without a problem code: ${res.body}`);
    return { status: res.statusCode, body: body as Sheet };
  }

  async function session(system: System): Promise<Session> {
    const created = await call('POST', '/v1/campaigns', {}, { name: `model ${system}` });
    const campaignId = created.body.id as string;
    const key = created.body.refereeKey as string;
    const auth = { authorization: `Bearer ${key}` };
    const owners: Owner[] = [];
    for (const name of ['Ada', 'Brann']) {
      const c = await call('POST', `/v1/campaigns/${campaignId}/characters`, auth, { name });
      owners.push({ kind: 'character', id: c.body.id, name });
      await call('PUT', `/v1/campaigns/${campaignId}/characters/${c.body.id}/sheets/${system}`, auth, {
        sheet: PLAY[system].pc,
      });
    }
    const npc = await call('POST', `/v1/campaigns/${campaignId}/npcs`, auth, {
      name: 'Goblin',
      kind: 'monster',
      visibility: 'players',
      showNumbers: true,
    });
    owners.push({ kind: 'npc', id: npc.body.id, name: 'Goblin' });
    await call('PUT', `/v1/campaigns/${campaignId}/npcs/${npc.body.id}/sheets/${system}`, auth, {
      sheet: PLAY[system].npc,
    });
    return { campaignId, auth, owners };
  }

  const ownerUrl = (s: Session, o: Owner) =>
    `/v1/campaigns/${s.campaignId}/${o.kind === 'npc' ? 'npcs' : 'characters'}/${o.id}`;

  /** Reads every sheet and holds each to the documents; death must stay final. */
  async function observe(system: System, s: Session, model: Model): Promise<void> {
    for (const o of s.owners) {
      const read = await call('GET', `${ownerUrl(s, o)}/sheets/${system}`, s.auth);
      expect(read.status).toBe(200);
      const sheet = read.body.sheet as Sheet;
      const wrong = PLAY[system].invariant(o, sheet);
      if (wrong)
        throw new Error(`${system} ${o.name}: ${wrong} after step ${model.steps}: ${JSON.stringify(sheet)}`);
      const state = stateOf(sheet);
      if (model.dead.has(o.id) && state !== 'dead')
        throw new Error(`${o.name} was dead and is now ${state} (step ${model.steps})`);
      if (state === 'dead') model.dead.add(o.id);
      reached.states.add(state);
      model.sheets.set(o.id, sheet);
    }
    model.steps += 1;
    reached.steps += 1;
    if (model.steps % 25 === 0) await audit(s);
  }

  async function audit(s: Session): Promise<void> {
    const res = await call('GET', `/v1/campaigns/${s.campaignId}/audit`, s.auth);
    expect(res.status).toBe(200);
    if (!res.body.ok) throw new Error(`the audit found differences: ${JSON.stringify(res.body)}`);
    expect(res.body.rolls.replayed).toBe(res.body.rolls.matched);
  }

  type Cmd = fc.AsyncCommand<Model, Session>;

  function commands(system: System): fc.Arbitrary<Cmd>[] {
    const play = PLAY[system];
    const who = fc.integer({ min: 0, max: 2 });
    const pc = fc.integer({ min: 0, max: 1 });
    const seed = fc.string({ minLength: 1, maxLength: 8 });
    const list: fc.Arbitrary<Cmd>[] = [
      fc
        .record({ who, amount: fc.integer({ min: 0, max: 7 }), seed })
        .map(({ who: i, amount, seed: sd }): Cmd => ({
          check: () => true,
          run: async (m, s) => {
            const o = s.owners[i];
            const res = await call('POST', `${ownerUrl(s, o)}/damage`, s.auth, { system, amount, seed: sd });
            expect([201, 409, 422]).toContain(res.status);
            await observe(system, s, m);
          },
          toString: () => `damage(${i}, ${amount}, ${JSON.stringify(sd)})`,
        })),
      fc
        .record({ who: pc, amount: fc.integer({ min: 1, max: 6 }), seed })
        .map(({ who: i, amount, seed: sd }): Cmd => ({
          check: () => true,
          run: async (m, s) => {
            const o = s.owners[i];
            const res = await call('POST', '/graphql', s.auth, {
              query: `mutation($c: ID!, $h: ID!, $a: Int!, $s: String) { damageCharacter(campaignId: $c,
                characterId: $h, input: { system: ${system}, amount: $a, seed: $s }) { state } }`,
              variables: { c: s.campaignId, h: o.id, a: amount, s: sd },
            });
            expect(res.status).toBe(200);
            for (const e of res.body.errors ?? [])
              expect(['CONFLICT', 'UNPROCESSABLE']).toContain(e.extensions?.code);
            await observe(system, s, m);
          },
          toString: () => `damageViaGraphQL(${i}, ${amount})`,
        })),
      fc
        .record({ who: pc, kind: fc.constantFrom(...play.rests), seed })
        .map(({ who: i, kind, seed: sd }): Cmd => ({
          check: () => true,
          run: async (m, s) => {
            const res = await call('POST', `${ownerUrl(s, s.owners[i])}/rests`, s.auth, {
              system,
              kind,
              seed: sd,
            });
            expect([201, 409, 422]).toContain(res.status);
            await observe(system, s, m);
          },
          toString: () => `rest(${i}, ${kind})`,
        })),
      fc.record({ who: pc, seed }).map(({ who: i, seed: sd }): Cmd => ({
        check: () => true,
        run: async (m, s) => {
          const o = s.owners[i];
          const sheet = m.sheets.get(o.id) ?? {};
          const before = stateOf(sheet);
          // Archsoul: a Disabled character (awake below 0 HP, 002:80) makes no skill checks either.
          const disabled =
            system === 'archsoul' &&
            [...(sheet.statuses ?? []), ...(sheet.harm?.conditions ?? [])].some(
              (x: unknown) => String(x).toLowerCase() === 'disabled',
            );
          const res = await call('POST', `${ownerUrl(s, o)}/checks`, s.auth, { ...play.check, seed: sd });
          // Whoever cannot act has the check refused, naming the character; whoever can is answered.
          if (CANNOT_ACT.includes(before) || disabled) {
            expect(res.status).toBe(409);
            expect(res.body.errors?.[0]?.field ?? res.body.field).toBe('characterId');
          } else if (![200, 201].includes(res.status))
            throw new Error(
              `${o.name} (${before}, ${JSON.stringify(sheet)}) had a check refused: ${JSON.stringify(res.body)}`,
            );
          await observe(system, s, m);
        },
        toString: () => `check(${i})`,
      })),
      fc
        .oneof(fc.record({ turns: fc.integer({ min: 1, max: 6 }) }), fc.record({ watches: fc.constant(1) }))
        .map((step): Cmd => ({
          check: () => true,
          run: async (m, s) => {
            const res = await call('POST', `/v1/campaigns/${s.campaignId}/clock/advance`, s.auth, step);
            expect(res.status).toBe(200);
            await observe(system, s, m);
          },
          toString: () => `advance(${JSON.stringify(step)})`,
        })),
    ];
    if (play.hazard)
      list.push(
        fc.record({ who: pc, body: play.hazard, seed }).map(({ who: i, body, seed: sd }): Cmd => ({
          check: () => true,
          run: async (m, s) => {
            const res = await call('POST', `${ownerUrl(s, s.owners[i])}/hazards`, s.auth, {
              ...body,
              seed: sd,
            });
            expect([201, 409, 422]).toContain(res.status);
            await observe(system, s, m);
          },
          toString: () => `hazard(${i}, ${JSON.stringify(body)})`,
        })),
      );
    return list;
  }

  for (const system of ['coeac', 'cairn', 'gm', 'archsoul'] as const) {
    it(`${system}: ${RUNS} random sessions of 50–200 actions keep the documents' invariants and audit clean`, async () => {
      reached.states.clear();
      reached.answered = 0;
      reached.refused = 0;
      reached.steps = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.commands(commands(system), { size: 'max', maxCommands: 200 }).filter((c) => [...c].length >= 50),
          async (cmds) => {
            const s = await session(system);
            const model: Model = { dead: new Set(), sheets: new Map(), steps: 0 };
            await observe(system, s, model);
            await fc.asyncModelRun(() => ({ model, real: s }), cmds);
            await audit(s);
          },
        ),
        {
          numRuns: RUNS,
          seed: Number(process.env.MODEL_SEED ?? 39),
          endOnFailure: process.env.MODEL_SHRINK !== '1',
        },
      );
      // The sessions did play: at least 50 steps each, most actions answered, and someone was harmed
      // past what lets a character act.
      expect(reached.steps).toBeGreaterThanOrEqual(50 * RUNS);
      expect(reached.answered).toBeGreaterThan(reached.refused);
      expect([...reached.states].some((state) => CANNOT_ACT.includes(state))).toBe(true);
      if (process.env.MODEL_VERBOSE === '1')
        console.log(system, JSON.stringify({ ...reached, states: [...reached.states] }));
    }, 600_000);
  }
});
