import { ObjectType } from '@nestjs/graphql';
import { PageOf } from '../common/pagination';
import { Out } from '../common/schema';
import { KEY_ROLES, KeyRole } from './campaign.dto';
import { CharacterSheets } from '../characters/characters.results';

@ObjectType({ description: 'A new campaign and its referee key. The key is shown this once.' })
export class CreatedCampaign {
  @Out.id('The campaign id.')
  id: string;

  @Out.string('The campaign’s name.')
  name: string;

  @Out.string('The referee key: send it as "Authorization: Bearer <key>". It is never shown again.')
  refereeKey: string;

  @Out.id('The id of the referee key (to list or revoke it).')
  refereeKeyId: string;
}

@ObjectType({
  description: 'A game session: the referee starts one, and "once per session" rules count within it.',
})
export class GameSession {
  @Out.id('The session id.')
  id: string;

  @Out.int('1 for the campaign’s first session, then 2, 3 …')
  number: number;

  @Out.string('When it started (ISO-8601, UTC).')
  startedAt: string;

  @Out.string('When it ended, or null while in progress.', { nullable: true })
  endedAt: string | null;

  @Out.stringList(
    'The characters activated for the session (its roster). Empty when no roster is set: then every character may act.',
  )
  roster: string[];
}

@ObjectType({ description: 'A campaign as any of its keys sees it.' })
export class Campaign {
  @Out.id('The campaign id.')
  id: string;

  @Out.string('The campaign’s name.')
  name: string;

  @Out.json('Campaign-wide rule settings.')
  settings: Record<string, unknown>;

  @Out.string('When it was created (ISO-8601, UTC).')
  createdAt: string;
}

@ObjectType({ description: 'A campaign key as listed: never its secret.' })
export class ApiKey {
  @Out.id('The key id.')
  id: string;

  @Out.oneOf('What the key may do.', KEY_ROLES, KeyRole)
  role: string;

  @Out.string('The note given at creation.', { nullable: true })
  label: string | null;

  @Out.stringList('For a player key: the characters it acts for.')
  characterIds: string[];

  @Out.string('When it was created (ISO-8601, UTC).')
  createdAt: string;

  @Out.string('When it was revoked, or null.', { nullable: true })
  revokedAt: string | null;
}

@ObjectType({ description: 'A new campaign key. The secret is shown this once.' })
export class CreatedKey extends ApiKey {
  @Out.string('The secret: send it as "Authorization: Bearer <key>". It is never shown again.')
  key: string;
}

@ObjectType({ description: 'A character of the campaign.' })
export class Character {
  @Out.id('The character id.')
  id: string;

  @Out.string('The character’s name.')
  name: string;

  @Out.string('Free-form notes.', { nullable: true })
  notes: string | null;

  @Out.int('COEAC Wealth rating, 0–12.')
  wealth: number;

  @Out.int('COEAC Cash, in dice.')
  cash: number;

  @Out.string('The lifestyle grade that Wealth gives, by the campaign’s mapping.')
  lifestyle: string;

  @Out.bool('Whether the character still has its downtime action this session (false with no session).')
  downtimeAvailable: boolean;

  @Out.int('−1d on every test for each attuned artifact beyond three (COEAC; crafting).', { optional: true })
  attunementPenaltyDice?: number;

  @Out.nested(
    'Its sheets, one per system it has (characters domain; docs/characters.md).',
    () => CharacterSheets,
  )
  sheets: CharacterSheets;

  @Out.string('When it was created (ISO-8601, UTC).')
  createdAt: string;

  @Out.string('When it last changed (ISO-8601, UTC).')
  updatedAt: string;
}

export const CharacterPage = PageOf(Character, 'CharacterPage');
export const GameSessionPage = PageOf(GameSession, 'GameSessionPage');
export const ApiKeyPage = PageOf(ApiKey, 'ApiKeyPage');
