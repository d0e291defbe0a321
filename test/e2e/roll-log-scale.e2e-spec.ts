import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { Database } from '../../src/database/database.service';
import { RollEntity } from '../../src/database/entities';
import { commitmentOf } from '../../src/rolls/rolls.service';
import { DATABASE_KIND, startApp, TestApp } from './harness';
import { CampaignFixture, createCampaign, createCharacter, createKey } from '../factories/campaign';
import { gql } from '../factories/graphql';
import { expectProblem } from '../factories/problem';

type Json = Record<string, unknown>;
type Roll = Json & {
  id: string;
  procedure: string;
  createdAt: string;
  sealed: boolean;
  inputs?: Json;
  tables?: Record<string, Json>;
};

/** A large referee table: 100 entries of about 400 characters (some 45 kB of JSON). */
function bigTable(name: string, word = 'Wolves') {
  return {
    name,
    formula: '1d100',
    scale: 'overland',
    entries: Array.from({ length: 100 }, (_, i) => ({
      range: [i + 1, i + 1],
      text: `${word} ${i + 1}: ${'a long description of what the company meets on the road. '.repeat(7)}`,
      kind: 'beasts',
      numberAppearing: '1d4',
    })),
  };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe(`the roll log scales (${DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const rolls = (c: CampaignFixture) => `/v1/campaigns/${c.id}/rolls`;
  const versionRows = async (c: CampaignFixture) =>
    (await t.app
      .get(Database)
      .manager.query(
        DATABASE_KIND === 'postgres'
          ? 'SELECT version FROM table_versions WHERE campaign_id = $1'
          : 'SELECT version FROM table_versions WHERE campaign_id = ?',
        [c.id],
      )) as { version: string }[];

  describe('referee tables are stored once per version and referred to', () => {
    it('forty watches on a 45 kB table store the table once; the log stays small and every check replays', async () => {
      const c = await createCampaign(t.server);
      const table = (
        await t.http.post(`/v1/campaigns/${c.id}/tables`).set(c.auth).send(bigTable('Road')).expect(201)
      ).body as { id: string };
      await t.http.patch(`/v1/campaigns/${c.id}/clock`).set(c.auth).send({ scale: 'overland' }).expect(200);
      const advance = await t.http
        .post(`/v1/campaigns/${c.id}/clock/advance`)
        .set(c.auth)
        .send({ watches: 40, encounterTableId: table.id, seed: 'long-road' })
        .expect(200);
      expect(advance.body.encounterChecks).toHaveLength(40);
      expect(await versionRows(c)).toHaveLength(1);

      const page = await t.http
        .get(`${rolls(c)}?limit=40`)
        .set(c.auth)
        .expect(200);
      expect(page.body.items).toHaveLength(40);
      // Each entry refers to the table instead of carrying its 100 entries.
      expect(JSON.stringify(page.body).length).toBeLessThan(40 * 3_000);
      const [version] = (await versionRows(c)).map((r) => r.version);
      for (const roll of page.body.items as Roll[]) {
        expect(roll.inputs?.table).toEqual({ id: table.id, name: 'Road', formula: '1d100', version });
        expect(roll).not.toHaveProperty('tables');
      }
      // Replays resolve the reference and give the same answer.
      for (const roll of (page.body.items as Roll[]).slice(0, 5)) {
        const replay = await t.http
          .get(`${rolls(c)}/${roll.id}/replay`)
          .set(c.auth)
          .expect(200);
        expect(replay.body.matches).toBe(true);
        expect(Object.keys(replay.body.roll.tables)).toEqual([version]);
      }
      // The single read answers the table; its canonical JSON hashes to the version.
      const one = (
        await t.http
          .get(`${rolls(c)}/${page.body.items[0].id}`)
          .set(c.auth)
          .expect(200)
      ).body as Roll;
      const definition = one.tables?.[version] as { id: string; entries: unknown[] };
      expect(definition).toMatchObject({ id: table.id, name: 'Road', formula: '1d100' });
      expect(definition.entries).toHaveLength(100);
      expect(sha256(canonicalize(definition) ?? '')).toBe(version);
    });

    it('a changed table is a new version; rolls on the old one still replay and show the old table', async () => {
      const c = await createCampaign(t.server);
      const made = await t.http
        .post(`/v1/campaigns/${c.id}/tables`)
        .set(c.auth)
        .send(bigTable('Woods'))
        .expect(201);
      const tableId = made.body.id as string;
      const first = await t.http
        .post(`/v1/campaigns/${c.id}/tables/${tableId}/draws`)
        .set(c.auth)
        .send({ seed: 'draw-1' })
        .expect(201);
      const again = await t.http
        .post(`/v1/campaigns/${c.id}/tables/${tableId}/draws`)
        .set(c.auth)
        .send({ seed: 'draw-2' })
        .expect(201);
      expect(await versionRows(c)).toHaveLength(1);
      await t.http
        .put(`/v1/campaigns/${c.id}/tables/${tableId}`)
        .set(c.auth)
        .send(bigTable('Woods', 'Bears'))
        .expect(200);
      const after = await t.http
        .post(`/v1/campaigns/${c.id}/tables/${tableId}/draws`)
        .set(c.auth)
        .send({ seed: 'draw-1' })
        .expect(201);
      expect(await versionRows(c)).toHaveLength(2);

      const old = (
        await t.http
          .get(`${rolls(c)}/${first.body.rollId}`)
          .set(c.auth)
          .expect(200)
      ).body as Roll;
      const fresh = (
        await t.http
          .get(`${rolls(c)}/${after.body.rollId}`)
          .set(c.auth)
          .expect(200)
      ).body as Roll;
      const oldVersion = (old.inputs?.table as { version: string }).version;
      const newVersion = (fresh.inputs?.table as { version: string }).version;
      expect(oldVersion).not.toBe(newVersion);
      expect(JSON.stringify(old.tables)).toContain('Wolves');
      expect(JSON.stringify(old.tables)).not.toContain('Bears');
      expect(JSON.stringify(fresh.tables)).toContain('Bears');
      for (const id of [first.body.rollId, again.body.rollId, after.body.rollId]) {
        expect(
          (
            await t.http
              .get(`${rolls(c)}/${id}/replay`)
              .set(c.auth)
              .expect(200)
          ).body.matches,
        ).toBe(true);
      }
      // Same seed, other table: the entry text follows the version the roll used.
      expect(JSON.stringify(first.body.entry)).toContain('Wolves');
      expect(JSON.stringify(after.body.entry)).toContain('Bears');
    });

    it('a sealed check stays sealed; revealed, its commitment verifies over the record as shown, and the table is shown', async () => {
      const c = await createCampaign(t.server);
      const hero = await createCharacter(t.server, c, { name: 'Scout' });
      const player = await createKey(t.server, c, { role: 'player', characterIds: [hero.id] });
      const table = await t.http
        .post(`/v1/campaigns/${c.id}/tables`)
        .set(c.auth)
        .send(bigTable('Moor'))
        .expect(201);
      const check = await t.http
        .post(`/v1/campaigns/${c.id}/encounter-checks`)
        .set(c.auth)
        .send({ scale: 'overland', tableId: table.body.id, seed: 'moor' })
        .expect(201);
      const stub = (
        await t.http
          .get(`${rolls(c)}/${check.body.rollId}`)
          .set(player.auth)
          .expect(200)
      ).body as Roll;
      expect(Object.keys(stub).sort()).toEqual([
        'commitment',
        'createdAt',
        'id',
        'procedure',
        'receipt',
        'sealed',
      ]);
      const replaySealed = await t.http.get(`${rolls(c)}/${check.body.rollId}/replay`).set(player.auth);
      expectProblem(replaySealed, 403, 'FORBIDDEN');

      await t.http
        .post(`${rolls(c)}/${check.body.rollId}/reveal`)
        .set(c.auth)
        .expect(200);
      const shown = (
        await t.http
          .get(`${rolls(c)}/${check.body.rollId}`)
          .set(player.auth)
          .expect(200)
      ).body as Roll & Json;
      expect(shown.commitment).toBe(stub.commitment);
      const record = shown as unknown as Parameters<typeof commitmentOf>[1];
      expect(commitmentOf(shown.salt as string, record)).toBe(stub.commitment);
      // The reference binds the table: the shown table hashes to the version the commitment covers.
      const version = (shown.inputs?.table as { version: string }).version;
      expect(sha256(canonicalize(shown.tables?.[version]) ?? '')).toBe(version);
      const replay = await t.http
        .get(`${rolls(c)}/${check.body.rollId}/replay`)
        .set(player.auth)
        .expect(200);
      expect(replay.body.matches).toBe(true);
    });

    it('a roll logged before versions (its table inside its inputs) still replays and verifies as it did', async () => {
      const c = await createCampaign(t.server);
      const table = await t.http
        .post(`/v1/campaigns/${c.id}/tables`)
        .set(c.auth)
        .send(bigTable('Old'))
        .expect(201);
      const drawn = await t.http
        .post(`/v1/campaigns/${c.id}/tables/${table.body.id}/draws`)
        .set(c.auth)
        .send({ seed: 'old', secret: true })
        .expect(201);
      const db = t.app.get(Database);
      const stored = await db.manager.findOneOrFail(RollEntity, { where: { id: drawn.body.rollId } });
      const full = (
        await t.http
          .get(`${rolls(c)}/${drawn.body.rollId}/replay`)
          .set(c.auth)
          .expect(200)
      ).body.roll.tables as Record<string, Json>;
      // Rewrite it as rolls were logged before: the whole table in the inputs, committed over that.
      const version = (stored.inputs.table as { version: string }).version;
      const inputs = { ...stored.inputs, table: full[version], subtables: {} };
      const commitment = commitmentOf(stored.salt as string, { ...stored, inputs });
      await db.manager.update(RollEntity, { id: stored.id }, { inputs, commitment });

      const roll = (
        await t.http
          .get(`${rolls(c)}/${stored.id}`)
          .set(c.auth)
          .expect(200)
      ).body as Roll & Json;
      expect((roll.inputs?.table as { entries: unknown[] }).entries).toHaveLength(100);
      expect(roll).not.toHaveProperty('tables');
      expect(commitmentOf(roll.salt as string, roll as never)).toBe(commitment);
      expect(
        (
          await t.http
            .get(`${rolls(c)}/${stored.id}/replay`)
            .set(c.auth)
            .expect(200)
        ).body.matches,
      ).toBe(true);
    });
  });

  describe('newest first and filtered', () => {
    let c: CampaignFixture;
    let a: { id: string };
    let b: { id: string };
    let player: { auth: { Authorization: string } };
    let all: Roll[];

    const list = async (query: string, auth = c.auth) =>
      (
        await t.http
          .get(`${rolls(c)}?${query}`)
          .set(auth)
          .expect(200)
      ).body as { items: Roll[]; next: string | null };

    /** Every page of a query, following `next`. */
    async function pages(query: string, auth = c.auth): Promise<Roll[]> {
      const out: Roll[] = [];
      let after: string | null = null;
      do {
        const page = await list(`${query}${after ? `&after=${after}` : ''}`, auth);
        out.push(...page.items);
        after = page.next;
      } while (after);
      return out;
    }

    beforeAll(async () => {
      c = await createCampaign(t.server);
      a = await createCharacter(t.server, c, { name: 'Ada', wealth: 3, cash: 50 });
      b = await createCharacter(t.server, c, { name: 'Bo', wealth: 3, cash: 50 });
      player = await createKey(t.server, c, { role: 'player', characterIds: [a.id] });
      const pool = (body: Json) =>
        t.http.post(`/v1/campaigns/${c.id}/checks/pool`).set(c.auth).send(body).expect(201);
      for (let i = 0; i < 3; i++) await pool({ pool: 3, objective: 1, seed: `plain-${i}` });
      await pool({ pool: 3, objective: 1, characterId: a.id, seed: 'for-a' });
      await pool({ pool: 3, objective: 1, characterId: b.id, seed: 'for-b' });
      await t.http
        .post(`/v1/campaigns/${c.id}/characters/${a.id}/purchases`)
        .set(c.auth)
        .send({ cost: 1, wager: 1 })
        .expect(201);
      // Sealed: a secret check made for Ada.
      await pool({ pool: 3, objective: 1, characterId: a.id, seed: 'secret-a', secret: true });
      await t.http
        .post(`/v1/campaigns/${c.id}/checks/save`)
        .set(c.auth)
        .send({ attribute: 9, seed: 's' })
        .expect(201);
      all = await pages('limit=100');
      expect(all).toHaveLength(8);
    });

    it('reads newest first with keyset paging in both orders, and the last five in one request', async () => {
      const newest = await pages('order=desc&limit=3');
      expect(newest.map((r) => r.id)).toEqual([...all].reverse().map((r) => r.id));
      const oldest = await pages('order=asc&limit=3');
      expect(oldest.map((r) => r.id)).toEqual(all.map((r) => r.id));
      const lastFive = await list('order=desc&limit=5');
      expect(lastFive.items.map((r) => r.id)).toEqual(
        [...all]
          .reverse()
          .slice(0, 5)
          .map((r) => r.id),
      );
      expect(lastFive.next).not.toBeNull();
    });

    it('filters by procedure, character and time, alone and together, in either order', async () => {
      const pools = await pages('procedure=check.pool&limit=2');
      expect(pools.map((r) => r.id)).toEqual(
        all.filter((r) => r.procedure === 'check.pool').map((r) => r.id),
      );
      const adas = await pages(`characterId=${a.id}&order=desc&limit=1`);
      expect(adas.map((r) => r.procedure)).toEqual(['check.pool', 'wealth.purchase', 'check.pool']);
      expect(adas.every((r) => (r.effects as Json).characterId === a.id)).toBe(true);
      const adaPools = await pages(`characterId=${a.id}&procedure=check.pool&limit=1`);
      expect(adaPools).toHaveLength(2);
      const bos = await list(`characterId=${b.id}`);
      expect(bos.items).toHaveLength(1);
      const since = all[5].createdAt;
      const recent = await pages(`since=${encodeURIComponent(since)}&limit=2`);
      expect(recent.map((r) => r.id)).toEqual(all.filter((r) => r.createdAt >= since).map((r) => r.id));
      expect(recent.length).toBeGreaterThanOrEqual(3);
      expect((await list('since=2999-01-01')).items).toEqual([]);
      expect((await list('since=2000-01-01T00:00:00%2B02:00&limit=100')).items).toHaveLength(8);
      // An unencoded + arrives as a space, and is read as the + it was.
      expect((await list('since=2999-01-01T00:00:00+02:00')).items).toEqual([]);
      expect((await list('since=2000-01-01T00:00:00+02:00&limit=100')).items).toHaveLength(8);
    });

    it('keeps sealed rolls sealed under every filter; a character filter never matches one', async () => {
      const asPlayer = await pages('procedure=check.pool&order=desc&limit=2', player.auth);
      const sealed = asPlayer.filter((r) => r.sealed);
      expect(sealed).toHaveLength(1);
      expect(Object.keys(sealed[0]).sort()).toEqual([
        'commitment',
        'createdAt',
        'id',
        'procedure',
        'receipt',
        'sealed',
      ]);
      // Which character a sealed roll concerns is hidden too: the referee finds it, the player does not.
      const refereeView = await pages(`characterId=${a.id}&limit=100`);
      expect(refereeView).toHaveLength(3);
      const playerView = await pages(`characterId=${a.id}&limit=100`, player.auth);
      expect(playerView).toHaveLength(2);
      expect(playerView.every((r) => !r.sealed)).toBe(true);
      expect(JSON.stringify(playerView)).not.toContain('secret-a');
    });

    it('refuses a bad order, time or procedure with a 400 naming the field', async () => {
      for (const [query, field] of [
        ['order=sideways', 'order'],
        ['since=yesterday', 'since'],
        ['since=2026-11-23T10:00', 'since'],
        ['procedure=' + 'x'.repeat(65), 'procedure'],
        ['characterId=' + 'x'.repeat(65), 'characterId'],
      ]) {
        const res = await t.http.get(`${rolls(c)}?${query}`).set(c.auth);
        expectProblem(res, 400, 'VALIDATION_FAILED');
        expect(res.body.errors).toEqual([expect.objectContaining({ field })]);
      }
    });

    it('GraphQL: rolls and campaign { rolls } take the same order and filters', async () => {
      const query = `query($c: ID!, $ch: ID, $o: RollOrder, $p: String, $s: String, $after: String) {
        rolls(campaignId: $c, order: $o, procedure: $p, characterId: $ch, since: $s, limit: 5, after: $after) { items { id sealed procedure } next }
        campaign(campaignId: $c) { rolls(order: desc, limit: 2) { items { id } } }
      }`;
      const answer = await gql(t.server, query, { c: c.id, o: 'desc' }, c.auth);
      expect(answer.errors).toBeUndefined();
      const data = answer.data as {
        rolls: { items: Roll[]; next: string };
        campaign: { rolls: { items: Roll[] } };
      };
      expect(data.rolls.items.map((r) => r.id)).toEqual(
        (await list('order=desc&limit=5')).items.map((r) => r.id),
      );
      expect(data.campaign.rolls.items.map((r) => r.id)).toEqual(
        [...all]
          .reverse()
          .slice(0, 2)
          .map((r) => r.id),
      );
      const rest = await gql(t.server, query, { c: c.id, o: 'desc', after: data.rolls.next }, c.auth);
      expect((rest.data as typeof data).rolls.items.map((r) => r.id)).toEqual(
        [...all]
          .reverse()
          .slice(5)
          .map((r) => r.id),
      );
      const filtered = await gql(t.server, query, { c: c.id, ch: a.id, p: 'check.pool' }, player.auth);
      expect(filtered.errors).toBeUndefined();
      expect((filtered.data as typeof data).rolls.items.map((r) => r.id)).toEqual(
        (await pages(`characterId=${a.id}&procedure=check.pool&limit=100`, player.auth)).map((r) => r.id),
      );
      const bad = await gql(t.server, query, { c: c.id, s: 'yesterday' }, c.auth);
      expect(bad.errors?.[0].extensions?.code).toBe('VALIDATION_FAILED');
    });
  });
});
