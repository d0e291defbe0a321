import { createHash, randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import { Brackets, EntityManager, In as AnyOf, IsNull } from 'typeorm';
import { Principal } from '../auth/principal';
import { decodeCursor, DEFAULT_PAGE_SIZE, Page, toPage } from '../common/pagination';
import { Problem } from '../common/problem';
import { RandomService } from '../common/random.service';
import { newId, now } from '../common/time';
import { Database, MutationCall } from '../database/database.service';
import { CampaignEntity, RollEntity } from '../database/entities';
import { RollFeed } from '../feed/roll-feed.service';
import { ReceiptKeys } from '../receipts/receipt-keys.service';
import { Procedure, ProcedureRegistry } from './procedures';
import { Roll, RollLogQuery, RollReplay } from './roll.model';
import {
  loadTableVersions,
  referencedVersions,
  resolveTableVersions,
  storeTableVersions,
} from './table-versions';
import { canonicalJson } from '../common/canonical-json';

/** A procedure's outcome with everything needed to reproduce it. */
export interface Rolled<O> {
  procedure: string;
  inputs: Record<string, unknown>;
  outcome: O;
  faces: number[];
  seed: string;
  rng: string;
}

/** Plain JSON data: strips class prototypes and undefined members, as storage will. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

@Injectable()
export class RollsService {
  constructor(
    private readonly db: Database,
    private readonly random: RandomService,
    private readonly registry: ProcedureRegistry,
    private readonly feed: RollFeed,
    private readonly receipts: ReceiptKeys,
  ) {
    feed.useViewer((roll, principal) => toRoll(roll, principal, receipts));
  }

  /** Rolls a procedure (no storage). `input` is a plain object without the seed. */
  roll<I, O>(
    procedure: Procedure<I, O>,
    input: I,
    seed: string | undefined,
    budget?: { used: number },
  ): Rolled<O> {
    const { seed: chosen, rng, dice } = this.random.start(seed, budget);
    // Callers pass plain objects and core outcomes are plain JSON by contract (null, never undefined),
    // so nothing is copied on this hot path; storage serialises both.
    const outcome = procedure.run(input, dice);
    const inputs = input as Record<string, unknown>;
    return { procedure: procedure.name, inputs, outcome, faces: [...dice.faces], seed: chosen, rng };
  }

  /** Writes a roll to the campaign's log, inside the caller's transaction. */
  async record(
    manager: EntityManager,
    principal: Principal,
    rolled: Rolled<unknown>,
    options: { effects?: Record<string, unknown>; secret?: boolean; campaign?: CampaignEntity } = {},
  ): Promise<RollEntity> {
    const campaign =
      options.campaign ??
      (await manager.findOneOrFail(CampaignEntity, { where: { id: principal.campaignId } }));
    // A referee table is stored once per version and the inputs refer to it (docs/encounters.md).
    const inputs = await storeTableVersions(manager, principal.campaignId, rolled.inputs);
    const characterId = options.effects?.characterId ?? rolled.inputs.characterId;
    const entity = manager.create(RollEntity, {
      id: newId(),
      campaignId: principal.campaignId,
      sessionId: campaign.currentSessionId,
      keyId: principal.keyId,
      role: principal.role,
      procedure: rolled.procedure,
      inputs: plain(inputs),
      characterId: typeof characterId === 'string' ? characterId : null,
      seed: rolled.seed,
      rng: rolled.rng,
      faces: rolled.faces,
      outcome: rolled.outcome as Record<string, unknown>,
      effects: options.effects ?? null,
      secret: options.secret ?? false,
      salt: null,
      commitment: null,
      revealedAt: null,
      createdAt: now(),
    });
    if (entity.secret) {
      entity.salt = randomBytes(16).toString('hex');
      // JCS skips undefined members and reads toJSON as JSON.stringify does, so the entity hashes
      // exactly as its stored (plain) form would, without a copy of the whole roll first.
      entity.commitment = commitmentOf(entity.salt, entity);
    }
    // Its receipts are signed once, here, and kept with it: reading the log never signs (issue 41).
    this.receipts.forRoll(entity, false);
    if (entity.secret) this.receipts.forRoll(entity, true);
    await Database.insertRow(manager, RollEntity, entity);
    // Published to live subscribers once the caller's transaction commits (never on a rollback).
    this.feed.logged(manager, entity);
    return entity;
  }

  /**
   * Reveals secret rolls of the campaign inside the caller's transaction: from then on every key sees
   * them whole, with the salt that lets anyone recompute the commitment. Rolls already revealed, or
   * never secret, are left as they are. Returns the ids it revealed.
   */
  async reveal(manager: EntityManager, campaignId: string, rollIds: string[]): Promise<string[]> {
    if (rollIds.length === 0) return [];
    const sealed = await manager.find(RollEntity, {
      where: { campaignId, id: AnyOf(rollIds), secret: true, revealedAt: IsNull() },
      select: { seq: true, id: true },
    });
    const stamp = now();
    if (sealed.length > 0) {
      await manager.update(RollEntity, { id: AnyOf(sealed.map((r) => r.id)) }, { revealedAt: stamp });
      this.feed.revealed(
        manager,
        sealed.map((r) => r.id),
      );
    }
    return sealed.map((r) => r.id);
  }

  /** The referee's `POST /rolls/{rollId}/reveal`: reveals one secret roll (a no-op when already shown). */
  revealOne(principal: Principal, rollId: string, call: MutationCall): Promise<Roll> {
    return this.db.mutation(call, async (m) => {
      const roll = await m.findOne(RollEntity, { where: { id: rollId, campaignId: principal.campaignId } });
      if (!roll) throw Problem.notFound(`Roll ${rollId}`);
      await this.reveal(m, principal.campaignId, [rollId]);
      const shown = await m.findOneOrFail(RollEntity, { where: { id: rollId } });
      await this.keepReceipts(m, [shown], principal);
      return toRoll(shown, principal, this.receipts);
    });
  }

  /**
   * The log, oldest first or newest first (`order`), optionally only one procedure, one character's
   * rolls or rolls since a time; keyset paging on `seq` in either order. A character filter never
   * matches a roll sealed for this key (which character a sealed roll concerns is hidden too).
   */
  async list(principal: Principal, query: RollLogQuery): Promise<Page<Roll>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = decodeCursor<[number]>(query.after, ['number']);
    const desc = query.order === 'desc';
    const q = this.db.manager
      .createQueryBuilder(RollEntity, 'r')
      .where('r.campaignId = :campaignId', { campaignId: principal.campaignId });
    if (after !== null) q.andWhere(desc ? 'r.seq < :after' : 'r.seq > :after', { after: after[0] });
    if (query.procedure !== undefined) q.andWhere('r.procedure = :procedure', { procedure: query.procedure });
    if (query.since !== undefined) q.andWhere('r.createdAt >= :since', { since: utcInstant(query.since) });
    if (query.characterId !== undefined) {
      q.andWhere('r.characterId = :characterId', { characterId: query.characterId });
      if (principal.role !== 'referee') {
        q.andWhere(
          new Brackets((open) =>
            open.where('r.secret = :open', { open: false }).orWhere('r.revealedAt IS NOT NULL'),
          ),
        );
      }
    }
    const rows = await q
      .orderBy('r.seq', desc ? 'DESC' : 'ASC')
      .take(limit + 1)
      .getMany();
    await this.keepReceipts(this.db.manager, rows.slice(0, limit), principal);
    return toPage(
      rows,
      limit,
      (row) => toRoll(row, principal, this.receipts),
      (row) => [row.seq],
    );
  }

  /** One roll; a roll on referee tables also answers the tables it refers to (when this key may see it). */
  async get(principal: Principal, rollId: string): Promise<Roll> {
    const stored = await this.find(principal, rollId);
    await this.keepReceipts(this.db.manager, [stored], principal);
    return this.withTables(stored, principal, toRoll(stored, principal, this.receipts));
  }

  /** Adds `tables` (version → definition) to a roll shown whole whose inputs refer to table versions. */
  private async withTables(stored: RollEntity, principal: Principal, roll: Roll): Promise<Roll> {
    if (isSealedFor(stored, principal)) return roll;
    const versions = referencedVersions(stored.inputs);
    if (versions.length === 0) return roll;
    return { ...{}, ...roll, tables: await loadTableVersions(this.db.manager, stored.campaignId, versions) };
  }

  /**
   * A stored roll resolved again from its procedure, inputs (with the referee table versions they
   * name), seed and generator, and whether that gives exactly its stored faces and outcome. Throws
   * when the procedure is not registered or refuses its inputs (the campaign audit reports that).
   */
  async resolveAgain(
    m: EntityManager,
    stored: RollEntity,
  ): Promise<{ faces: number[]; outcome: Record<string, unknown>; matches: boolean }> {
    const dice = this.random.replay(stored.seed, stored.rng);
    const inputs = await resolveTableVersions(m, stored.campaignId, stored.inputs);
    const outcome = plain(this.registry.get(stored.procedure).run(inputs as never, dice)) as Record<
      string,
      unknown
    >;
    const faces = [...dice.faces];
    return {
      faces,
      outcome,
      matches: isDeepStrictEqual(faces, stored.faces) && isDeepStrictEqual(outcome, stored.outcome),
    };
  }

  async replay(principal: Principal, rollId: string): Promise<RollReplay> {
    const stored = await this.find(principal, rollId);
    if (isSealedFor(stored, principal)) {
      throw new Problem(
        'FORBIDDEN',
        `Roll ${rollId} is sealed until the referee reveals it; its commitment is in the roll log.`,
      );
    }
    const { faces, outcome, matches } = await this.resolveAgain(this.db.manager, stored);
    await this.keepReceipts(this.db.manager, [stored], principal);
    return {
      matches,
      roll: await this.withTables(stored, principal, toRoll(stored, principal, this.receipts)),
      faces,
      outcome,
    };
  }

  /**
   * Signs the receipts of `rows` that `principal`'s view lacks (rolls logged before receipts were
   * kept, or kept under a key since rotated) and stores them, so that the next read signs nothing.
   * Rows that keep theirs cost nothing. The write is an aside of a read: on SQLite it takes its turn
   * between transactions (`exclusive`), and should it fail the answer still carries the receipts.
   */
  private async keepReceipts(m: EntityManager, rows: RollEntity[], principal: Principal): Promise<void> {
    const whole: RollEntity[] = [];
    const sealed: RollEntity[] = [];
    for (const row of rows) {
      const view = isSealedFor(row, principal);
      if (this.receipts.keeps(row, view)) continue;
      this.receipts.forRoll(row, view);
      (view ? sealed : whole).push(row);
    }
    if (whole.length === 0 && sealed.length === 0) return;
    // By `seq`, the table's primary key (a number, passed as the key `updateRows` expects).
    const key = (row: RollEntity) => row.seq as unknown as string;
    const store = async (manager: EntityManager) => {
      await Database.updateRows(
        manager,
        RollEntity,
        whole.map((row) => ({
          id: key(row),
          values: { receiptKeyId: row.receiptKeyId, receiptSignature: row.receiptSignature },
        })),
      );
      await Database.updateRows(
        manager,
        RollEntity,
        sealed.map((row) => ({
          id: key(row),
          values: {
            sealedReceiptKeyId: row.sealedReceiptKeyId,
            sealedReceiptSignature: row.sealedReceiptSignature,
          },
        })),
      );
    };
    try {
      // Inside a transaction already (a reveal), write there; otherwise take a turn of its own.
      if (m.queryRunner?.isTransactionActive) await store(m);
      else await this.db.exclusive(store);
    } catch {
      // The receipts are in the answer all the same; the next read signs and tries again.
    }
  }

  private async find(principal: Principal, rollId: string): Promise<RollEntity> {
    const roll = await this.db.manager.findOne(RollEntity, {
      where: { id: rollId, campaignId: principal.campaignId },
    });
    if (!roll) throw Problem.notFound(`Roll ${rollId}`);
    return roll;
  }
}

/** `since` as the log stores times (UTC, milliseconds), so that text comparison is time order. */
function utcInstant(since: string): string {
  const time = new Date(since.replace(/ (\d{2}:\d{2})$/, '+$1'));
  if (Number.isNaN(time.getTime())) {
    throw Problem.field('VALIDATION_FAILED', 'since', 'since is not a date or time that exists.');
  }
  return time.toISOString();
}

/** The fields a commitment covers, exactly as the revealed roll shows them. */
type CommittedRecord = Pick<RollEntity, 'procedure' | 'inputs' | 'seed' | 'rng' | 'faces' | 'outcome'>;

/**
 * The commitment of a secret roll: lowercase hex SHA-256 of `salt + "." + JCS(record)`, where JCS is
 * RFC 8785 canonical JSON of `{ procedure, inputs, seed, rng, faces, outcome }`. Anyone holding the
 * revealed roll can recompute it (docs/secret-rolls.md).
 */
export function commitmentOf(salt: string, roll: CommittedRecord): string {
  const record = {
    procedure: roll.procedure,
    inputs: roll.inputs,
    seed: roll.seed,
    rng: roll.rng,
    faces: roll.faces,
    outcome: roll.outcome,
  };
  // NaN or Infinity are written null, as storage keeps them: the hash is of the stored form.
  const text = canonicalJson(record);
  return createHash('sha256').update(`${salt}.${text}`, 'utf8').digest('hex');
}

/** A secret roll not yet revealed, seen by a key other than the referee's. */
export function isSealedFor(entity: RollEntity, principal: Principal | null): boolean {
  return entity.secret && !entity.revealedAt && principal?.role !== 'referee';
}

/**
 * A roll as `principal` may see it. Sealed, it is exactly `{ id, procedure, createdAt, sealed, commitment }`
 * (plus its `receipt` when `receipts` is given);
 * every other member is left out (REST) or null (GraphQL): never its inputs, seed, faces, outcome,
 * effects or key. With `receipts`, the roll carries its signed receipt (over the sealed or the whole
 * form, as shown; see docs/feed.md).
 */
export function toRoll(entity: RollEntity, principal: Principal | null, receipts?: ReceiptKeys): Roll {
  if (isSealedFor(entity, principal)) {
    return {
      id: entity.id,
      procedure: entity.procedure,
      createdAt: entity.createdAt,
      sealed: true,
      commitment: entity.commitment,
      ...(receipts ? { receipt: receipts.forRoll(entity, true) } : {}),
    } as Roll;
  }
  return {
    id: entity.id,
    procedure: entity.procedure,
    keyId: entity.keyId,
    role: entity.role,
    sessionId: entity.sessionId,
    inputs: entity.inputs,
    seed: entity.seed,
    rng: entity.rng,
    faces: entity.faces,
    outcome: entity.outcome,
    effects: entity.effects,
    ...(Array.isArray(entity.effects?.events) ? { events: entity.effects.events as Roll['events'] } : {}),
    createdAt: entity.createdAt,
    sealed: false,
    secret: entity.secret,
    commitment: entity.commitment,
    salt: entity.secret ? entity.salt : null,
    revealedAt: entity.revealedAt,
    ...(receipts ? { receipt: receipts.forRoll(entity, false) } : {}),
  };
}
