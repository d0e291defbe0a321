import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { CairnAttackResult, CairnDexSavesResult } from './combat.results';

@ObjectType({ description: 'What a Cairn action did (attack, blast or retreat).' })
export class CairnCombatActionOutcome {
  @Out.nested(
    'attack and blast: the attack as the stateless attack answers it, each target’s harm from its sheet; null for a retreat.',
    () => CairnAttackResult,
    { nullable: true },
  )
  attack: CairnAttackResult | null;

  @Out.nested('retreat: the DEX save; null otherwise.', () => CairnDexSavesResult, { nullable: true })
  retreat: CairnDexSavesResult | null;

  @Out.stringList('Detachments this action routed (critical damage).')
  routed: string[];

  @Out.stringList('Detachments this action destroyed (STR 0).')
  destroyed: string[];

  @Out.stringList('Combatants that got away (a retreat passed).')
  fled: string[];
}
