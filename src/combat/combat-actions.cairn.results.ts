import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { CairnAttackResult, CairnDexSavesResult, CairnStruggleResult } from './combat.results';

@ObjectType({
  description:
    'A Cairn combatant’s turn allowance in the current round (CA-17): a move of up to 40 ft and one action (a second move is an action).',
})
export class CairnTurnView {
  @Out.int('The round this turn belongs to (the combat’s current round).')
  round: number;

  @Out.int('Feet moved this round (up to 40, or 80 when the action was a second move).')
  moved: number;

  @Out.string(
    'The action taken this round (attack, blast, retreat, or move for a second move); null when none yet.',
    {
      nullable: true,
    },
  )
  action: string | null;

  @Out.int('Actions beyond the one the turn allows, granted by the referee (extraAction) this round.')
  extra: number;

  @Out.int('Feet it may still move this round (its second move included while the action is unused).')
  feetLeft: number;

  @Out.bool('Whether its action is still unused this round.')
  actionLeft: boolean;
}

@ObjectType({ description: 'What a Cairn action did (attack, blast, retreat or move).' })
export class CairnCombatActionOutcome {
  @Out.nested(
    'attack and blast: the attack as the stateless attack answers it, each target’s harm from its sheet; null for a retreat.',
    () => CairnAttackResult,
    { nullable: true },
  )
  attack: CairnAttackResult | null;

  @Out.nested('retreat: the DEX save; null otherwise.', () => CairnDexSavesResult, { nullable: true })
  retreat: CairnDexSavesResult | null;

  @Out.nested(
    'struggle (CA-02): who saved (the side most at risk), the save and what it means; null otherwise.',
    () => CairnStruggleResult,
    { nullable: true },
  )
  struggle: CairnStruggleResult | null;

  @Out.stringList('Detachments this action routed (critical damage).')
  routed: string[];

  @Out.stringList('Detachments this action destroyed (STR 0).')
  destroyed: string[];

  @Out.stringList('Combatants that got away (a retreat passed).')
  fled: string[];

  @Out.nested('The actor’s turn allowance after this action (CA-17).', () => CairnTurnView)
  turn: CairnTurnView;

  @Out.nestedList(
    'attack: the turn allowance after this action of each joining attacker (withAttackers), in order.',
    () => CairnTurnView,
  )
  joinedTurns: CairnTurnView[];
}
