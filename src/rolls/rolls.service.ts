import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import { EntityManager, MoreThan } from 'typeorm';
import { Principal } from '../auth/principal';
import { decodeCursor, DEFAULT_PAGE_SIZE, Page, PageQuery, toPage } from '../common/pagination';
import { Problem } from '../common/problem';
import { RandomService } from '../common/random.service';
import { newId, now } from '../common/time';
import { Database } from '../database/database.service';
import { CampaignEntity, RollEntity } from '../database/entities';
import { Procedure, ProcedureRegistry } from './procedures';
import { Roll, RollReplay } from './roll.model';

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
  ) {}

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
    const entity = manager.create(RollEntity, {
      id: newId(),
      campaignId: principal.campaignId,
      sessionId: campaign.currentSessionId,
      keyId: principal.keyId,
      role: principal.role,
      procedure: rolled.procedure,
      inputs: rolled.inputs,
      seed: rolled.seed,
      rng: rolled.rng,
      faces: rolled.faces,
      outcome: rolled.outcome as Record<string, unknown>,
      effects: options.effects ?? null,
      secret: options.secret ?? false,
      createdAt: now(),
    });
    await Database.insertRow(manager, RollEntity, entity);
    return entity;
  }

  async list(principal: Principal, query: PageQuery): Promise<Page<Roll>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = decodeCursor<[number]>(query.after, ['number']);
    const rows = await this.db.manager.find(RollEntity, {
      where: {
        campaignId: principal.campaignId,
        ...(after !== null ? { seq: MoreThan(after[0]) } : {}),
        ...(principal.role === 'referee' ? {} : { secret: false }),
      },
      order: { seq: 'ASC' },
      take: limit + 1,
    });
    return toPage(rows, limit, toRoll, (row) => [row.seq]);
  }

  async get(principal: Principal, rollId: string): Promise<Roll> {
    return toRoll(await this.find(principal, rollId));
  }

  async replay(principal: Principal, rollId: string): Promise<RollReplay> {
    const stored = await this.find(principal, rollId);
    const dice = this.random.replay(stored.seed, stored.rng);
    const outcome = plain(this.registry.get(stored.procedure).run(stored.inputs as never, dice)) as Record<
      string,
      unknown
    >;
    const faces = [...dice.faces];
    return {
      matches: isDeepStrictEqual(faces, stored.faces) && isDeepStrictEqual(outcome, stored.outcome),
      roll: toRoll(stored),
      faces,
      outcome,
    };
  }

  private async find(principal: Principal, rollId: string): Promise<RollEntity> {
    const roll = await this.db.manager.findOne(RollEntity, {
      where: { id: rollId, campaignId: principal.campaignId },
    });
    if (!roll || (roll.secret && principal.role !== 'referee')) throw Problem.notFound(`Roll ${rollId}`);
    return roll;
  }
}

export function toRoll(entity: RollEntity): Roll {
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
    createdAt: entity.createdAt,
  };
}
