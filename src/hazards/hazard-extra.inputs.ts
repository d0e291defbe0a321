import { InputType, registerEnumType } from '@nestjs/graphql';
import { In } from '../common/schema';
import { OBJECT_SIZES } from '../core/hazards';
import { CampaignHazardInput } from './hazard-more.inputs';

export const ObjectSizeEnum = { small: 'small', space: 'space', large: 'large' } as const;
registerEnumType(ObjectSizeEnum, {
  name: 'ArchsoulObjectSize',
  description: 'small (up to what fits in a space), space (fills one), large (bigger than a space).',
});

@InputType({ description: 'An Archsoul attack roll against an object (defence 0).' })
export class ArchsoulObjectAttackInput {
  @In.int('The attack pool (dice).', { min: 0, max: 100, example: 3 })
  dice: number;

  @In.int('Per-die difficulty of the attack roll (4 by default).', { optional: true, min: 2, max: 6 })
  difficulty?: number;

  @In.oneOf('The object’s size (small by default).', OBJECT_SIZES, ObjectSizeEnum, { optional: true })
  size?: 'small' | 'space' | 'large';

  @In.bool('A ranged attack from beyond the weapon’s accurate range.', { optional: true })
  beyondAccurateRange?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'COEAC Mirror Road: a day’s travel in an hour through the Mirrorlands.' })
export class CoeacMirrorRoadInput {
  @In.int('Overland hexes to cover (send hexes or days).', { optional: true, min: 0, max: 1000, example: 4 })
  hexes?: number;

  @In.int('Real-world days of travel to cover (two hexes each).', { optional: true, min: 0, max: 500 })
  days?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'G&M concentration: its limits, and the evasion roll that keeps it when hit.' })
export class GmConcentrationInput {
  @In.int('Evasion reaction score (needed when a roll is due).', {
    optional: true,
    min: 0,
    max: 1000,
    example: 11,
  })
  evasion?: number;

  @In.int('Movement when not concentrating.', { optional: true, min: 0, max: 1000 })
  movement?: number;

  @In.bool('The concentration lasts more than a round (only then can an attack break it).', {
    optional: true,
  })
  sustained?: boolean;

  @In.bool('The concentrator was successfully attacked.', { optional: true })
  hit?: boolean;

  @In.int('A concentration penalty, as a positive number (lowers charisma, wisdom, intelligence).', {
    optional: true,
    min: 0,
    max: 100,
  })
  penalty?: number;

  @In.int('Any other modifier to the evasion roll, signed.', { optional: true, min: -100, max: 100 })
  evasionModifier?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A hazard applied to the party: every character of the roster, or those listed.' })
export class PartyHazardInput extends CampaignHazardInput {
  @In.idList('The characters (the session roster when left out).', {
    optional: true,
    maxItems: 50,
    names: 'character',
  })
  characterIds?: string[];
}
