import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { EngineEventResult } from '../harm/engine-events.results';
import { GmMemorizedSpell } from '../characters/sheet-schemas';

@ObjectType({ description: 'A G&M sorceror’s cast of a memorised spell.' })
export class GmCastResult {
  @Out.id('The character who cast.')
  characterId: string;

  @Out.string('The spell cast (as the sheet names it).')
  spell: string;

  @Out.int('Its level.')
  level: number;

  @Out.int('The character’s level.')
  casterLevel: number;

  @Out.int('Its injuries: each lowers the highest spell level it may cast by one.')
  injuries: number;

  @Out.int('The highest spell level it may cast now (level less injuries).')
  highestLevel: number;

  @Out.string('Whom or what it was cast on, as sent; null when not said.', { nullable: true })
  target: string | null;

  @Out.nestedList('The memorised spells after the cast (the slot spent marked cast).', () => GmMemorizedSpell)
  memorizedSpells: GmMemorizedSpell[];

  @Out.nestedList(
    'What happened, in order, with a sentence each (as the live feed shows it).',
    () => EngineEventResult,
  )
  events: EngineEventResult[];

  @Out.id('The logged roll (`magic.gm.cast.v1`, no dice: the rule document gives casting no roll).')
  rollId: string;
}
