import { InputType, registerEnumType } from '@nestjs/graphql';
import { In } from '../common/schema';
import { CLOCK_LIMITS, CLOCK_SCALES, CLOCK_WATCHES, HAVEN_KINDS, MAX_TURNS_PER_WATCH } from '../core/clock';

export const ScaleEnum = Object.fromEntries(CLOCK_SCALES.map((s) => [s, s])) as Record<string, string>;
registerEnumType(ScaleEnum, {
  name: 'Scale',
  description: 'The scale of play: haven, overland, exploration, water or combat.',
});
export const WatchEnum = Object.fromEntries(CLOCK_WATCHES.map((w) => [w, w])) as Record<string, string>;
export const HavenKindEnum = { town: 'town', camp: 'camp' } as const;
registerEnumType(HavenKindEnum, {
  name: 'HavenKind',
  description: 'A haven is a town or a camp; treasure turns into Cash only in a town.',
});
registerEnumType(WatchEnum, {
  name: 'Watch',
  description: 'The watch of the day: morning, afternoon or night.',
});

@InputType({ description: 'How far to move the in-game clock: days, then watches, then turns.' })
export class ClockAdvanceInput {
  @In.int('Whole days; lands on the morning of the new day.', { optional: true, min: 0 })
  days?: number;

  @In.int('Watches; past the last watch of the day the next day starts at morning.', {
    optional: true,
    min: 0,
  })
  watches?: number;

  @In.int('Exploration turns within the current watch.', { optional: true, min: 0 })
  turns?: number;

  @In.bool(
    'Make the encounter checks that the time passed makes due, in order, as secret rolls, and list them ' +
      'in the answer. Implied by `encounterTableId` or by a default table for the scale in the ' +
      'encounter settings; `false` turns them off even then. Without any table the checks use the ' +
      'scale’s dice alone.',
    { optional: true },
  )
  rollEncounterChecks?: boolean;

  @In.id('The referee table the due encounter checks draw from (else the scale’s default table).', {
    optional: true,
    names: 'table',
  })
  encounterTableId?: string;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'Change the scale of play or the night watch setting.' })
export class ClockUpdateInput {
  @In.oneOf('The scale of play.', CLOCK_SCALES, ScaleEnum, { optional: true })
  scale?: (typeof CLOCK_SCALES)[number];

  @In.bool('Whether the day has a third, night watch.', { optional: true })
  nightWatch?: boolean;

  @In.int('Exploration turns that make a watch (0: turns never reach watches; new campaigns 24).', {
    optional: true,
    min: 0,
    max: MAX_TURNS_PER_WATCH,
  })
  turnsPerWatch?: number;

  @In.oneOf(
    'The haven’s kind: town or camp (treasure turns into Cash only in a town).',
    HAVEN_KINDS,
    HavenKindEnum,
    {
      optional: true,
    },
  )
  havenKind?: (typeof HAVEN_KINDS)[number];
}

@InputType({ description: 'The characters activated for the session in progress.' })
export class RosterInput {
  @In.idList('Every character on the roster (an empty list removes the roster).', {
    maxItems: 200,
    names: 'character',
  })
  characterIds: string[];
}

@InputType({ description: 'A character to add to the roster of the session in progress.' })
export class RosterMemberInput {
  @In.id('The character to activate.', { names: 'character' })
  characterId: string;
}

@InputType({ description: 'Spend a character’s downtime action on an activity the API does not model.' })
export class DowntimeInput {
  @In.string('What the character does (training, carousing, research …).', {
    maxLength: 200,
    example: 'carousing',
  })
  activity: string;
}

export const CLOCK_MAXIMA = CLOCK_LIMITS;

export const TravelModeInputEnum = { land: 'land', water: 'water', mirror: 'mirror' } as const;
registerEnumType(TravelModeInputEnum, {
  name: 'TravelMode',
  description:
    'land: one hex a watch at the overland scale; water: hexes a day at the water scale; mirror: the Mirror Road, half an hour a hex with overland checks.',
});

@InputType({
  description: 'Travel: the clock moves by the time it takes and the due encounter checks are made.',
})
export class TravelInput {
  @In.oneOf(
    'land (one hex a watch), water (hexes a day) or mirror (the Mirror Road: a day’s travel in an hour); land by default.',
    ['land', 'water', 'mirror'],
    TravelModeInputEnum,
    {
      optional: true,
    },
  )
  mode?: 'land' | 'water' | 'mirror';

  @In.int('Hexes to cover (send hexes or days).', { optional: true, min: 1, max: 1000, example: 3 })
  hexes?: number;

  @In.int('Days of travel (land: two watches a day).', { optional: true, min: 1, max: 366 })
  days?: number;

  @In.int('Water: hexes a day in the sailing conditions (4 by default).', {
    optional: true,
    min: 1,
    max: 100,
  })
  hexesPerDay?: number;

  @In.bool('Make the due encounter checks (true by default).', { optional: true })
  rollEncounterChecks?: boolean;

  @In.id('The referee table the checks draw from.', { optional: true, names: 'table' })
  encounterTableId?: string;

  @In.seed()
  seed?: string;
}
