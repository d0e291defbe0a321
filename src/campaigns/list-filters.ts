import { ArgsType, registerEnumType } from '@nestjs/graphql';
import { PageQuery } from '../common/pagination';
import { In } from '../common/schema';
import { NPC_KINDS, NPC_VISIBILITIES } from '../characters/characters.entities';
import { NpcKindEnum, NpcVisibilityEnum, SheetSystemEnum } from '../characters/characters.inputs';
import { SHEET_SYSTEMS } from '../core/characters/sheets';
import { CAMPAIGN_COMBAT_SYSTEMS, CampaignCombatSystemEnum } from '../combat/combat-campaign.inputs';

/*
 * Issue 42: a campaign's lists filtered by name, status and system (REST query parameters, GraphQL
 * arguments), beside `limit`/`after`; the order and the cursor are the list's own, unchanged. A name
 * matches exactly, ignoring case (the same match as a name in an id's place).
 */

const NAME = 'Only those of this name (exact, ignoring case).';

export const COMBAT_STATUSES = ['active', 'ended'] as const;
export const CombatStatusEnum = { active: 'active', ended: 'ended' } as const;
registerEnumType(CombatStatusEnum, {
  name: 'CombatStatus',
  description: 'A stored combat in progress or ended.',
});

@ArgsType()
export class CharacterListQuery extends PageQuery {
  @In.string(NAME, { optional: true, maxLength: 200 })
  name?: string;

  @In.oneOf('Only characters with a sheet in this system.', SHEET_SYSTEMS, SheetSystemEnum, {
    optional: true,
  })
  system?: string;
}

@ArgsType()
export class NpcListQuery extends PageQuery {
  @In.string(NAME, { optional: true, maxLength: 200 })
  name?: string;

  @In.oneOf('Only NPCs of this kind.', NPC_KINDS, NpcKindEnum, { optional: true })
  kind?: string;

  @In.oneOf(
    'Only NPCs of this visibility (a key other than the referee’s sees only `players` ones anyway).',
    NPC_VISIBILITIES,
    NpcVisibilityEnum,
    { optional: true },
  )
  visibility?: string;

  @In.oneOf('Only NPCs with a sheet in this system.', SHEET_SYSTEMS, SheetSystemEnum, { optional: true })
  system?: string;
}

@ArgsType()
export class NpcListArgs extends NpcListQuery {
  @In.id('The campaign id.')
  campaignId: string;
}

@ArgsType()
export class CombatListQuery extends PageQuery {
  @In.oneOf('Only combats in progress (active) or ended.', COMBAT_STATUSES, CombatStatusEnum, {
    optional: true,
  })
  status?: string;

  @In.oneOf('Only combats of this system.', CAMPAIGN_COMBAT_SYSTEMS, CampaignCombatSystemEnum, {
    optional: true,
  })
  system?: string;
}

@ArgsType()
export class CombatListArgs extends CombatListQuery {
  @In.id('The campaign id.')
  campaignId: string;
}

@ArgsType()
export class TableListQuery extends PageQuery {
  @In.string(NAME, { optional: true, maxLength: 200 })
  name?: string;
}

@ArgsType()
export class TableListArgs extends TableListQuery {
  @In.id('The campaign id.')
  campaignId: string;
}
