import { ArgsType, InputType, registerEnumType } from '@nestjs/graphql';
import { PageQuery } from '../common/pagination';
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

  @In.idList(
    'For a player key (required, at least one): the characters it may act for. They cannot be changed ' +
      'later; make a new key and revoke the old one. Other roles take none.',
    { optional: true, maxItems: 50, names: 'character' },
  )
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

  @In.int('Opening COEAC Wealth rating, 0–12 (default 0).', { optional: true, min: 0, max: 12 })
  wealth?: number;

  @In.int('Opening Cash, in dice (default 0). Recorded as the first ledger entry.', {
    optional: true,
    min: 0,
    max: 1_000_000,
  })
  cash?: number;
}

@InputType()
export class StartSessionInput {
  @In.bool(
    'End the session in progress and start the next one. Without it, starting a session while one is ' +
      'in progress is a 409 SESSION_IN_PROGRESS, so that a repeated click cannot reset every ' +
      'once-per-session use.',
    { optional: true },
  )
  endCurrent?: boolean;
}

@InputType()
export class UpdateCharacterInput {
  @In.string('The character’s name.', { optional: true, maxLength: 200 })
  name?: string;

  @In.string('Free-form notes.', { optional: true, maxLength: 5000 })
  notes?: string;
}

/** GraphQL arguments of a paged campaign list: the campaign (REST takes it from the path) and the page. */
@ArgsType()
export class CampaignPageArgs extends PageQuery {
  @In.id('The campaign id.')
  campaignId: string;
}
