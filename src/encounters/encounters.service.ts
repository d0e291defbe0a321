import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Principal } from '../auth/principal';
import { CampaignStateService } from '../campaign-state/campaign-state.service';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget } from '../common/request-context';
import {
  adversaryStats,
  EncounterCheckOutcome,
  MORALE_DISPOSITIONS,
  MoraleInput,
  Scale,
} from '../core/encounters';
import { Database } from '../database/database.service';
import { CampaignEntity, CharacterEntity } from '../database/entities';
import { ProcedureRegistry } from '../rolls/procedures';
import { Rolled, RollsService } from '../rolls/rolls.service';
import { ENCOUNTER_PROCEDURES } from './encounter-procedures';
import {
  AdversaryInput,
  CampaignEncounterCheckInput,
  EncounterCheckInput,
  MoraleCheckInput,
  NumberAppearingInput,
  ReactionInput,
  SeedOnlyInput,
  SurpriseInput,
} from './encounters.inputs';
import { AdversaryResult, EncounterCheckResult, MoraleDisposition } from './encounters.results';

type Provenanced<O> = O & { seed: string; rng: string };

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
  ) {
    registry.register(...(Object.values(ENCOUNTER_PROCEDURES) as never[]));
  }

  onModuleInit(): void {
    // The checks that the time passed makes due, when the referee's advance asks for them.
    this.state.onClockAdvance(async (m, who, campaign, { scale, due, options }) => {
      if (!options.rollEncounterChecks) return {};
      const players = await this.defaultPlayers(m, campaign);
      const seed = typeof options.seed === 'string' ? options.seed : undefined;
      const budget = { used: 0 };
      const checks: EncounterCheckResult[] = [];
      for (let i = 0; i < due; i++) {
        // One seed for the advance gives each check its own: "<seed>#<n>".
        const rolled = this.rolls.roll(
          ENCOUNTER_PROCEDURES.check,
          { scale: scale as Scale, players },
          seed === undefined ? undefined : `${seed}#${i + 1}`,
          budget,
        );
        checks.push(await this.log(m, who, campaign, rolled, true));
      }
      return { encounterChecks: checks };
    });
  }

  // Stateless

  check(input: EncounterCheckInput, req: ArbiterRequest): EncounterCheckResult {
    const { seed, ...rest } = input;
    const rolled = this.rolls.roll(ENCOUNTER_PROCEDURES.check, rest, seed, diceBudget(req));
    return { ...this.answer(rolled), faces: rolled.faces, rollId: null };
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
    return { ...this.answer(rolled), faces: rolled.faces };
  }

  adversary(input: AdversaryInput): AdversaryResult {
    const stats = adversaryStats({ grade: input.grade as never, tag: input.tag });
    const count = input.count ?? 1;
    return { ...stats, count, totalHp: stats.hp * count };
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
      const scale = input.scale ?? (await this.state.clock(m, who.campaignId)).scale;
      const players = input.players ?? (await this.defaultPlayers(m, campaign));
      const terms = {
        scale: scale as Scale,
        players,
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
    return { ...this.answer(rolled), faces: rolled.faces, rollId: roll.id };
  }

  private async defaultPlayers(m: EntityManager, campaign: CampaignEntity): Promise<number> {
    const roster = await this.state.roster(m, campaign);
    if (roster.length > 0) return Math.min(roster.length, 100);
    return Math.min(await m.count(CharacterEntity, { where: { campaignId: campaign.id } }), 100);
  }

  private answer<O>(rolled: Rolled<O>): Provenanced<O> {
    return { ...rolled.outcome, seed: rolled.seed, rng: rolled.rng };
  }
}
