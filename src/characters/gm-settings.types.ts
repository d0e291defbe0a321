import { InputType, ObjectType } from '@nestjs/graphql';
import {
  GmAbilitiesInput,
  GmAbilityAdjustmentsInput,
  GmArchetypeEnum,
  GmArchetypeLevelInput,
  GmContributorTableInput,
  GmReactionSpecialsInput,
  GmSpecialsInput,
  GmSpeciesBodyInput,
} from '../characters-builder/builder.inputs';
import { GmSpeciesBody } from '../characters-builder/builder.results';
import { In, Out } from '../common/schema';
import { nestedRename, renamedFrom } from '../common/renamed-fields';
import { GM_ARCHETYPE_IDS } from '../core/characters/gm-derivation';

@InputType({ description: 'A species of the campaign (referee data).' })
export class GmSpeciesSettingInput {
  @In.string('Its id, matched ignoring case by sheets and derivations (lower-case letters, digits, -).', {
    maxLength: 64,
    pattern: /^[A-Za-z0-9][A-Za-z0-9-]*$/,
    example: 'elf',
  })
  id: string;

  @In.string('Its name.', { maxLength: 100 })
  name: string;

  @In.nested(
    'Added to rolled attribute scores when a derivation names the species.',
    () => GmAbilityAdjustmentsInput,
    {
      optional: true,
    },
  )
  @renamedFrom('abilityAdjustments', {
    required: false,
    description: 'Added to rolled scores.',
    ...nestedRename(() => GmAbilityAdjustmentsInput),
  })
  attributeAdjustments?: GmAbilityAdjustmentsInput;

  @In.nested('Special contributors to reactions.', () => GmReactionSpecialsInput, { optional: true })
  reactions?: GmReactionSpecialsInput;

  @In.int('Base Movement (without it Movement is not derived).', { optional: true, min: 0, max: 1000 })
  baseMovement?: number;

  @In.nested('Age, height and weight numbers.', () => GmSpeciesBodyInput, { optional: true })
  body?: GmSpeciesBodyInput;

  @In.stringList('Notes for the table.', { optional: true, maxItems: 20, maxLength: 500 })
  notes?: string[];
}

@InputType({ description: 'The campaign’s G&M settings (referee).' })
export class GmSettingsInput {
  @In.nested('A contributor table replacing our default for the campaign.', () => GmContributorTableInput, {
    optional: true,
  })
  contributors?: GmContributorTableInput;

  @In.bool('True: go back to our default contributor table.', { optional: true })
  resetContributors?: boolean;

  @In.nestedList(
    'The campaign’s species, beside ours (one with our id replaces ours); an empty list removes them.',
    () => GmSpeciesSettingInput,
    { optional: true, maxItems: 50 },
  )
  species?: GmSpeciesSettingInput[];
}

@InputType({ description: 'Derive a G&M character’s numbers with the campaign’s table and species.' })
export class CampaignGmDerivationInput {
  @In.nested(
    'Required: the six attribute scores as placed (before species adjustments).',
    () => GmAbilitiesInput,
    {
      optional: true,
    },
  )
  @renamedFrom('abilities', {
    required: true,
    description: 'The six scores.',
    ...nestedRename(() => GmAbilitiesInput),
  })
  attributes: GmAbilitiesInput;

  @In.oneOf('The archetype (one archetype; or send `archetypes`).', GM_ARCHETYPE_IDS, GmArchetypeEnum, {
    optional: true,
  })
  archetype?: string;

  @In.int('Archetype level (default 1).', { optional: true, min: 1, max: 100 })
  level?: number;

  @In.nestedList('Several archetypes with their levels.', () => GmArchetypeLevelInput, {
    optional: true,
    minItems: 1,
    maxItems: 5,
  })
  archetypes?: GmArchetypeLevelInput[];

  @In.string(
    'A species of the campaign or ours (ignoring case): its adjustments, specials and Movement apply.',
    {
      optional: true,
      maxLength: 64,
    },
  )
  species?: string;

  @In.nested('Attribute modifiers added after the species’.', () => GmAbilityAdjustmentsInput, {
    optional: true,
  })
  @renamedFrom('abilityAdjustments', {
    required: false,
    description: 'Modifiers added after the species’.',
    ...nestedRename(() => GmAbilityAdjustmentsInput),
  })
  attributeAdjustments?: GmAbilityAdjustmentsInput;

  @In.nested('Special contributors and base Movement, replacing the species’.', () => GmSpecialsInput, {
    optional: true,
  })
  specials?: GmSpecialsInput;

  @In.int('Silver the starting purchases cost.', { optional: true, min: 0, max: 1_000_000 })
  startingPurchases?: number;
}

@ObjectType({ description: 'One band of a contributor table.' })
export class GmContributorBand {
  @Out.int('The highest score in the band.') upTo: number;
  @Out.int('Its major contributor.') major: number;
}

@ObjectType({ description: 'A contributor table.' })
export class GmContributorTableResult {
  @Out.nestedList('Bands, rising by upTo.', () => GmContributorBand) bands: GmContributorBand[];
  @Out.int('Added for each point above the last band.') perPointAbove: number;
}

@ObjectType({ description: 'A species a campaign’s derivations may name.' })
export class GmCampaignSpecies {
  @Out.string('Id.') id: string;
  @Out.string('Name.') name: string;
  @Out.string('ours (shipped) or campaign (the referee’s).') source: string;
  @Out.json('Added to the attribute scores.') attributeAdjustments: Record<string, number>;
  @Out.json('Deprecated: the old name of `attributeAdjustments`.', {
    deprecated: 'Renamed `attributeAdjustments` (docs/api-style.md); answered too until /v2.',
  })
  abilityAdjustments: Record<string, number>;
  @Out.json('Special contributors to reactions.') reactions: Record<string, number>;
  @Out.int('Base Movement, or null.', { nullable: true }) baseMovement: number | null;
  @Out.nested('Age, height and weight numbers, or null.', () => GmSpeciesBody, { nullable: true })
  body: GmSpeciesBody | null;
  @Out.stringList('Notes.') notes: string[];
}

@ObjectType({ description: 'The campaign’s G&M settings: the contributor table and the species.' })
export class GmSettings {
  @Out.nested('The contributor table in force.', () => GmContributorTableResult)
  contributors: GmContributorTableResult;
  @Out.string('campaign (the referee set it) or default (ours).') contributorsSource: string;
  @Out.nestedList('Every species the campaign’s derivations may name.', () => GmCampaignSpecies)
  species: GmCampaignSpecies[];
}
