import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { CampaignAudit } from './audit.model';
import { AuditService } from './audit.service';

/** GraphQL twin of GET /v1/campaigns/{campaignId}/audit. */
@Resolver(() => CampaignAudit)
export class AuditResolver {
  constructor(private readonly audits: AuditService) {}

  @Roles('referee')
  @Query(() => CampaignAudit, {
    description:
      'The campaign checked against its own record: every logged roll replayed, every sheet against the ' +
      'fold of its condition ledger (referee; twin of GET /v1/campaigns/{campaignId}/audit).',
  })
  campaignAudit(
    @Args('campaignId', { type: () => ID }) _campaignId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<CampaignAudit> {
    return this.audits.audit(principal);
  }
}
