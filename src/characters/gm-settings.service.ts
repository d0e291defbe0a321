import { Injectable } from '@nestjs/common';
import { withCoreNames } from '../common/renamed-fields';
import { gmDerivationView } from '../characters-builder/builder.service';
import { Principal } from '../auth/principal';
import { CampaignsService } from '../campaigns/campaigns.service';
import { Problem } from '../common/problem';
import { buildGm, type GmBuildInput } from '../core/characters/gm-builder';
import {
  checkTable,
  DEFAULT_GM_CONTRIBUTORS,
  type GmContributorTable,
} from '../core/characters/gm-derivation';
import { type GmSpecies, speciesTable } from '../core/characters/gm-species';
import { Database, MutationCall } from '../database/database.service';
import { CampaignEntity } from '../database/entities';
import { withoutNulls } from '../wealth/reference/without-nulls';
import { CampaignGmDerivationInput, GmSettings, GmSettingsInput } from './gm-settings.types';

/**
 * The campaign's G&M settings (SPEC 6.1): the contributor table (`settings.gmContributors`) and the
 * campaign's species (`settings.gmSpecies`), both referee data. Sheets of the campaign derive with
 * them, and so does the campaign's derivation route. Any key of the campaign reads them.
 */
@Injectable()
export class GmSettingsService {
  constructor(
    private readonly db: Database,
    private readonly campaigns: CampaignsService,
  ) {}

  async get(who: Principal): Promise<GmSettings> {
    return view(await this.campaigns.campaign(this.db.manager, who.campaignId));
  }

  update(who: Principal, input: GmSettingsInput, call: MutationCall): Promise<GmSettings> {
    if (who.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee sets the G&M settings.');
    if (input.resetContributors === true && input.contributors) {
      throw Problem.field(
        'VALIDATION_FAILED',
        'resetContributors',
        'Send contributors or resetContributors.',
      );
    }
    const table = input.contributors
      ? checkTable({
          bands: input.contributors.bands.map((b) => ({ upTo: b.upTo, major: b.major })),
          perPointAbove: input.contributors.perPointAbove,
        })
      : null;
    const species = input.species?.map((row, i) => {
      const id = row.id.toLowerCase();
      if (input.species!.findIndex((other) => other.id.toLowerCase() === id) !== i) {
        throw Problem.field('VALIDATION_FAILED', `species[${i}].id`, 'A species id is listed once.');
      }
      return {
        id,
        name: row.name,
        abilityAdjustments: withoutNulls({ ...(row.attributeAdjustments ?? {}) }),
        reactions: withoutNulls({ ...(row.reactions ?? {}) }),
        ...(row.baseMovement !== undefined && row.baseMovement !== null
          ? { baseMovement: row.baseMovement }
          : {}),
        ...(row.body ? { body: withoutNulls({ ...row.body }) } : {}),
        notes: row.notes ?? [],
      };
    });
    return this.db.mutation(call, async (m) => {
      const campaign = await this.campaigns.lockCampaign(m, who.campaignId);
      const settings = { ...campaign.settings };
      if (table) settings.gmContributors = table;
      if (input.resetContributors === true) delete settings.gmContributors;
      if (species) {
        if (species.length === 0) delete settings.gmSpecies;
        else settings.gmSpecies = species;
      }
      campaign.settings = settings;
      await m.save(CampaignEntity, campaign);
      return view(campaign);
    });
  }

  /** `gm/derivations` with the campaign's contributor table and species. */
  async derive(who: Principal, input: CampaignGmDerivationInput) {
    const campaign = await this.campaigns.campaign(this.db.manager, who.campaignId);
    const table = speciesTable(campaign.settings.gmSpecies as GmSpecies[] | undefined);
    const contributors = campaign.settings.gmContributors as GmContributorTable | undefined;
    const body = withoutNulls(withCoreNames(input)) as unknown as GmBuildInput;
    return gmDerivationView(
      buildGm({
        ...{},
        ...body,
        ...(input.species ? { species: input.species.toLowerCase() } : {}),
        speciesTable: table,
        ...(contributors ? { contributors } : {}),
      }),
    );
  }
}

function view(campaign: CampaignEntity): GmSettings {
  const stored = campaign.settings.gmContributors as GmContributorTable | undefined;
  const table = stored ?? DEFAULT_GM_CONTRIBUTORS;
  const campaignSpecies = (campaign.settings.gmSpecies as GmSpecies[] | undefined) ?? [];
  const all = speciesTable(campaignSpecies);
  return {
    contributors: { bands: table.bands.map((b) => ({ ...b })), perPointAbove: table.perPointAbove },
    contributorsSource: stored ? 'campaign' : 'default',
    species: Object.values(all).map((row) => ({
      id: row.id,
      name: row.name,
      source: campaignSpecies.some((c) => c.id === row.id) ? 'campaign' : 'ours',
      attributeAdjustments: { ...row.abilityAdjustments } as Record<string, number>,
      abilityAdjustments: { ...row.abilityAdjustments } as Record<string, number>,
      reactions: { ...row.reactions } as Record<string, number>,
      baseMovement: row.baseMovement ?? null,
      body: row.body
        ? { ...{}, ...row.body, ageDice: row.body.ageDice ?? 0, heightDice: row.body.heightDice ?? 0 }
        : null,
      notes: [...(row.notes ?? [])],
    })),
  };
}
