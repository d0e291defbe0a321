import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal } from '../auth/principal';
import { CampaignPageArgs } from '../campaigns/campaign.dto';
import { Roll, RollPage, RollReplay } from './roll.model';
import { RollsService } from './rolls.service';

@Resolver(() => Roll)
export class RollsResolver {
  constructor(private readonly log: RollsService) {}

  @Query(() => RollPage, { description: 'The roll log, oldest first.' })
  rolls(@Args() page: CampaignPageArgs, @CurrentPrincipal() principal: Principal) {
    return this.log.list(principal, page);
  }

  @Query(() => Roll, { description: 'One roll of the log.' })
  roll(
    @Args('campaignId', { type: () => ID }) _campaignId: string,
    @Args('rollId', { type: () => ID }) rollId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Roll> {
    return this.log.get(principal, rollId);
  }

  @Query(() => RollReplay, { description: 'Resolve a stored roll again and compare.' })
  replayRoll(
    @Args('campaignId', { type: () => ID }) _campaignId: string,
    @Args('rollId', { type: () => ID }) rollId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<RollReplay> {
    return this.log.replay(principal, rollId);
  }
}
