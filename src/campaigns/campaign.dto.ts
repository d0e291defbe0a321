import { ArgsType, InputType, registerEnumType } from '@nestjs/graphql';
import { In } from '../common/schema';

export const KEY_ROLES = ['referee', 'player', 'viewer'] as const;
export const KeyRole = { referee: 'referee', player: 'player', viewer: 'viewer' } as const;
registerEnumType(KeyRole, { name: 'KeyRole', description: 'What a campaign key may do.' });

@InputType()
export class CreateCampaignInput {
  @In.string('The campaign’s name.', { maxLength: 200, example: 'The Marsh Road' })
  name: string;
}

@InputType()
export class CreateKeyInput {
  @In.oneOf(
    'referee: everything; player: acts for its characters and reads public state; viewer: reads public state.',
    KEY_ROLES,
    KeyRole,
  )
  role: 'referee' | 'player' | 'viewer';

  @In.idList('For a player key: the characters it may act for.', { optional: true, maxItems: 50 })
  characterIds?: string[];

  @In.string('A note to tell keys apart (e.g. the player’s name).', { optional: true, maxLength: 100 })
  label?: string;
}

@InputType()
export class CreateCharacterInput {
  @In.string('The character’s name.', { maxLength: 200, example: 'Toromeen' })
  name: string;

  @In.string('Free-form notes.', { optional: true, maxLength: 5000 })
  notes?: string;
}

@InputType()
export class UpdateCharacterInput {
  @In.string('The character’s name.', { optional: true, maxLength: 200 })
  name?: string;

  @In.string('Free-form notes.', { optional: true, maxLength: 5000 })
  notes?: string;
}

/** GraphQL arguments that name a campaign (REST takes it from the path). */
@ArgsType()
export class CampaignArgs {
  @In.id('The campaign id.')
  campaignId: string;
}
