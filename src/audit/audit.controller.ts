import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, Roles } from '../auth/principal';
import { CampaignAudit } from './audit.model';
import { AuditService } from './audit.service';

@ApiTags('campaigns')
@ApiBearerAuth()
@Roles('referee')
@Controller('campaigns/:campaignId/audit')
export class AuditController {
  constructor(private readonly audits: AuditService) {}

  @Get()
  @ApiOperation({
    summary: 'Check the campaign against its own record (referee)',
    description:
      'Resolves every logged roll again from its procedure, inputs and seed, and folds the condition ' +
      'ledger into every stored sheet; `ok` is true when nothing differs, and each difference is listed ' +
      'by roll or by sheet value. Reads only. Its cost grows with the log: run it now and then, not on a timer.',
  })
  @ApiOkResponse({ type: CampaignAudit })
  audit(@CurrentPrincipal() principal: Principal): Promise<CampaignAudit> {
    return this.audits.audit(principal);
  }
}
