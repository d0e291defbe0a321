import { ObjectType } from '@nestjs/graphql';
import { PageOf } from '../common/pagination';
import { Out } from '../common/schema';
import { CLOCK_SCALES, CLOCK_WATCHES, HAVEN_KINDS } from '../core/clock';
import type { HavenKind, Scale, Watch } from '../database/entities';
import { EncounterCheckResult } from '../encounters/encounters.results';
import { HarmTimerExpiry } from '../harm/harm-campaign.results';
import { AilmentTicksResult, GmStatusesEndedResult } from '../hazards/hazard-ailments.results';
import { HavenKindEnum, ScaleEnum, WatchEnum } from './campaign-state.inputs';

@ObjectType({ description: 'The campaign’s in-game clock and scale of play.' })
export class ClockView {
  @Out.int('The in-game day, from 1.')
  day: number;

  @Out.oneOf('The watch of the day.', CLOCK_WATCHES, WatchEnum)
  watch: Watch;

  @Out.int('Exploration turns played in this watch.')
  turn: number;

  @Out.oneOf('The scale of play.', CLOCK_SCALES, ScaleEnum)
  scale: Scale;

  @Out.bool('Whether the day has a third, night watch.')
  nightWatch: boolean;

  @Out.int('Exploration turns that make a watch (0: turns never reach watches).')
  turnsPerWatch: number;

  @Out.oneOf(
    'The haven’s kind, town or camp: treasure turns into Cash only in a town.',
    HAVEN_KINDS,
    HavenKindEnum,
  )
  havenKind: HavenKind;
}

@ObjectType({ description: 'Time that passed in one advance.' })
export class ClockPassed {
  @Out.int('Day boundaries crossed.')
  days: number;

  @Out.int('Watch boundaries crossed.')
  watches: number;

  @Out.int('Exploration turns played.')
  turns: number;
}

@ObjectType({ description: 'Checks that the time passed makes due at the current scale.' })
export class ClockDue {
  @Out.int('Encounter checks: one a watch overland, one a turn in exploration, one a day on water.')
  encounterChecks: number;
}

@ObjectType({ description: 'The clock before and after an advance, and what the time passed made due.' })
export class ClockAdvance {
  @Out.nested('The clock before.', () => ClockView)
  from: ClockView;

  @Out.nested('The clock after.', () => ClockView)
  to: ClockView;

  @Out.nested('The time that passed.', () => ClockPassed)
  passed: ClockPassed;

  @Out.nested('What the time passed made due.', () => ClockDue)
  due: ClockDue;

  @Out.nestedList(
    'The encounter checks made (see rollEncounterChecks and encounterTableId), in order, logged as secret rolls.',
    () => EncounterCheckResult,
    {
      optional: true,
    },
  )
  encounterChecks?: EncounterCheckResult[];

  @Out.nestedList(
    'Harm timers the time passed ran out, applied (docs/harm.md, Timers).',
    () => HarmTimerExpiry,
    {
      optional: true,
    },
  )
  harmTimers?: HarmTimerExpiry[];

  @Out.nestedList(
    'G&M ailments kept on sheets whose course the time passed rolled (docs/hazards.md, Ailments).',
    () => AilmentTicksResult,
    { optional: true },
  )
  ailmentTicks?: AilmentTicksResult[];

  @Out.nestedList(
    'G&M statuses on sheets whose time the advance ran out (docs/hazards.md, Statuses).',
    () => GmStatusesEndedResult,
    { optional: true },
  )
  statusesEnded?: GmStatusesEndedResult[];
}

@ObjectType({ description: 'One change of the company treasury.' })
export class TreasuryLedgerEntry {
  @Out.id('The entry id.')
  id: string;

  @Out.int('Change of the treasury’s Cash.')
  cashDelta: number;

  @Out.int('The treasury’s Cash after the change.')
  cashAfter: number;

  @Out.string('transfer, adjustment, company-income, …')
  reason: string;

  @Out.string('The reason given, if any.', { nullable: true })
  note: string | null;

  @Out.id('The character on the other side of a transfer, if any.', { nullable: true })
  characterId: string | null;

  @Out.id('The roll behind the change, if any.', { nullable: true })
  rollId: string | null;

  @Out.id('The game session in progress at the time, if any.', { nullable: true })
  sessionId: string | null;

  @Out.id('The key that made the change.')
  keyId: string;

  @Out.string('When (ISO-8601, UTC).')
  createdAt: string;
}

export const TreasuryLedgerPage = PageOf(TreasuryLedgerEntry, 'TreasuryLedgerPage');

@ObjectType({ description: 'A character’s downtime action of the session.' })
export class DowntimeAction {
  @Out.id('The action id.')
  id: string;

  @Out.id('The character.')
  characterId: string;

  @Out.id('The session it belongs to.')
  sessionId: string;

  @Out.string('What it was spent on.')
  activity: string;

  @Out.id('The roll of the procedure that claimed it, if any.', { nullable: true })
  rollId: string | null;

  @Out.string('When (ISO-8601, UTC).')
  createdAt: string;
}

@ObjectType({ description: 'Travel: the distance, the time it took and the clock advance it made.' })
export class CampaignTravel {
  @Out.string('land, water or mirror.')
  mode: string;

  @Out.int('Hexes covered.')
  hexes: number;

  @Out.int('Watches spent (land).')
  watches: number;

  @Out.int('Days spent (water).')
  days: number;

  @Out.int('Ten-minute turns spent (the Mirror Road: three a hex).')
  turns: number;

  @Out.nested('The clock advance, with the encounter checks made.', () => ClockAdvance)
  advance: ClockAdvance;
}
