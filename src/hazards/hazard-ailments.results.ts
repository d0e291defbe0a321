import { EngineEventResult } from '../harm/engine-events.results';
import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';

@ObjectType({ description: 'A G&M action time.' })
export class AilmentActionTime {
  @Out.int('How many units.')
  amount: number;

  @Out.string('round, minute, hour or day.')
  unit: string;
}

@ObjectType({ description: 'Exact odds of a throw-off roll.' })
export class AilmentTickOdds {
  @Out.number('Probability of passing, in [0, 1].')
  success: number;
}

@ObjectType({ description: 'One action time of a kept ailment’s course.' })
export class AilmentTickStepView {
  @Out.int('The action time since onset.')
  actionTime: number;

  @Out.int('Strength at that time.')
  strength: number;

  @Out.int('The health target.')
  target: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('Passed: thrown off.')
  passed: boolean;

  @Out.int('The effect landed.')
  amount: number;

  @Out.intList('Effect dice faces.')
  effectFaces: number[];

  @Out.nested('Exact odds of the throw-off roll.', () => AilmentTickOdds)
  odds: AilmentTickOdds;
}

@ObjectType({ description: 'An ailment kept on a G&M sheet, its course running with the clock.' })
export class StoredAilmentView {
  @Out.id('Its id on the sheet.')
  id: string;

  @Out.string('The example ailment, when it is one.', { nullable: true })
  ailment: string | null;

  @Out.string('Its name.')
  name: string;

  @Out.string('chronic or chronic-inescapable.')
  kind: string;

  @Out.int('Its strength at onset.')
  strength: number;

  @Out.int('The health score the throw-off rolls use.')
  health: number;

  @Out.string('injuries, paralysis-minutes, sleep-minutes or penalty.')
  effect: string;

  @Out.int('Effect dice each time it lands.')
  effectDice: number;

  @Out.int('Sides of the effect dice (1: a fixed amount).')
  effectSides: number;

  @Out.stringList('The scores a penalty lowers.')
  scores: string[];

  @Out.nested('The action time.', () => AilmentActionTime)
  actionTime: AilmentActionTime;

  @Out.int('Action times of the course rolled so far.')
  courseTimes: number;

  @Out.int('Seconds carried toward the next action time.')
  carriedSeconds: number;

  @Out.int('The effect’s total so far (a penalty lowers each score by it).')
  total: number;
}

@ObjectType({ description: 'One ailment’s action times rolled in a clock advance.' })
export class AilmentTickView {
  @Out.id('The ailment’s id on the sheet.')
  id: string;

  @Out.int('Action times rolled.')
  rolled: number;

  @Out.int('The effect landed, summed.')
  amount: number;

  @Out.bool('Thrown off (it left the sheet).')
  ended: boolean;

  @Out.nestedList('Each action time rolled.', () => AilmentTickStepView)
  steps: AilmentTickStepView[];
}

@ObjectType({ description: 'A character’s ailments that ticked as the clock advanced (one logged roll).' })
export class AilmentTicksResult {
  @Out.string('character or npc.')
  ownerKind: string;

  @Out.id('The character or NPC.')
  ownerId: string;

  @Out.id('The roll-log entry of the batch.')
  rollId: string;

  @Out.int('Injuries landed, through the condition ledger.')
  injuries: number;

  @Out.nestedList('Each ailment that ticked.', () => AilmentTickView)
  ailments: AilmentTickView[];

  @Out.nestedList(
    'What the engine did to the sheet, in order, each with a sentence to post (injuries, a consciousness or death roll); the roll carries them too (effects.events).',
    () => EngineEventResult,
  )
  events: EngineEventResult[];
}

@ObjectType({ description: 'An ailment ended by the referee.' })
export class AilmentCureResult {
  @Out.id('The character.')
  characterId: string;

  @Out.id('The ailment ended.')
  ailmentId: string;

  @Out.nestedList('The ailments left on the sheet.', () => StoredAilmentView)
  ailments: StoredAilmentView[];
}

@ObjectType({ description: 'A G&M status kept on a sheet (docs/hazards.md, Statuses).' })
export class GmStatusView {
  @Out.id('Its id on the sheet.')
  id: string;

  @Out.string('asleep, paralysed, shock or ailing.')
  status: string;

  @Out.string('What caused it: the ailment’s name, or the hazard.')
  source: string;

  @Out.int('Seconds left, counted down by the clock; null when only the referee ends it.', {
    nullable: true,
  })
  secondsLeft: number | null;

  @Out.int('ailing: the penalty on each score it names.', { optional: true })
  penalty?: number;

  @Out.stringList('ailing: the scores the penalty lowers.', { optional: true })
  scores?: string[];
}

@ObjectType({ description: 'A G&M sheet’s statuses that ran out as the clock advanced.' })
export class GmStatusesEndedResult {
  @Out.string('character or npc.')
  ownerKind: string;

  @Out.id('The character or NPC.')
  ownerId: string;

  @Out.nestedList('The statuses that ran out (they left the sheet).', () => GmStatusView)
  ended: GmStatusView[];
}

@ObjectType({ description: 'A status ended by the referee.' })
export class GmStatusEndResult {
  @Out.id('The character.')
  characterId: string;

  @Out.id('The status ended.')
  statusId: string;

  @Out.nestedList('The statuses left on the sheet.', () => GmStatusView)
  statuses: GmStatusView[];
}
