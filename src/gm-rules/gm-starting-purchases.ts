import { Body, Controller, Injectable, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { Args, Context, ID, InputType, Mutation, ObjectType, Resolver } from '@nestjs/graphql';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { assertMayActFor, CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { SheetsService } from '../characters/sheets.service';
import { ArbiterRequest, type GraphQLContext } from '../common/request-context';
import { In, Out } from '../common/schema';
import { gmStartingPurchase } from '../core/wealth/gm-equipment-rules';
import { Database } from '../database/database.service';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { WealthService } from '../wealth/wealth.service';

/** The procedure name the ledger entries of a starting purchase carry. */
export const GM_STARTING_PURCHASE = 'wealth.gm-starting-purchase';

@InputType({ description: 'G&M: a starting purchase made during first level (M3).' })
export class GmStartingPurchaseInput {
  @In.int('The cost in centisilver.', { min: 1, max: 1_000_000_000, example: 2700 })
  cost: number;

  @In.string('What was bought (kept with the ledger entries).', { optional: true, maxLength: 200 })
  item?: string;
}

@ObjectType({ description: 'G&M: a starting purchase applied to a stored character.' })
export class GmStartingPurchaseResult {
  @Out.id('The character.')
  characterId: string;

  @Out.int('The cost in centisilver.')
  cost: number;

  @Out.int('Whole mojo traded at 30 silver each to cover what the purse lacked.')
  mojoTraded: number;

  @Out.int('Centisilver the traded mojo brought.')
  silverGained: number;

  @Out.int('The change to Cash (centisilver).')
  cashDelta: number;

  @Out.int('Cash after (centisilver).')
  cashAfter: number;

  @Out.int('Mojo after.')
  mojoAfter: number;

  @Out.string('What was bought, when named.', { nullable: true })
  item: string | null;
}

/**
 * M3 on a stored character: Cash pays a starting purchase and whole mojo (30 silver each) covers what
 * it lacks, both in one transaction through the Cash ledger and the condition ledger; refused (409
 * naming `cost`) past first level or without the mojo.
 */
@Injectable()
export class GmStartingPurchasesService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly sheets: SheetsService,
    private readonly wealth: WealthService,
  ) {}

  purchase(
    who: Principal,
    characterId: string,
    input: GmStartingPurchaseInput,
    req: ArbiterRequest,
  ): Promise<GmStartingPurchaseResult> {
    assertMayActFor(who, characterId);
    return this.db.mutation(req, async (m) => {
      const campaign = await this.campaigns.campaign(m, who.campaignId);
      const character = await this.campaigns.character(m, who.campaignId, characterId);
      const owner = await this.sheets.characterOwner(m, who.campaignId, characterId);
      const row = await this.sheets.requireSheet(m, owner, 'gm');
      const data = row.data as Record<string, unknown>;
      const archetypes = Array.isArray(data.archetypes)
        ? (data.archetypes as Array<{ level?: unknown }>)
        : [];
      const level = archetypes.reduce((sum, a) => sum + (typeof a.level === 'number' ? a.level : 0), 0);
      const mojo = (data.mojo as { current?: unknown } | undefined)?.current;
      const outcome = gmStartingPurchase({
        cash: character.cash,
        cost: input.cost,
        mojo: typeof mojo === 'number' ? mojo : 0,
        level,
      });
      const item = input.item?.trim() || null;
      if (outcome.mojoTraded > 0)
        await this.sheets.changeTracked(
          m,
          who,
          campaign,
          owner,
          'gm',
          [{ field: 'mojo.current', delta: -outcome.mojoTraded }],
          { cause: 'procedure', procedure: GM_STARTING_PURCHASE, reason: item ?? 'starting purchase' },
          { row },
        );
      await this.wealth.changeCash(
        m,
        who,
        campaign,
        characterId,
        { cashDelta: outcome.cashDelta, reason: 'starting-purchase', note: item },
        { field: 'cost' },
      );
      return { characterId, ...outcome, item };
    });
  }
}

@ApiTags('wealth')
@ApiBearerAuth()
@Roles('referee', 'player')
@Controller('campaigns/:campaignId/characters/:characterId/gm-starting-purchases')
export class GmStartingPurchasesController {
  constructor(private readonly purchases: GmStartingPurchasesService) {}

  @Post()
  @ApiOperation({
    summary: 'G&M: a starting purchase during first level, from Cash and whole mojo at 30 silver each (M3)',
  })
  @ApiCreatedResponse({ type: GmStartingPurchaseResult })
  purchase(
    @CurrentPrincipal() who: Principal,
    @Param('characterId') characterId: string,
    @Body() input: GmStartingPurchaseInput,
    @Req() req: ArbiterRequest,
  ): Promise<GmStartingPurchaseResult> {
    return this.purchases.purchase(who, characterId, input, req);
  }
}

@UseInterceptors(IdempotencyInterceptor)
@Resolver()
export class GmStartingPurchasesResolver {
  constructor(private readonly purchases: GmStartingPurchasesService) {}

  @Roles('referee', 'player')
  @Mutation(() => GmStartingPurchaseResult, {
    description: 'G&M: a starting purchase during first level, from Cash and whole mojo (M3).',
  })
  gmStartingPurchase(
    @Args('campaignId', { type: () => ID, description: 'The campaign id.' }) _c: string,
    @Args('characterId', { type: () => ID, description: 'The character id.' }) characterId: string,
    @Args('input', { type: () => GmStartingPurchaseInput }) input: GmStartingPurchaseInput,
    @CurrentPrincipal() who: Principal,
    @Context() ctx: GraphQLContext,
  ): Promise<GmStartingPurchaseResult> {
    return this.purchases.purchase(who, characterId, input, ctx.req);
  }
}
