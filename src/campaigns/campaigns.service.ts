import { CharacterListQuery } from './list-filters';
import { Injectable } from '@nestjs/common';
import { EntityManager, In as AnyOf, IsNull, MoreThan } from 'typeorm';
import { Principal } from '../auth/principal';
import { KeyCache } from '../auth/key-cache';
import { hashSecret, newSecret } from '../auth/keys';
import { decodeCursor, DEFAULT_PAGE_SIZE, Page, PageQuery, toPage } from '../common/pagination';
import { Problem } from '../common/problem';
import { newId, now } from '../common/time';
import { Database, MutationCall } from '../database/database.service';
import { creationKey, pageByCreation, rowsByCreation } from '../database/paging';
import {
  ApiKeyEntity,
  CampaignEntity,
  CharacterEntity,
  GameSessionEntity,
  SessionRosterEntity,
} from '../database/entities';
import {
  CreateCampaignInput,
  CreateCharacterInput,
  CreateKeyInput,
  StartSessionInput,
  UpdateCharacterInput,
} from './campaign.dto';
import { ApiKey, Campaign, Character, CreatedCampaign, CreatedKey, GameSession } from './campaign.model';

/** Derived character fields that a domain computes (wealth: the lifestyle grade). */
export type CharacterDecorator = (
  entity: CharacterEntity,
  campaign: CampaignEntity,
) => Record<string, unknown>;

/** Work a domain does in the transaction that creates a character (wealth: the opening ledger entry). */
export type CharacterCreationHook = (
  m: EntityManager,
  character: CharacterEntity,
  by: Principal,
) => Promise<void>;

/**
 * Derived character fields that need the database (campaign state: `downtimeAvailable`): given the
 * characters of one answer, it reads what it needs once and returns a decorator for each.
 */
export type CharacterBatchDecorator = (
  m: EntityManager,
  entities: CharacterEntity[],
  campaign: CampaignEntity,
) => Promise<(entity: CharacterEntity) => Record<string, unknown>>;

/** Work a domain does in the transaction that creates a campaign (campaign state: clock, treasury). */
export type CampaignCreationHook = (m: EntityManager, campaign: CampaignEntity) => Promise<void>;

/**
 * Work a domain does in the transaction that starts a game session, after the session exists and
 * is the campaign's current one (characters: Feat-granted followers come back).
 */
export type SessionStartHook = (
  m: EntityManager,
  campaign: CampaignEntity,
  session: GameSessionEntity,
  by: Principal,
) => Promise<void>;

@Injectable()
export class CampaignsService {
  private readonly characterDecorators: CharacterDecorator[] = [];
  private readonly batchDecorators: CharacterBatchDecorator[] = [];
  private readonly creationHooks: CharacterCreationHook[] = [];
  private readonly campaignHooks: CampaignCreationHook[] = [];
  private readonly sessionHooks: SessionStartHook[] = [];

  constructor(
    private readonly db: Database,
    private readonly keyCache: KeyCache,
  ) {}

  decorateCharacters(decorator: CharacterDecorator): void {
    this.characterDecorators.push(decorator);
  }

  decorateCharactersAsync(decorator: CharacterBatchDecorator): void {
    this.batchDecorators.push(decorator);
  }

  onCharacterCreated(hook: CharacterCreationHook): void {
    this.creationHooks.push(hook);
  }

  onCampaignCreated(hook: CampaignCreationHook): void {
    this.campaignHooks.push(hook);
  }

  onSessionStarted(hook: SessionStartHook): void {
    this.sessionHooks.push(hook);
  }

  create(input: CreateCampaignInput, call: MutationCall): Promise<CreatedCampaign> {
    return this.db.mutation(call, async (m) => {
      const campaign = m.create(CampaignEntity, {
        id: newId(),
        name: input.name,
        settings: {},
        currentSessionId: null,
        createdAt: now(),
      });
      await m.save(CampaignEntity, campaign);
      for (const hook of this.campaignHooks) await hook(m, campaign);
      const { key, entity } = await this.insertKey(m, campaign.id, { role: 'referee', label: 'referee' });
      return { id: campaign.id, name: campaign.name, refereeKey: key, refereeKeyId: entity.id };
    });
  }

  async get(principal: Principal): Promise<Campaign> {
    const campaign = await this.campaign(this.db.manager, principal.campaignId);
    return {
      id: campaign.id,
      name: campaign.name,
      settings: campaign.settings,
      createdAt: campaign.createdAt,
    };
  }

  /** The campaign's row, in one parameterised read (TypeORM's find builds its query on every call). */
  async campaign(manager: EntityManager, campaignId: string): Promise<CampaignEntity> {
    const [row] = await Database.selectRows(manager, CampaignEntity, { id: campaignId });
    if (!row) throw Problem.notFound(`Campaign ${campaignId}`);
    return row;
  }

  // Keys

  createKey(principal: Principal, input: CreateKeyInput, call: MutationCall): Promise<CreatedKey> {
    return this.db.mutation(call, async (m) => {
      const characterIds = [...new Set(input.characterIds ?? [])];
      if (input.role !== 'player' && characterIds.length > 0) {
        throw Problem.field('VALIDATION_FAILED', 'characterIds', 'Only player keys are bound to characters.');
      }
      // A key's characters never change, so a player key without any could never act: refused.
      if (input.role === 'player' && characterIds.length === 0) {
        throw Problem.field(
          'VALIDATION_FAILED',
          'characterIds',
          'A player key needs at least one character to act for; create the character first.',
        );
      }
      await this.assertCharactersExist(m, principal.campaignId, characterIds, 'characterIds');
      const { key, entity } = await this.insertKey(m, principal.campaignId, {
        role: input.role,
        label: input.label ?? null,
        characterIds,
      });
      return { ...{}, ...toApiKey(entity), key };
    });
  }

  listKeys(principal: Principal, query: PageQuery): Promise<Page<ApiKey>> {
    return pageByCreation(
      this.db.manager,
      ApiKeyEntity,
      { campaignId: principal.campaignId },
      query,
      toApiKey,
    );
  }

  async revokeKey(principal: Principal, keyId: string, call: MutationCall): Promise<ApiKey> {
    let secretHash = '';
    const revoked = await this.db.mutation(call, async (m) => {
      // The campaign row lock makes concurrent revocations take turns, so the last-referee check holds.
      await this.lockCampaign(m, principal.campaignId);
      const key = await m.findOne(ApiKeyEntity, { where: { id: keyId, campaignId: principal.campaignId } });
      if (!key) throw Problem.notFound(`Key ${keyId}`);
      if (!key.revokedAt) {
        if (key.role === 'referee') {
          const activeReferees = await m.count(ApiKeyEntity, {
            where: { campaignId: principal.campaignId, role: 'referee', revokedAt: IsNull() },
          });
          if (activeReferees <= 1) {
            throw new Problem(
              'CONFLICT',
              'This is the campaign’s last referee key; create another before revoking it.',
            );
          }
        }
        key.revokedAt = now();
        await m.save(key);
      }
      secretHash = key.secretHash;
      return toApiKey(key);
    });
    // After the commit, so that no request can cache the key again while it is still active.
    this.keyCache.forget(secretHash);
    return revoked;
  }

  private async insertKey(
    m: EntityManager,
    campaignId: string,
    fields: { role: ApiKeyEntity['role']; label: string | null; characterIds?: string[] },
  ): Promise<{ key: string; entity: ApiKeyEntity }> {
    const key = newSecret();
    const entity = m.create(ApiKeyEntity, {
      id: newId(),
      campaignId,
      role: fields.role,
      label: fields.label,
      characterIds: fields.characterIds ?? [],
      secretHash: hashSecret(key),
      createdAt: now(),
      revokedAt: null,
    });
    await m.insert(ApiKeyEntity, entity);
    return { key, entity };
  }

  // Characters

  createCharacter(principal: Principal, input: CreateCharacterInput, call: MutationCall): Promise<Character> {
    return this.db.mutation(call, async (m) =>
      this.toCharacter(m, await this.insertCharacter(m, principal, input)),
    );
  }

  /** A new character inside the caller's transaction (the creation hooks run as for `createCharacter`). */
  async insertCharacter(
    m: EntityManager,
    principal: Principal,
    input: Pick<CreateCharacterInput, 'name' | 'notes' | 'wealth' | 'cash'>,
  ): Promise<CharacterEntity> {
    const stamp = now();
    const entity = m.create(CharacterEntity, {
      id: newId(),
      campaignId: principal.campaignId,
      name: input.name,
      notes: input.notes ?? null,
      wealth: input.wealth ?? 0,
      cash: input.cash ?? 0,
      createdAt: stamp,
      updatedAt: stamp,
    });
    await m.insert(CharacterEntity, entity);
    for (const hook of this.creationHooks) await hook(m, entity, principal);
    return entity;
  }

  async listCharacters(principal: Principal, query: CharacterListQuery): Promise<Page<Character>> {
    const { rows, limit } = await rowsByCreation(
      this.db.manager,
      CharacterEntity,
      { campaignId: principal.campaignId },
      query,
      { name: query.name, sheetSystem: query.system },
    );
    const campaign = await this.campaign(this.db.manager, principal.campaignId);
    const view = await this.characterViews(this.db.manager, rows, campaign);
    return toPage(rows, limit, view, creationKey);
  }

  async getCharacter(principal: Principal, characterId: string): Promise<Character> {
    const entity = await this.character(this.db.manager, principal.campaignId, characterId);
    return this.toCharacter(this.db.manager, entity);
  }

  updateCharacter(
    principal: Principal,
    characterId: string,
    input: UpdateCharacterInput,
    call: MutationCall,
  ): Promise<Character> {
    return this.db.mutation(call, async (m) => {
      const entity = await this.character(m, principal.campaignId, characterId);
      if (input.name !== undefined) entity.name = input.name;
      if (input.notes !== undefined) entity.notes = input.notes;
      entity.updatedAt = now();
      await m.save(entity);
      return this.toCharacter(m, entity);
    });
  }

  /** A character of the campaign, or 404. */
  async character(m: EntityManager, campaignId: string, characterId: string): Promise<CharacterEntity> {
    const [entity] = await Database.selectRows(m, CharacterEntity, { id: characterId, campaignId });
    if (!entity) throw Problem.notFound(`Character ${characterId}`);
    return entity;
  }

  async toCharacter(m: EntityManager, entity: CharacterEntity): Promise<Character> {
    const view = await this.characterViews(m, [entity], await this.campaign(m, entity.campaignId));
    return view(entity);
  }

  /** The view of each character of one answer, with the database-backed fields read once for all. */
  private async characterViews(
    m: EntityManager,
    entities: CharacterEntity[],
    campaign: CampaignEntity,
  ): Promise<(entity: CharacterEntity) => Character> {
    // One after another: inside a transaction `m` is one PostgreSQL client, which takes one query at a time.
    const batch: Array<Awaited<ReturnType<CharacterBatchDecorator>>> = [];
    for (const decorate of this.batchDecorators) batch.push(await decorate(m, entities, campaign));
    return (entity) => Object.assign(this.characterView(entity, campaign), ...batch.map((d) => d(entity)));
  }

  private characterView(entity: CharacterEntity, campaign: CampaignEntity): Character {
    const base: Character = {
      id: entity.id,
      name: entity.name,
      notes: entity.notes,
      wealth: entity.wealth,
      cash: entity.cash,
      lifestyle: '',
      downtimeAvailable: false,
      sheets: {},
      createdAt: entity.createdAt,
      updatedAt: entity.updatedAt,
    };
    return Object.assign(base, ...this.characterDecorators.map((decorate) => decorate(entity, campaign)));
  }

  /** VALIDATION_FAILED naming `field` unless every id is a character of the campaign. */
  async assertCharactersExist(m: EntityManager, campaignId: string, ids: string[], field: string) {
    if (ids.length === 0) return;
    const found = await m.find(CharacterEntity, {
      where: { campaignId, id: AnyOf(ids) },
      select: { id: true },
    });
    const missing = ids.filter((id) => !found.some((c) => c.id === id));
    if (missing.length > 0) {
      throw Problem.field(
        'VALIDATION_FAILED',
        field,
        `No such character in this campaign: ${missing.join(', ')}.`,
      );
    }
  }

  // Sessions

  /**
   * Starts a new game session. While one is in progress that is a 409 SESSION_IN_PROGRESS unless the
   * request says `endCurrent: true`, which ends it first (in the same transaction).
   */
  startSession(principal: Principal, input: StartSessionInput, call: MutationCall): Promise<GameSession> {
    return this.db.mutation(call, async (m) => {
      const campaign = await this.lockCampaign(m, principal.campaignId);
      const stamp = now();
      if (campaign.currentSessionId) {
        if (input.endCurrent !== true) {
          const current = await m.findOneOrFail(GameSessionEntity, {
            where: { id: campaign.currentSessionId },
          });
          throw Problem.field(
            'SESSION_IN_PROGRESS',
            'endCurrent',
            `Session ${current.number} is in progress; end it first, or send "endCurrent": true to end it ` +
              'and start the next one.',
          );
        }
        await m.update(GameSessionEntity, campaign.currentSessionId, { endedAt: stamp });
      }
      const last = await m.findOne(GameSessionEntity, {
        where: { campaignId: campaign.id },
        order: { number: 'DESC' },
      });
      const session = m.create(GameSessionEntity, {
        id: newId(),
        campaignId: campaign.id,
        number: (last?.number ?? 0) + 1,
        startedAt: stamp,
        endedAt: null,
      });
      await m.insert(GameSessionEntity, session);
      await m.update(CampaignEntity, campaign.id, { currentSessionId: session.id });
      campaign.currentSessionId = session.id;
      for (const hook of this.sessionHooks) await hook(m, campaign, session, principal);
      return toSession(session, []);
    });
  }

  async currentSession(principal: Principal): Promise<GameSession> {
    const session = await this.findCurrentSession(principal);
    if (!session) throw new Problem('NO_SESSION_IN_PROGRESS', 'No game session is in progress.');
    return session;
  }

  /** The session in progress, or null when there is none. */
  async findCurrentSession(principal: Principal): Promise<GameSession | null> {
    const campaign = await this.campaign(this.db.manager, principal.campaignId);
    if (!campaign.currentSessionId) return null;
    return this.sessionView(this.db.manager, campaign.currentSessionId);
  }

  /** A session with its roster. */
  async sessionView(m: EntityManager, sessionId: string): Promise<GameSession> {
    const session = await m.findOneOrFail(GameSessionEntity, { where: { id: sessionId } });
    return toSession(session, await this.rosterOf(m, sessionId));
  }

  /** The characters on a session's roster, in the order they joined ([] when no roster is set). */
  async rosterOf(m: EntityManager, sessionId: string): Promise<string[]> {
    const rows = await m.find(SessionRosterEntity, {
      where: { sessionId },
      order: { seq: 'ASC' },
      select: { characterId: true, seq: true },
    });
    return rows.map((r) => r.characterId);
  }

  endSession(principal: Principal, call: MutationCall): Promise<GameSession> {
    return this.db.mutation(call, async (m) => {
      const campaign = await this.lockCampaign(m, principal.campaignId);
      if (!campaign.currentSessionId)
        throw new Problem('NO_SESSION_IN_PROGRESS', 'No game session is in progress.');
      const session = await m.findOneOrFail(GameSessionEntity, { where: { id: campaign.currentSessionId } });
      session.endedAt = now();
      await m.save(session);
      await m.update(CampaignEntity, campaign.id, { currentSessionId: null });
      return toSession(session, await this.rosterOf(m, session.id));
    });
  }

  async listSessions(principal: Principal, query: PageQuery): Promise<Page<GameSession>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = decodeCursor<[number]>(query.after, ['number']);
    const rows = await this.db.manager.find(GameSessionEntity, {
      where: { campaignId: principal.campaignId, ...(after ? { number: MoreThan(after[0]) } : {}) },
      order: { number: 'ASC' },
      take: limit + 1,
    });
    const rosters = rows.length
      ? await this.db.manager.find(SessionRosterEntity, {
          where: { sessionId: AnyOf(rows.map((r) => r.id)) },
          order: { seq: 'ASC' },
        })
      : [];
    const rosterOf = (id: string) => rosters.filter((r) => r.sessionId === id).map((r) => r.characterId);
    return toPage(
      rows,
      limit,
      (row) => toSession(row, rosterOf(row.id)),
      (row) => [row.number],
    );
  }

  /**
   * Reads the campaign row for update: on PostgreSQL a row lock, so that two concurrent
   * "start session" calls take turns; SQLite transactions already take turns.
   */
  lockCampaign(m: EntityManager, campaignId: string): Promise<CampaignEntity> {
    if (this.db.isSqlite) return this.campaign(m, campaignId);
    return m.findOneOrFail(CampaignEntity, {
      where: { id: campaignId },
      lock: { mode: 'pessimistic_write' },
    });
  }
}

export function toApiKey(entity: ApiKeyEntity): ApiKey {
  return {
    id: entity.id,
    role: entity.role,
    label: entity.label,
    characterIds: entity.characterIds,
    createdAt: entity.createdAt,
    revokedAt: entity.revokedAt,
  };
}

export function toSession(entity: GameSessionEntity, roster: string[]): GameSession {
  return {
    id: entity.id,
    number: entity.number,
    startedAt: entity.startedAt,
    endedAt: entity.endedAt,
    roster,
  };
}
