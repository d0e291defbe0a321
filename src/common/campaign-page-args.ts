import { ArgsType } from '@nestjs/graphql';
import { PageQuery } from './pagination';
import { In } from './schema';

/**
 * A GraphQL root query's arguments for a campaign's paged list: `campaignId` beside `limit` and
 * `after` (Nest validates all the arguments of `@Args()` as one object, so they are one class).
 */
@ArgsType()
export class CampaignPageArgs extends PageQuery {
  @In.id('The campaign id.')
  campaignId: string;
}
