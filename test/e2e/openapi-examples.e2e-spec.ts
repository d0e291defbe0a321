import type { OpenAPIObject, OperationObject, ParameterObject } from '@nestjs/swagger';
import { startApp, TestApp } from './harness';

/*
 * Swagger UI's "Try it out", for every operation of the served document: the request is built only
 * from what the document says (the body's media-type `example`, or each of its named `examples` in
 * turn, as picked from Swagger UI's dropdown; each parameter's `example`), sent to a fresh server,
 * and must get the documented answer.
 * - Stateless operations (no `{campaignId}`): a documented 2xx.
 * - Campaign operations (about 200), as a newcomer would try them in one campaign: the campaign is
 *   made from its own example, then the examples that make the things others name (a character
 *   "Toromeen", an NPC "Grey Ogre", a table "Night Roads", a session, items, a ritual), then every
 *   other operation in the document's order, the ones that delete or end things last. A name where a name may stand
 *   for an id comes from the example itself; an id that only an earlier answer can give (a
 *   stronghold's, a roll's) is taken from that answer, as a client would. Each must answer a
 *   documented 2xx, or a documented 409/422 (the campaign's state or the rules refuse it now: a
 *   precondition, not a broken example); never a 400 (the example is malformed), a 404 (what it
 *   names is not found) or a 5xx. None is excused (an item an example names, a Cybalt ore, an orb,
 *   a staff, a ring, is made by the inventory POST's named examples; ITEM_FOR says which).
 * Every answer is also checked against the document (contract-setup.ts), as in every e2e file.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

interface Example {
  method: Method;
  path: string;
  operation: OperationObject;
  url: string;
  body: unknown;
  /** The media type's named examples (Swagger UI's dropdown), in order; else the one `example`. */
  bodies: [string, unknown][];
  missing: string[];
}

function examplesOf(document: OpenAPIObject, ids: Record<string, string>): Example[] {
  const out: Example[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const missing: string[] = [];
      const query = new URLSearchParams();
      let url = path;
      for (const p of (operation.parameters ?? []) as ParameterObject[]) {
        const value = p.example ?? (p.schema as { example?: unknown } | undefined)?.example;
        if (p.in === 'path') {
          // An id an earlier answer gave, for this very place (`…/strongholds/{strongholdId}`) first.
          const place = path.slice(0, path.indexOf(`{${p.name}}`) + p.name.length + 2);
          const filled = ids[place] ?? ids[p.name] ?? ids[`*${p.name}`] ?? value;
          if (filled === undefined) missing.push(p.name);
          else url = url.replace(`{${p.name}}`, encodeURIComponent(String(filled)));
        } else if (p.in === 'query' && value !== undefined) {
          for (const v of Array.isArray(value) ? value : [value]) query.append(p.name, String(v));
        } else if (p.in === 'query' && p.required) {
          missing.push(p.name);
        }
      }
      const media = (
        operation.requestBody as {
          content?: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }>;
        }
      )?.content?.['application/json'];
      const bodies: [string, unknown][] = media?.examples
        ? Object.entries(media.examples).map(([key, named]) => [key, named.value])
        : [['', media?.example]];
      if (media && bodies.some(([, value]) => value === undefined)) missing.push('body');
      const search = query.toString();
      out.push({
        method,
        path,
        operation,
        url: search ? `${url}?${search}` : url,
        body: bodies[0][1],
        bodies,
        missing,
      });
    }
  }
  return out;
}

describe('every operation’s example, sent as Swagger UI sends it', () => {
  let t: TestApp;
  let document: OpenAPIObject;

  beforeAll(async () => {
    t = await startApp();
    document = (await t.http.get('/openapi.json').expect(200)).body as OpenAPIObject;
  }, 60_000);
  afterAll(() => t.close());

  const send = (e: Example, body: unknown) => {
    const r = t.http[e.method](e.url);
    return body === undefined ? r : r.send(body as object);
  };

  it('every operation has an example for its body and for each parameter it needs', () => {
    const lacking = examplesOf(document, {})
      .filter((e) => e.missing.some((m) => m !== 'campaignId'))
      .map((e) => `${e.method.toUpperCase()} ${e.path}: ${e.missing.join(', ')}`);
    expect(lacking).toEqual([]);
  });

  it('every stateless operation answers its example with a documented success', async () => {
    const failures: string[] = [];
    const stateless = examplesOf(document, {}).filter((e) => !e.path.includes('{campaignId}'));
    expect(stateless.length).toBeGreaterThan(100);
    for (const e of stateless) {
      for (const [, body] of e.bodies) {
        const answer = await send(e, body);
        const documented = Object.keys(e.operation.responses).filter((s) => /^2\d\d$/.test(s));
        if (!documented.includes(String(answer.status))) {
          failures.push(
            `${e.method.toUpperCase()} ${e.url} ${JSON.stringify(body)} → ${answer.status} ${answer.text.slice(0, 300)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

/** The operations that make what other examples name, sent first and in this order. */
const SETUP = [
  'POST /v1/campaigns/{campaignId}/characters',
  'POST /v1/campaigns/{campaignId}/npcs',
  'POST /v1/campaigns/{campaignId}/tables',
  'POST /v1/campaigns/{campaignId}/sessions',
  'PUT /v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}',
  'PUT /v1/campaigns/{campaignId}/npcs/{npcId}/sheets/{system}',
  // Each of its named examples: the items the examples below name (see ITEM_FOR).
  'POST /v1/campaigns/{campaignId}/characters/{characterId}/inventory',
  // The Cash, then the ritual its routes name: it takes the downtime action of the session and week,
  // which another example (carousing) would otherwise take first.
  'POST /v1/campaigns/{campaignId}/characters/{characterId}/cash-adjustments',
  'POST /v1/campaigns/{campaignId}/characters/{characterId}/artifact-rituals',
];
/**
 * The item whose id a body's placeholder (`"cybaltItemId": "example"`) stands for: the one made by
 * this named example of the inventory POST (`collection.field` for one operation's field).
 */
const ITEM_FOR: Record<string, string> = {
  cybaltItemId: 'cybalt',
  orbItemId: 'orb',
  intoItemId: 'staff',
  'attunements.itemId': 'ring',
};
/** Path parameters whose example is a name (or `current`): never replaced by an id. */
const NAMES_INSTEAD = ['characterId', 'npcId', 'tableId', 'combatId'];
/** Sent last: they delete or end what the others use. */
const LAST = (e: Example) =>
  e.method === 'delete' || /\/(end|retirement)$/.test(e.path) || e.path.endsWith('/sessions/current/end');

describe('every campaign operation’s example, sent in one campaign', () => {
  let t: TestApp;
  let document: OpenAPIObject;

  beforeAll(async () => {
    t = await startApp();
    document = (await t.http.get('/openapi.json').expect(200)).body as OpenAPIObject;
  }, 60_000);
  afterAll(() => t.close());

  it('answers each with a documented success, or a documented 409/422 the campaign’s state explains', async () => {
    const make = examplesOf(document, {}).find((e) => e.method === 'post' && e.path === '/v1/campaigns')!;
    const campaign = await t.http
      .post(make.url)
      .send(make.body as object)
      .expect(201);
    /** Ids earlier answers gave: by place (`…/strongholds/{strongholdId}`), and by parameter name. */
    const ids: Record<string, string> = { campaignId: campaign.body.id };
    const byName: Record<string, string> = {};
    /** The id of the thing each named example made (`cybalt`: the Cybalt ore's). */
    const made: Record<string, string> = {};
    const auth = { Authorization: `Bearer ${campaign.body.refereeKey}` };
    const paths = Object.keys(document.paths);
    /**
     * A made thing's id fills the path parameter that follows its collection: the answer's `id`, or
     * the last member's of the list the collection is named after (a carrier added answers the
     * inventory with its `carriers`). A roll's id is kept wherever an answer gives one.
     */
    const remember = (e: Example, body: unknown, key: string) => {
      if (!body || typeof body !== 'object') return;
      const b = body as Record<string, unknown>;
      if (typeof b.rollId === 'string') ids.rollId = byName.rollId ??= b.rollId;
      if (e.method !== 'post') return;
      if (key && typeof b.id === 'string') made[key] = b.id;
      const list = b[e.path.split('/').pop()!];
      const last = Array.isArray(list) ? (list[list.length - 1] as { id?: unknown } | undefined) : undefined;
      for (const other of paths) {
        const m = other.startsWith(`${e.path}/{`) ? /^\{(\w+)\}/.exec(other.slice(e.path.length + 1)) : null;
        if (!m || NAMES_INSTEAD.includes(m[1]) || !m[1].endsWith('Id')) continue;
        // The member named like the parameter (`itemId`), at the top or in a thing the answer holds
        // (`attunement.itemId`); else the named thing's id (`ritual.id`), `id`, the list's last member's.
        const held = Object.values(b).map((v) =>
          v && typeof v === 'object' ? (v as Record<string, unknown>) : {},
        );
        const thing = held[Object.keys(b).indexOf(m[1].slice(0, -2))];
        const id = [b[m[1]], ...held.map((h) => h[m[1]]), thing?.id, b.id, last?.id].find(
          (v): v is string => typeof v === 'string',
        );
        if (!id) continue;
        ids[`${e.path}/{${m[1]}}`] ??= id;
        byName[m[1]] ??= id;
        ids[`*${m[1]}`] ??= id; // for a place no answer named (an attunement is to an item)
      }
    };
    /**
     * A body's placeholder id (`"rollId": "example"`) is replaced as a client would, by one it was
     * given: an item's by ITEM_FOR, else the first one of that name.
     */
    const filled = (e: Example, body: unknown) => {
      if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
      const collection = e.path.split('/').pop()!;
      const id = (k: string) => {
        const item = ITEM_FOR[`${collection}.${k}`] ?? ITEM_FOR[k];
        return item ? made[item] : byName[k];
      };
      return Object.fromEntries(
        Object.entries(body).map(([k, v]) => [k, v === 'example' && id(k) ? id(k) : v]),
      );
    };
    /** Whether a path still holds a placeholder where only an earlier answer's id will do. */
    const waiting = (e: Example) => /\/example(\/|$|\?)/.test(e.url.split('?')[0]);
    const named = (e: Example) => `${e.method.toUpperCase()} ${e.path}`;
    const campaignExamples = () =>
      examplesOf(document, ids).filter((e) => e.path.startsWith('/v1/campaigns/{campaignId}'));
    // Deletions and ends last, the deepest paths first (a stronghold's tag before the stronghold).
    const depth = (e: Example) => e.path.split('/').length;
    const order = (all: Example[]) => [
      ...SETUP.map((n) => all.find((e) => named(e) === n)!),
      ...all.filter((e) => !SETUP.includes(named(e)) && !LAST(e)),
      ...all.filter((e) => !SETUP.includes(named(e)) && LAST(e)).sort((a, b) => depth(b) - depth(a)),
    ];
    const planned = order(campaignExamples()).map(named);
    expect(planned.length).toBeGreaterThan(150);
    const failures: string[] = [];
    let successes = 0;
    const example = (name: string) => campaignExamples().find((x) => named(x) === name)!;
    const send = async (name: string) => {
      // Each named example in turn, built again each time: an earlier answer may give an id it needs.
      // The operation counts as a success when every one of its examples answered one.
      let all = true;
      for (const [key] of example(name).bodies) {
        const e = example(name);
        const body = filled(e, e.bodies.find(([k]) => k === key)![1]);
        const r = t.http[e.method](e.url).set(auth);
        const answer = await (body === undefined ? r : r.send(body as object));
        remember(e, answer.body, key);
        const documented = Object.keys(e.operation.responses);
        const ok = /^2\d\d$/.test(String(answer.status)) && documented.includes(String(answer.status));
        all &&= ok;
        const refusal = [409, 422].includes(answer.status) && documented.includes(String(answer.status));
        if (!ok && !refusal)
          failures.push(
            `${name}${key ? ` (${key})` : ''} ${e.url} ${JSON.stringify(body)} → ${answer.status} ${answer.text.slice(0, 240)}`,
          );
      }
      if (all) successes++;
    };
    // An operation whose path waits for an id no answer has given yet goes after the others that
    // delete or end nothing (a roll's routes wait for the first logged roll).
    const deferred: string[] = [];
    const sent = planned.filter((n) => !n.endsWith('/rolls/stream')); // an event stream: the feed tests send it
    const last = sent.filter((n) => LAST(example(n)));
    for (const name of sent.filter((n) => !last.includes(n))) {
      if (waiting(example(name))) deferred.push(name);
      else await send(name);
    }
    for (const name of [...deferred, ...last]) await send(name);
    expect(failures).toEqual([]);
    // Most answer a success outright; a drop here means examples stopped fitting one another.
    expect(successes).toBeGreaterThan(sent.length * 0.7);
  }, 240_000);
});
