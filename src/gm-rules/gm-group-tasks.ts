import { Body, Controller, Injectable, Post, Req, UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, Mutation, ObjectType, Resolver } from '@nestjs/graphql';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { SheetChecksService } from '../characters/sheet-checks.service';
import { COMBAT_PROCEDURES } from '../combat/combat-procedures';
import { GmGroupEffortResult } from '../combat/combat.results';
import { Problem } from '../common/problem';
import { ArbiterRequest, diceBudget, type GraphQLContext } from '../common/request-context';
import { Out } from '../common/schema';
import type { GmGroupEffortOutcome } from '../core/combat/gm-group';
import { Database } from '../database/database.service';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { RollsService } from '../rolls/rolls.service';
import { withoutNulls } from '../wealth/reference/without-nulls';
import { CampaignGmGroupEffortInput } from './gm-group-tasks.inputs';

@ObjectType({ description: 'A G&M group effort logged in the campaign.' })
export class CampaignGmGroupEffortResult extends GmGroupEffortResult {
  @Out.id('The roll-log entry.')
  rollId: string;

  @Out.string('The task attempted (null without one).', { nullable: true })
  task: string | null;
}

/**
 * A group effort by characters of a campaign (G&M, "Group Effort"), logged as one roll; with a `task`
 * it is an attempt counted by CH6 (001:675): groups and individuals each get their own attempt at a
 * failed task in a session, so one group attempt may follow an individual failure and one individual
 * attempt a group failure.
 */
@Injectable()
export class GmGroupTasksService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly checks: SheetChecksService,
    private readonly rolls: RollsService,
  ) {}

  groupEffort(
    who: Principal,
    body: CampaignGmGroupEffortInput,
    req: ArbiterRequest,
  ): Promise<CampaignGmGroupEffortResult> {
    const { characterIds, task: taskName, reframed, framing, seed, ...rest } = withoutNulls(body);
    const ids = [...new Set(characterIds ?? [])];
    if (ids.length < 2)
      throw Problem.field(
        'VALIDATION_FAILED',
        'characterIds',
        'A group effort names at least two characters.',
      );
    if (who.role === 'player' && !ids.some((id) => who.characterIds.includes(id)))
      throw new Problem(
        'FORBIDDEN',
        'A player key may make a group effort only with one of its own characters.',
      );
    if (who.role !== 'referee' && who.role !== 'player')
      throw new Problem('FORBIDDEN', 'Only the referee and players make group efforts.');
    const fields = { task: taskName, reframed, framing };
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      for (const id of ids) await this.campaigns.character(m, who.campaignId, id);
      const task = await this.checks.openGroupTask(m, who, campaign, fields);
      const rolled = this.rolls.roll(COMBAT_PROCEDURES.gmGroupEffort, rest as never, seed, diceBudget(req));
      const outcome = rolled.outcome as GmGroupEffortOutcome;
      const effects = {
        characterIds: ids,
        ...(task
          ? { task: task.name, ...(reframed === true ? { reframed: true } : {}), framing: framing ?? null }
          : {}),
      };
      const roll = await this.rolls.record(m, who, rolled as never, { effects, campaign });
      // An effort that rolls nothing (roll: false) is no attempt at the task.
      if (task && outcome.passed !== null)
        await this.checks.rememberGroupAttempt(
          m,
          ids[0],
          campaign,
          task,
          fields,
          outcome.passed,
          roll.id,
          false,
        );
      return {
        ...{},
        ...outcome,
        seed: rolled.seed,
        rng: rolled.rng,
        rollId: roll.id,
        task: task?.name ?? null,
      };
    });
  }
}

@ApiTags('combat')
@ApiBearerAuth()
@Roles('referee', 'player')
@Controller('campaigns/:campaignId/gm-group-efforts')
export class GmGroupTasksController {
  constructor(private readonly groups: GmGroupTasksService) {}

  @Post()
  @ApiOperation({
    summary:
      'G&M group effort by characters of the campaign, logged; with a task, counted apart from individual attempts (CH6)',
  })
  @ApiCreatedResponse({ type: CampaignGmGroupEffortResult })
  groupEffort(
    @CurrentPrincipal() who: Principal,
    @Body() input: CampaignGmGroupEffortInput,
    @Req() req: ArbiterRequest,
  ): Promise<CampaignGmGroupEffortResult> {
    return this.groups.groupEffort(who, input, req);
  }
}

@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class GmGroupTasksResolver {
  constructor(private readonly groups: GmGroupTasksService) {}

  @Roles('referee', 'player')
  @Mutation(() => CampaignGmGroupEffortResult, {
    description: 'G&M group effort by characters of the campaign, logged; a task attempt counted by CH6.',
  })
  campaignGmGroupEffort(
    @Args('campaignId', { type: () => ID, description: 'The campaign id.' }) _c: string,
    @Args('input', { type: () => CampaignGmGroupEffortInput }) input: CampaignGmGroupEffortInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<CampaignGmGroupEffortResult> {
    return this.groups.groupEffort(who, input, ctx.req);
  }
}
