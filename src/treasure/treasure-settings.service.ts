import { Injectable } from '@nestjs/common';
import { Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { Problem } from '../common/problem';
import { ArbiterRequest } from '../common/request-context';
import { LOOT_RULES, lootExperience, type LootRule } from '../core/treasure';
import { Database } from '../database/database.service';
import { CampaignEntity, CharacterEntity } from '../database/entities';
import { CampaignStateService } from '../campaign-state/campaign-state.service';
import { CampaignLootExperienceInput, TreasureSettingsInput } from './treasure.inputs';
import { LootExperienceResult, TreasureSettings } from './treasure.results';

/**
 * The campaign's treasure settings (how loot experience is shared) and the loot experience of the
 * group by that rule. G&M experience is not stored: the answer is a sum for the table to apply.
 */
@Injectable()
export class TreasureSettingsService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
    private readonly state: CampaignStateService,
  ) {}

  async settings(who: Principal): Promise<TreasureSettings> {
    return { lootExperienceRule: lootRule(await this.campaigns.campaign(this.db.manager, who.campaignId)) };
  }

  updateSettings(who: Principal, input: TreasureSettingsInput, req: ArbiterRequest) {
    return this.db.mutation(req, async (m): Promise<TreasureSettings> => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      campaign.settings = { ...{}, ...campaign.settings, lootExperienceRule: input.lootExperienceRule };
      await m.save(CampaignEntity, campaign);
      return { lootExperienceRule: input.lootExperienceRule };
    });
  }

  async lootExperience(who: Principal, input: CampaignLootExperienceInput): Promise<LootExperienceResult> {
    const m = this.db.manager;
    const campaign = await this.campaigns.campaign(m, who.campaignId);
    let members = input.members ?? null;
    if (members === null) {
      const roster = await this.state.roster(m, campaign);
      members =
        roster.length > 0
          ? roster.length
          : await m.count(CharacterEntity, { where: { campaignId: campaign.id } });
    }
    if (members < 1) {
      throw Problem.field(
        'VALIDATION_FAILED',
        'members',
        'The campaign has no characters yet: send members.',
      );
    }
    return lootExperience({
      silver: input.silver,
      members,
      rule: lootRule(campaign),
      currentExperience: input.currentExperience ?? null,
    });
  }
}

function lootRule(campaign: CampaignEntity): LootRule {
  const value = (campaign.settings as { lootExperienceRule?: unknown }).lootExperienceRule;
  return (LOOT_RULES as readonly unknown[]).includes(value) ? (value as LootRule) : 'divided';
}
