import { Injectable, OnModuleInit } from '@nestjs/common';
import { Between, EntityManager, In as AnyOf, MoreThan } from 'typeorm';
import { assertMayActFor, Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { GameSession } from '../campaigns/campaign.model';
import { decodeCursor, DEFAULT_PAGE_SIZE, Page, PageQuery, toPage } from '../common/pagination';
import { Problem } from '../common/problem';
import { newId, now } from '../common/time';
import {
  advanceClock,
  ClockPassage,
  DEFAULT_TURNS_PER_WATCH,
  dueEncounterChecks,
  type ClockStep,
} from '../core/clock';
import { Database, MutationCall } from '../database/database.service';
import {
  CampaignClockEntity,
  CampaignEntity,
  CampaignTreasuryEntity,
  DowntimeActionEntity,
  Scale,
  SessionRosterEntity,
  TreasuryLedgerEntity,
  Watch,
} from '../database/entities';
import { ClockUpdateInput, DowntimeInput, TravelInput } from './campaign-state.inputs';
import {
  CampaignTravel,
  ClockAdvance,
  ClockView,
  DowntimeAction,
  TreasuryLedgerEntry,
} from './campaign-state.results';

/** Work a domain does when the clock advances (encounters: the checks that fell due). */
export type ClockAdvanceHook = (
  m: EntityManager,
  who: Principal,
  campaign: CampaignEntity,
  passage: {
    scale: Scale;
    due: number;
    options: Record<string, unknown>;
    /** The time the advance stands for: ten-minute turns, four-hour watches, 24-hour days. */
    minutes: number;
    /** Day and watch boundaries crossed and turns played by this advance. */
    passed?: { days: number; watches: number; turns: number };
  },
) => Promise<Record<string, unknown>>;

/**
 * Campaign state that every rule domain shares (SPEC 5.6): the in-game clock, the roster of the
 * session in progress, the company treasury and the characters' downtime actions. The methods that
 * take an EntityManager run inside the caller's transaction, so a domain's roll, its state change
 * and these claims commit together or not at all.
 */
@Injectable()
export class CampaignStateService implements OnModuleInit {
  private readonly advanceHooks: ClockAdvanceHook[] = [];

  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
  ) {}

  onModuleInit(): void {
    this.campaigns.onCampaignCreated(async (m, campaign) => {
      await Database.insertRow(m, CampaignClockEntity, {
        campaignId: campaign.id,
        day: 1,
        watch: 'morning',
        turn: 0,
        scale: 'haven',
        nightWatch: false,
        turnsPerWatch: DEFAULT_TURNS_PER_WATCH,
        havenKind: 'town',
        updatedAt: campaign.createdAt,
      });
      await Database.insertRow(m, CampaignTreasuryEntity, {
        campaignId: campaign.id,
        cash: 0,
        updatedAt: campaign.createdAt,
      });
    });
    this.campaigns.decorateCharactersAsync(async (m, characters, campaign) => {
      // Available: a session is in progress at the haven scale, the character has acted neither in
      // it nor this week of the clock, and the session's roster (when it has one) includes it;
      // exactly what claimDowntime would accept.
      const used = new Set<string>();
      let roster: Set<string> | null = null;
      let inHaven = true;
      if (campaign.currentSessionId && characters.length > 0) {
        const clock = await this.clock(m, campaign.id);
        inHaven = clock.scale === 'haven';
        const week = weekOf(clock.day);
        const ids = AnyOf(characters.map((c) => c.id));
        const rows = await m.find(DowntimeActionEntity, {
          where: [
            { sessionId: campaign.currentSessionId, characterId: ids },
            { campaignId: campaign.id, characterId: ids, clockDay: Between(week.first, week.last) },
          ],
          select: { characterId: true },
        });
        for (const row of rows) used.add(row.characterId);
        const members = await this.campaigns.rosterOf(m, campaign.currentSessionId);
        if (members.length > 0) roster = new Set(members);
      }
      return (character) => ({
        downtimeAvailable:
          campaign.currentSessionId !== null &&
          inHaven &&
          !used.has(character.id) &&
          (roster === null || roster.has(character.id)),
      });
    });
  }

  /** Lets a domain act on the time that passes (called inside the advance's transaction). */
  onClockAdvance(hook: ClockAdvanceHook): void {
    this.advanceHooks.push(hook);
  }

  // Clock

  async clock(m: EntityManager, campaignId: string): Promise<ClockView> {
    return toClockView(await this.clockRow(m, campaignId, false));
  }

  readClock(who: Principal): Promise<ClockView> {
    return this.clock(this.db.manager, who.campaignId);
  }

  advance(
    who: Principal,
    step: ClockStep & { options?: Record<string, unknown>; scale?: Scale },
    call: MutationCall,
  ): Promise<ClockAdvance> {
    return this.db.mutation(call, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      return this.advanceIn(m, who, campaign, step);
    });
  }

  /**
   * `advance` inside the caller's transaction (travel, and harm: a rest that takes time); the caller
   * has locked the campaign row first (CampaignsService.lockCampaign), as `advance` does.
   */
  async advanceIn(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    step: ClockStep & { options?: Record<string, unknown>; scale?: Scale; dueChecks?: number },
  ): Promise<ClockAdvance> {
    const row = await this.clockRow(m, who.campaignId, true);
    // Travel moves the party to the scale it travels at before the time passes.
    if (step.scale !== undefined && step.scale !== row.scale) {
      await Database.updateRow(m, CampaignClockEntity, row.campaignId, { scale: step.scale });
      row.scale = step.scale;
    }
    const passage: ClockPassage = advanceClock(
      { day: row.day, watch: row.watch, turn: row.turn },
      { days: step.days, watches: step.watches, turns: step.turns },
      row.nightWatch,
      row.turnsPerWatch ?? 0,
    );
    const { to } = passage;
    await Database.updateRow(m, CampaignClockEntity, row.campaignId, {
      day: to.day,
      watch: to.watch,
      turn: to.turn,
      updatedAt: now(),
    });
    const encounterChecks = step.dueChecks ?? dueEncounterChecks(row.scale, passage.passed);
    let extra: Record<string, unknown> = {};
    for (const hook of this.advanceHooks) {
      extra = {
        ...{},
        ...extra,
        ...(await hook(m, who, campaign, {
          scale: row.scale,
          due: encounterChecks,
          options: step.options ?? {},
          minutes: (step.days ?? 0) * 1440 + (step.watches ?? 0) * 240 + (step.turns ?? 0) * 10,
          passed: passage.passed,
        })),
      };
    }
    const view = (p: typeof to) => ({
      ...{},
      ...p,
      scale: row.scale,
      nightWatch: row.nightWatch,
      turnsPerWatch: row.turnsPerWatch ?? 0,
      havenKind: row.havenKind ?? 'town',
    });
    return {
      from: view(passage.from),
      to: view(to),
      passed: passage.passed,
      due: { encounterChecks },
      ...extra,
    };
  }

  /**
   * Travel (COEAC "The overland scale", "Water voyages"; SPEC 6.4): land travel is one hex a watch at
   * the overland scale, water travel four (or hexesPerDay) hexes a day at the water scale. The clock
   * moves to that scale, advances by the time, and the encounter checks it makes due are rolled by
   * the same hooks as a clock advance.
   */
  async travel(who: Principal, input: TravelInput, call: MutationCall): Promise<CampaignTravel> {
    const mode = input.mode ?? 'land';
    if ((input.hexes === undefined) === (input.days === undefined)) {
      throw Problem.field('VALIDATION_FAILED', 'hexes', 'Send exactly one of hexes and days.');
    }
    if (mode !== 'water' && input.hexesPerDay !== undefined) {
      throw Problem.field('VALIDATION_FAILED', 'hexesPerDay', 'hexesPerDay is for water travel.');
    }
    const perDay = input.hexesPerDay ?? 4;
    const { mode: _m, hexes: _h, days: _d, hexesPerDay: _p, rollEncounterChecks, ...rest } = input;
    const options = { ...{}, ...rest, rollEncounterChecks: rollEncounterChecks ?? true };
    return this.db.mutation(call, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      if (mode === 'land') {
        const watches = input.hexes ?? (input.days ?? 0) * 2;
        const advance = await this.advanceIn(m, who, campaign, { watches, scale: 'overland', options });
        return { mode, hexes: watches, watches, days: 0, turns: 0, advance };
      }
      if (mode === 'mirror') {
        // The Mirror Road: a day's travel (two hexes) in an hour, so three ten-minute turns a hex, at
        // the overland scale with one encounter check a hex, as overland travel would make.
        const hexes = input.hexes ?? (input.days ?? 0) * 2;
        const turns = hexes * 3;
        const advance = await this.advanceIn(m, who, campaign, {
          turns,
          scale: 'overland',
          dueChecks: hexes,
          options,
        });
        return { mode, hexes, watches: 0, days: 0, turns, advance };
      }
      const days = input.days ?? Math.ceil((input.hexes ?? 0) / perDay);
      const hexes = input.hexes ?? days * perDay;
      const advance = await this.advanceIn(m, who, campaign, { days, scale: 'water', options });
      return { mode, hexes, watches: 0, days, turns: 0, advance };
    });
  }

  updateClock(who: Principal, input: ClockUpdateInput, call: MutationCall): Promise<ClockView> {
    return this.db.mutation(call, async (m) => {
      await this.campaigns.lockCampaign(m, who.campaignId);
      const row = await this.clockRow(m, who.campaignId, true);
      const changes: Partial<CampaignClockEntity> = { updatedAt: now() };
      if (input.scale !== undefined) changes.scale = input.scale;
      if (input.nightWatch !== undefined) changes.nightWatch = input.nightWatch;
      if (input.turnsPerWatch !== undefined) changes.turnsPerWatch = input.turnsPerWatch;
      if (input.havenKind !== undefined) changes.havenKind = input.havenKind;
      await Database.updateRow(m, CampaignClockEntity, row.campaignId, changes);
      return toClockView({ ...{}, ...row, ...changes });
    });
  }

  private async clockRow(m: EntityManager, campaignId: string, lock: boolean): Promise<CampaignClockEntity> {
    const row = await m.findOne(CampaignClockEntity, {
      where: { campaignId },
      ...(lock && !this.db.isSqlite ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!row) throw Problem.notFound(`Campaign ${campaignId}`);
    return row;
  }

  // Roster

  /** The characters on the roster of the session in progress ([] when none is set). */
  async roster(m: EntityManager, campaign: CampaignEntity): Promise<string[]> {
    if (!campaign.currentSessionId) return [];
    return this.campaigns.rosterOf(m, campaign.currentSessionId);
  }

  /** NOT_ON_ROSTER when the session in progress has a roster that leaves the character out. */
  async assertOnRoster(
    m: EntityManager,
    campaign: CampaignEntity,
    characterId: string,
    field = 'characterId',
  ): Promise<void> {
    const roster = await this.roster(m, campaign);
    if (roster.length > 0 && !roster.includes(characterId)) {
      throw new Problem(
        'NOT_ON_ROSTER',
        `Character ${characterId} is not on this session's roster; the referee or its player can add it.`,
        [{ field, message: 'not on the roster of the session in progress' }],
      );
    }
  }

  setRoster(who: Principal, characterIds: string[], call: MutationCall): Promise<GameSession> {
    return this.db.mutation(call, async (m) => {
      const { campaign, sessionId } = await this.sessionInProgress(m, who);
      const ids = [...new Set(characterIds)];
      await this.campaigns.assertCharactersExist(m, campaign.id, ids, 'characterIds');
      await m.delete(SessionRosterEntity, { sessionId });
      for (const characterId of ids) await this.insertRosterRow(m, sessionId, characterId);
      return this.campaigns.sessionView(m, sessionId);
    });
  }

  addToRoster(who: Principal, characterId: string, call: MutationCall): Promise<GameSession> {
    assertMayActFor(who, characterId);
    return this.db.mutation(call, async (m) => {
      const { campaign, sessionId } = await this.sessionInProgress(m, who);
      await this.campaigns.assertCharactersExist(m, campaign.id, [characterId], 'characterId');
      const present = await m.findOne(SessionRosterEntity, { where: { sessionId, characterId } });
      if (!present) await this.insertRosterRow(m, sessionId, characterId);
      return this.campaigns.sessionView(m, sessionId);
    });
  }

  removeFromRoster(who: Principal, characterId: string, call: MutationCall): Promise<GameSession> {
    assertMayActFor(who, characterId);
    return this.db.mutation(call, async (m) => {
      const { sessionId } = await this.sessionInProgress(m, who);
      const present = await m.findOne(SessionRosterEntity, { where: { sessionId, characterId } });
      if (!present) throw Problem.notFound(`Character ${characterId} on the roster`);
      await m.delete(SessionRosterEntity, { sessionId, characterId });
      return this.campaigns.sessionView(m, sessionId);
    });
  }

  private async insertRosterRow(m: EntityManager, sessionId: string, characterId: string): Promise<void> {
    await Database.insertRow(m, SessionRosterEntity, { sessionId, characterId, createdAt: now() });
  }

  private async sessionInProgress(m: EntityManager, who: Principal) {
    const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
    if (!campaign.currentSessionId) {
      throw new Problem('NO_SESSION_IN_PROGRESS', 'No game session is in progress; the referee starts one.');
    }
    return { campaign, sessionId: campaign.currentSessionId };
  }

  // Downtime

  /**
   * Spends the character's one downtime action of the session in progress, inside the caller's
   * transaction. The unique index on (session, character) settles concurrent claims: one wins.
   */
  async claimDowntime(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    characterId: string,
    activity: string,
    rollId: string | null = null,
  ): Promise<DowntimeAction> {
    const sessionId = campaign.currentSessionId;
    if (!sessionId) {
      throw new Problem(
        'NO_SESSION_IN_PROGRESS',
        'Downtime actions belong to a game session; start one first.',
      );
    }
    await this.assertOnRoster(m, campaign, characterId);
    const used = await m.findOne(DowntimeActionEntity, { where: { sessionId, characterId } });
    if (used) throw downtimeUsed(characterId, used.activity);
    // J5 (003:977, our reading): downtime is taken in a haven, one action a week of the campaign clock.
    const clock = await this.assertInHaven(m, campaign.id, 'A downtime action');
    const week = weekOf(clock.day);
    const sameWeek = await m.findOne(DowntimeActionEntity, {
      where: { campaignId: campaign.id, characterId, clockDay: Between(week.first, week.last) },
    });
    if (sameWeek) {
      throw new Problem(
        'DOWNTIME_ALREADY_USED',
        `Character ${characterId} has already spent this week's downtime action (day ${sameWeek.clockDay}, ${sameWeek.activity}); the next one comes on day ${week.last + 1}.`,
        [{ field: 'characterId', message: 'downtime action already used this week' }],
      );
    }
    const row = {
      id: newId(),
      campaignId: campaign.id,
      sessionId,
      characterId,
      activity,
      rollId,
      keyId: who.keyId,
      clockDay: clock.day,
      createdAt: now(),
    };
    try {
      await Database.insertRow(m, DowntimeActionEntity, row);
    } catch (error) {
      // A concurrent claim committed first (PostgreSQL): the unique index refused this one.
      if (isUniqueViolation(error)) throw downtimeUsed(characterId, null);
      throw error;
    }
    return toDowntimeAction(row);
  }

  /**
   * The clock, when the campaign is at the haven scale; else 409 NOT_IN_HAVEN (J5: downtime, Income
   * and purchases belong to a haven phase, 003:975–977).
   */
  async assertInHaven(m: EntityManager, campaignId: string, what: string): Promise<ClockView> {
    const clock = await this.clock(m, campaignId);
    if (clock.scale !== 'haven') {
      throw new Problem(
        'NOT_IN_HAVEN',
        `${what} belongs to a haven phase; the campaign is at the ${clock.scale} scale (set the clock's scale to haven).`,
      );
    }
    return clock;
  }

  spendDowntime(
    who: Principal,
    characterId: string,
    input: DowntimeInput,
    call: MutationCall,
  ): Promise<DowntimeAction> {
    assertMayActFor(who, characterId);
    return this.db.mutation(call, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      await this.campaigns.character(m, who.campaignId, characterId);
      return this.claimDowntime(m, who, campaign, characterId, input.activity);
    });
  }

  // Treasury

  async treasuryCash(m: EntityManager, campaignId: string): Promise<number> {
    return (await this.treasuryRow(m, campaignId, false)).cash;
  }

  /**
   * Changes the company treasury inside the caller's transaction and writes its ledger entry. On
   * PostgreSQL it locks the treasury row: lock characters first, then the treasury.
   */
  async changeTreasury(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    change: {
      delta: number;
      reason: string;
      note?: string | null;
      rollId?: string | null;
      characterId?: string | null;
    },
    field = 'amount',
  ): Promise<TreasuryLedgerEntry> {
    const row = await this.treasuryRow(m, campaign.id, true);
    const cash = row.cash + change.delta;
    if (cash < 0) {
      throw Problem.field(
        'INSUFFICIENT_CASH',
        field,
        `The company treasury holds ${row.cash} Cash and cannot pay ${-change.delta}.`,
      );
    }
    const stamp = now();
    await Database.updateRow(m, CampaignTreasuryEntity, campaign.id, { cash, updatedAt: stamp });
    const entry = {
      id: newId(),
      campaignId: campaign.id,
      cashDelta: change.delta,
      cashAfter: cash,
      reason: change.reason,
      note: change.note ?? null,
      characterId: change.characterId ?? null,
      rollId: change.rollId ?? null,
      sessionId: campaign.currentSessionId,
      keyId: who.keyId,
      createdAt: stamp,
    };
    await Database.insertRow(m, TreasuryLedgerEntity, entry);
    return toTreasuryEntry(entry);
  }

  async treasuryLedger(who: Principal, query: PageQuery): Promise<Page<TreasuryLedgerEntry>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = decodeCursor<[number]>(query.after, ['number']);
    const rows = await this.db.manager.find(TreasuryLedgerEntity, {
      where: { campaignId: who.campaignId, ...(after ? { seq: MoreThan(after[0]) } : {}) },
      order: { seq: 'ASC' },
      take: limit + 1,
    });
    return toPage(rows, limit, toTreasuryEntry, (row) => [row.seq]);
  }

  /** The newest treasury entries first. */
  async recentTreasuryLedger(campaignId: string, limit: number): Promise<TreasuryLedgerEntry[]> {
    const rows = await this.db.manager.find(TreasuryLedgerEntity, {
      where: { campaignId },
      order: { seq: 'DESC' },
      take: limit,
    });
    return rows.map(toTreasuryEntry);
  }

  private async treasuryRow(m: EntityManager, campaignId: string, lock: boolean) {
    const row = await m.findOne(CampaignTreasuryEntity, {
      where: { campaignId },
      ...(lock && !this.db.isSqlite ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!row) throw Problem.notFound(`Campaign ${campaignId}`);
    return row;
  }
}

function downtimeUsed(characterId: string, activity: string | null): Problem {
  return new Problem(
    'DOWNTIME_ALREADY_USED',
    `Character ${characterId} has already spent this session's downtime action` +
      (activity ? ` (${activity}).` : '.'),
    [{ field: 'characterId', message: 'downtime action already used this session' }],
  );
}

/** A unique-index violation, as SQLite or PostgreSQL reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  const code = e.driverError?.code ?? e.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

function toClockView(
  row: Pick<
    CampaignClockEntity,
    'day' | 'watch' | 'turn' | 'scale' | 'nightWatch' | 'turnsPerWatch' | 'havenKind'
  >,
): ClockView {
  return {
    day: row.day,
    watch: row.watch as Watch,
    turn: row.turn,
    scale: row.scale,
    nightWatch: Boolean(row.nightWatch),
    turnsPerWatch: row.turnsPerWatch ?? 0,
    havenKind: row.havenKind ?? 'town',
  };
}

function toDowntimeAction(row: Omit<DowntimeActionEntity, 'seq'>): DowntimeAction {
  return {
    id: row.id,
    characterId: row.characterId,
    sessionId: row.sessionId,
    activity: row.activity,
    rollId: row.rollId,
    createdAt: row.createdAt,
  };
}

export function toTreasuryEntry(e: Omit<TreasuryLedgerEntity, 'seq'>): TreasuryLedgerEntry {
  return {
    id: e.id,
    cashDelta: e.cashDelta,
    cashAfter: e.cashAfter,
    reason: e.reason,
    note: e.note,
    characterId: e.characterId,
    rollId: e.rollId,
    sessionId: e.sessionId,
    keyId: e.keyId,
    createdAt: e.createdAt,
  };
}

/** Days of a week of the campaign clock: days 1–7 are week 1 (our reading of "per week", 003:977). */
export const DAYS_PER_WEEK = 7;

export function weekOf(day: number): { week: number; first: number; last: number } {
  const week = Math.floor((Math.max(1, day) - 1) / DAYS_PER_WEEK) + 1;
  const first = (week - 1) * DAYS_PER_WEEK + 1;
  return { week, first, last: first + DAYS_PER_WEEK - 1 };
}
