import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';

const may = { nullable: true, optional: true };

/**
 * One event of the campaign engine (issue 39, 42), as an answer, the roll log and the live feed carry
 * it: what a transition did, in order, a sentence to post as it is and the structured fields. A key
 * that may not see an owner's numbers gets its events in words only (`looks`, no numbers, no paths).
 */
@ObjectType('EngineEvent', {
  description: 'What the engine did, in order: a sentence and its structured fields.',
})
export class EngineEventResult {
  @Out.string(
    'damaged, rested, field-changed, scar, condition-added, condition-removed, state-changed, died, timer-started, timer-ended, timer-expired, spell-cast, aided, last-effort.',
  )
  type: string;

  @Out.string('A short sentence a bot can post as it is.')
  text: string;

  @Out.id('The character or NPC it happened to.', may)
  ownerId?: string | null;

  @Out.string('Its name.')
  ownerName: string;

  @Out.int('damaged: the damage dealt, before anything absorbed it.', may)
  amount?: number | null;

  @Out.int('damaged: what Block, bonus HP, Armor or a temporary pool took.', may)
  absorbed?: number | null;

  @Out.string(
    'damaged: where the harm came from (a weapon, hazard:fall, a spell), when named; spell-cast: the spell.',
    may,
  )
  source?: string | null;

  @Out.string('field-changed: the sheet path (hp, str.current, survival.current …).', may)
  path?: string | null;

  @Out.int('field-changed: the value before (null when the engine does not hold it).', may)
  before?: number | null;

  @Out.int('field-changed: the value after.', may)
  after?: number | null;

  @Out.int('field-changed: the change.', may)
  delta?: number | null;

  @Out.string('state-changed, died: the harm state before.', may)
  from?: string | null;

  @Out.string('state-changed, died: the harm state after.', may)
  to?: string | null;

  @Out.string('condition-added, condition-removed: the condition.', may)
  condition?: string | null;

  @Out.string('scar: the scar gained.', may)
  scar?: string | null;

  @Out.string('rested: the rest’s kind.', may)
  restKind?: string | null;

  @Out.bool('rested: whether the rest restored anything.', may)
  rested?: boolean | null;

  @Out.string('timer-started, timer-ended, timer-expired: the timer’s kind.', may)
  timer?: string | null;

  @Out.string('timer-expired: what the timer’s end did (death, wakes, sleeps-on, lapses, responds).', may)
  effect?: string | null;

  @Out.bool('last-effort: whether the roll succeeded.', may)
  passed?: boolean | null;

  @Out.string('How the owner looks after, in words: unhurt, wounded, badly wounded, down, dead.', may)
  looks?: string | null;
}
