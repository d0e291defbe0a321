import { ArgsType, Field, InputType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../common/pagination';
import { In } from '../common/schema';
import { MAX_STRONGHOLD_RANK, MAX_TAG_LENGTH } from '../core/strongholds';
import { MAX_WEALTH } from '../core/wealth';

/** Wagers may be sent up to this; the configured dice limit is what really bounds the pool. */
const BIG = 1_000_000;

/** Tags a task may name in one request. */
const MAX_TASK_TAGS = 20;

/* ---------------------------------------------------------------- stateless */

@InputType({ description: 'A stronghold improvement roll: Wealth + wagered Cash against Ob = 8 + 2 × rank.' })
export class StrongholdImprovementRollInput {
  @In.int('The rank sought (1 builds the stronghold).', { min: 1, max: MAX_STRONGHOLD_RANK, example: 1 })
  targetRank: number;

  @In.int('The lead character’s Wealth: dice in the pool whatever the wager.', {
    min: 0,
    max: MAX_WEALTH,
    example: 5,
  })
  wealth: number;

  @In.int('Cash dice wagered in all; lost whatever the result.', { min: 0, max: BIG, example: 14 })
  wager: number;

  @In.seed()
  seed?: string;
}

/* ---------------------------------------------------------------- campaign */

@InputType({ description: 'A new stronghold: a character’s, or the company’s when no owner is named.' })
export class CreateStrongholdInput {
  @In.string('Its name.', { maxLength: 100, example: 'Greywater Manor' })
  name: string;

  @In.string('What it is: house, estate, temple, hideout, keep … (free text).', {
    optional: true,
    maxLength: 50,
    example: 'estate',
  })
  kind?: string;

  @In.id('The owning character; leave it out for a company stronghold (referee only).', {
    optional: true,
    names: 'character',
  })
  ownerCharacterId?: string;
}

@InputType({ description: 'Rename a stronghold or change its kind.' })
export class UpdateStrongholdInput {
  @In.string('A new name.', { optional: true, maxLength: 100 })
  name?: string;

  @In.string('A new kind.', { optional: true, maxLength: 50 })
  kind?: string;
}

@InputType({ description: 'Cash a character puts into a stronghold improvement.' })
export class StrongholdContributionInput {
  @In.id('The paying character.', { names: 'character' })
  characterId: string;

  @In.int('Cash dice it wagers.', { min: 0, max: BIG, example: 3 })
  cash: number;
}

@InputType({ description: 'A tag to add to a stronghold.' })
export class NewStrongholdTagInput {
  @In.string('The tag (free text, unique per stronghold whatever its case).', {
    maxLength: MAX_TAG_LENGTH,
    example: 'library',
  })
  name: string;

  @In.bool('True when the tag rolls an Income die each session.', { optional: true })
  economic?: boolean;
}

@InputType({
  description:
    'Try to raise a stronghold one rank (rank 0 → 1 builds it): once per session per stronghold, needs a session in progress.',
})
export class StrongholdImprovementInput {
  @In.int('Cash wagered by the lead character (the owner, or the leadCharacterId of a company stronghold).', {
    optional: true,
    min: 0,
    max: BIG,
    example: 10,
  })
  wager?: number;

  @In.int('Cash wagered from the company treasury (referee only).', { optional: true, min: 0, max: BIG })
  fromTreasury?: number;

  @In.nestedList(
    'Cash wagered by other characters (a player: only its own).',
    () => StrongholdContributionInput,
    {
      optional: true,
      maxItems: 20,
    },
  )
  contributions?: StrongholdContributionInput[];

  @In.id('The character whose Wealth rolls, for a company stronghold (required there; refused otherwise).', {
    optional: true,
    names: 'character',
  })
  leadCharacterId?: string;

  @In.nestedList('Up to two tags added when the improvement succeeds.', () => NewStrongholdTagInput, {
    optional: true,
    maxItems: 20,
  })
  newTags?: NewStrongholdTagInput[];

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A tag for a stronghold.' })
export class AddStrongholdTagInput extends NewStrongholdTagInput {
  @In.bool('Earned in the fiction beyond the rank’s allowance (referee only).', { optional: true })
  earned?: boolean;
}

@InputType({ description: 'The company strongholds’ income roll of the session.' })
export class CompanyIncomeInput {
  @In.seed()
  seed?: string;
}

/** Comma-separated on REST (`?tags=library,research`), a list in GraphQL. */
const commaList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t.length > 0)
    : value;

/** GET /v1/campaigns/{id}/strongholds/bonus-dice and the `strongholdBonusDice` query. */
@ArgsType()
export class BonusDiceQuery {
  @In.id('The acting character.', { names: 'character' })
  characterId: string;

  @Field(() => [String], { description: 'The task’s tags (REST: comma-separated).' })
  @ApiProperty({
    type: 'string',
    description: 'The task’s tags, comma-separated (e.g. "library,research").',
    example: 'library,research',
  })
  @Transform(commaList)
  @IsArray()
  @ArrayMaxSize(MAX_TASK_TAGS)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  tags: string[];
}

/** GET /v1/campaigns/{id}/strongholds: a page, optionally of one character's strongholds. */
@ArgsType()
export class StrongholdListQuery extends PageQuery {
  @In.id('Only this character’s strongholds.', { optional: true, names: 'character' })
  ownerCharacterId?: string;
}

/** The `strongholds` query: the same, with the campaign named. */
@ArgsType()
export class StrongholdListArgs extends StrongholdListQuery {
  @In.id('The campaign id.')
  campaignId: string;
}

/** The `strongholdBonusDice` query: the REST query with the campaign named. */
@ArgsType()
export class BonusDiceArgs extends BonusDiceQuery {
  @In.id('The campaign id.')
  campaignId: string;
}
