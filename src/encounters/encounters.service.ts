import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Principal } from '../auth/principal';
import { CampaignStateService } from '../campaign-state/campaign-state.service';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import {
  adversaryStats,
  EncounterCheckInput as CoreCheckInput,
  EncounterCheckOutcome,
  TableEntryInput,
  validateTable,
  MORALE_DISPOSITIONS,
  MoraleInput,
  Scale,
} from '../core/encounters';
import { Database } from '../database/database.service';
import { CampaignEntity, CharacterEntity } from '../database/entities';
import { ProcedureRegistry } from '../rolls/procedures';
import { Rolled, RollsService } from '../rolls/rolls.service';
import { RuleError } from '../core/errors';
import { ENCOUNTER_PROCEDURES } from './encounter-procedures';
import { CheckReads, defaultTableFor, TablesService } from './tables.service';
import {
  AdversaryInput,
  CampaignEncounterCheckInput,
  ChaseInput,
  EncounterCheckInput,
  MoraleCheckInput,
  NumberAppearingInput,
  ReactionInput,
  SeedOnlyInput,
  SurpriseInput,
} from './encounters.inputs';
import { AdversaryResult, EncounterCheckResult, MoraleDisposition } from './encounters.results';

/** The players an encounter check assumes when none are given: the roster's or the characters', at most this. */
const MAX_DEFAULT_PLAYERS = 100;

type Provenanced<O> = O & { seed: string; rng: string };

/** Runs a core validation, prefixing the field it blames (an inline table's `entries[2]`). */
function withPrefix<T>(prefix: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RuleError && error.field) {
      throw new RuleError(error.code, error.message, `${prefix}.${error.field}`);
    }
    throw error;
  }
}

/**
 * Encounter procedures (COEAC; Cairn and G&M variants): stateless rolls, the campaign encounter check
 * (logged, secret by default) and the checks the clock makes due.
 */
@Injectable()
export class EncountersService implements OnModuleInit {
  constructor(
    registry: ProcedureRegistry,
    private readonly rolls: RollsService,
    private readonly db: Database,
    private readonly state: CampaignStateService,
    private readonly tables: TablesService,
  ) {
    registry.register(...(Object.values(ENCOUNTER_PROCEDURES) as never[]));
  }

  onModuleInit(): void {
    // The checks the time passed makes due: with an encounterTableId, with a default table for the
    // scale, or with rollEncounterChecks (false turns them off even when a default table is set).
    this.state.onClockAdvance(async (m, who, campaign, { scale, due, options }) => {
      const tableId = typeof options.encounterTableId === 'string' ? options.encounterTableId : null;
      const asked = options.rollEncounterChecks;
      if (asked === false) return {};
      const reads = await this.tables.checkReads(m, campaign.id);
      const fallback = defaultTableFor(reads.settings, scale);
      if (tableId === null && fallback === null && asked !== true) return {};
      const seed = typeof options.seed === 'string' ? options.seed : undefined;
      const encounterChecks = await this.runDueChecks(
        m,
        who,
        campaign,
        due,
        { tableId: tableId ?? fallback, scale: scale as Scale, seed },
        reads,
      );
      return { encounterChecks };
    });
  }

  /**
   * Runs `count` encounter checks at a scale inside the caller's transaction, each its own secret
   * roll in the log, in order; with a seed, check n uses "<seed>#n". `tableId` null draws no entry.
   * `reads` are the settings and cast when the caller has read them already.
   */
  async runDueChecks(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    count: number,
    options: { tableId?: string | null; scale: Scale; seed?: string },
    reads?: CheckReads,
  ): Promise<EncounterCheckResult[]> {
    if (count <= 0) return [];
    const context = await this.checkContext(m, campaign, options.tableId ?? null, 'encounterTableId', reads);
    const players = await this.defaultPlayers(m, campaign);
    const budget = { used: 0 };
    const checks: EncounterCheckResult[] = [];
    for (let i = 0; i < count; i++) {
      const rolled = this.rolls.roll(
        ENCOUNTER_PROCEDURES.check,
        { scale: options.scale, players, ...context },
        options.seed === undefined ? undefined : `${options.seed}#${i + 1}`,
        budget,
      );
      checks.push(await this.log(m, who, campaign, rolled, true));
    }
    return checks;
  }

  /** What a campaign check reads besides its own input: the table snapshot, the cast, the chance. */
  private async checkContext(
    m: EntityManager,
    campaign: CampaignEntity,
    tableId: string | null,
    field: string,
    reads?: CheckReads,
  ) {
    const { settings, cast } = reads ?? (await this.tables.checkReads(m, campaign.id));
    const snap = tableId === null ? null : await this.tables.tableSnapshot(m, campaign.id, tableId);
    if (tableId !== null && snap === null) {
      throw Problem.field('UNPROCESSABLE', field, `No table ${tableId} in this campaign.`);
    }
    return {
      recurringChance: settings.recurringChance,
      ...(snap ? { table: snap.table, subtables: snap.subtables } : {}),
      ...(cast.length > 0 ? { recurringCast: cast } : {}),
    };
  }

  // Stateless

  check(input: EncounterCheckInput, req: ArbiterRequest): EncounterCheckResult {
    const { seed, table, ...rest } = input;
    const terms: CoreCheckInput = { ...rest };
    if (table) {
      table.entries.forEach((e, i) => {
        if (e.subtableId !== undefined && e.subtableId !== null) {
          throw Problem.field(
            'VALIDATION_FAILED',
            `table.entries[${i}].subtableId`,
            'An inline table cannot nest subtables: store the tables in a campaign.',
          );
        }
      });
      const valid = withPrefix('table', () =>
        validateTable({ formula: table.formula, entries: table.entries as TableEntryInput[] }),
      );
      terms.table = { id: null, name: 'inline', formula: valid.formula, entries: valid.entries };
    }
    const rolled = this.rolls.roll(ENCOUNTER_PROCEDURES.check, terms, seed, diceBudget(req));
    return { ...{}, ...this.answer(rolled), faces: rolled.faces, rollId: null };
  }

  chase(input: ChaseInput, req: ArbiterRequest) {
    const { seed, ...rest } = input;
    return this.answer(this.rolls.roll(ENCOUNTER_PROCEDURES.chase, rest, seed, diceBudget(req)));
  }

  reaction(input: ReactionInput, req: ArbiterRequest) {
    const { seed, ...rest } = input;
    return this.answer(this.rolls.roll(ENCOUNTER_PROCEDURES.reaction, rest, seed, diceBudget(req)));
  }

  distance(input: SeedOnlyInput, req: ArbiterRequest) {
    return this.answer(this.rolls.roll(ENCOUNTER_PROCEDURES.distance, {}, input.seed, diceBudget(req)));
  }

  dieOfFate(input: SeedOnlyInput, req: ArbiterRequest) {
    return this.answer(this.rolls.roll(ENCOUNTER_PROCEDURES.dieOfFate, {}, input.seed, diceBudget(req)));
  }

  morale(input: MoraleCheckInput, req: ArbiterRequest) {
    const { seed, ...rest } = input;
    const needs: Record<string, string[]> = {
      coeac: [],
      'coeac-hirelings': ['controllerPool', 'hirelingPool'],
      cairn: ['wil', 'trigger'],
    };
    for (const field of needs[input.system]) {
      if ((rest as Record<string, unknown>)[field] === undefined) {
        throw Problem.field(
          'VALIDATION_FAILED',
          field,
          `${field} is required for the ${input.system} system.`,
        );
      }
    }
    if (input.system === 'coeac' && input.rating === undefined && input.disposition === undefined) {
      throw Problem.field('VALIDATION_FAILED', 'rating', 'Send a morale rating or a disposition.');
    }
    return this.answer(
      this.rolls.roll(ENCOUNTER_PROCEDURES.morale, rest as MoraleInput, seed, diceBudget(req)),
    );
  }

  surprise(input: SurpriseInput, req: ArbiterRequest) {
    const { seed, ...rest } = input;
    return this.answer(this.rolls.roll(ENCOUNTER_PROCEDURES.surprise, rest, seed, diceBudget(req)));
  }

  numberAppearing(input: NumberAppearingInput, req: ArbiterRequest) {
    const { seed, ...rest } = input;
    const rolled = this.rolls.roll(ENCOUNTER_PROCEDURES.numberAppearing, rest, seed, diceBudget(req));
    return { ...{}, ...this.answer(rolled), faces: rolled.faces };
  }

  adversary(input: AdversaryInput): AdversaryResult {
    const stats = adversaryStats({ grade: input.grade as never, tag: input.tag });
    const count = input.count ?? 1;
    return { ...{}, ...stats, count, totalHp: stats.hp * count };
  }

  dispositions(): { items: MoraleDisposition[] } {
    return { items: MORALE_DISPOSITIONS.map((d) => ({ ...d })) };
  }

  // In a campaign

  /**
   * The whole check in one roll-log entry: secret unless the referee says otherwise. The scale
   * defaults to the clock's, the players to the roster's size (else the number of characters).
   */
  campaignCheck(who: Principal, input: CampaignEncounterCheckInput, req: ArbiterRequest) {
    return this.db.mutation(req, async (m) => {
      const campaign = await m.findOneOrFail(CampaignEntity, { where: { id: who.campaignId } });
      const scale = (input.scale ?? (await this.state.clock(m, who.campaignId)).scale) as Scale;
      const players = input.players ?? (await this.defaultPlayers(m, campaign));
      const reads = await this.tables.checkReads(m, campaign.id);
      const tableId = input.tableId ?? defaultTableFor(reads.settings, scale);
      const context = await this.checkContext(m, campaign, tableId, 'tableId', reads);
      const terms = {
        scale,
        players,
        ...context,
        ...(input.recurringChance !== undefined ? { recurringChance: input.recurringChance } : {}),
        ...(input.numberAppearing !== undefined ? { numberAppearing: input.numberAppearing } : {}),
        ...(input.people !== undefined ? { people: input.people } : {}),
      };
      const rolled = this.rolls.roll(ENCOUNTER_PROCEDURES.check, terms, input.seed, diceBudget(req));
      return this.log(m, who, campaign, rolled, input.secret ?? true);
    });
  }

  private async log(
    m: EntityManager,
    who: Principal,
    campaign: CampaignEntity,
    rolled: Rolled<EncounterCheckOutcome>,
    secret: boolean,
  ): Promise<EncounterCheckResult> {
    const roll = await this.rolls.record(m, who, rolled, { secret, campaign });
    return { ...{}, ...this.answer(rolled), faces: rolled.faces, rollId: roll.id };
  }

  private async defaultPlayers(m: EntityManager, campaign: CampaignEntity): Promise<number> {
    const roster = await this.state.roster(m, campaign);
    if (roster.length > 0) return Math.min(roster.length, MAX_DEFAULT_PLAYERS);
    // At most 100 counts: the ids of the first 100 characters from the campaign's index, not a count of
    // every character (a campaign of 5,000 paid for all of them on every check; issue 41).
    const first = await m.find(CharacterEntity, {
      where: { campaignId: campaign.id },
      select: { id: true },
      take: MAX_DEFAULT_PLAYERS,
    });
    return first.length;
  }

  private answer<O>(rolled: Rolled<O>): Provenanced<O> {
    return { ...{}, ...rolled.outcome, seed: rolled.seed, rng: rolled.rng };
  }
}
