import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { SheetDamageResult } from '../harm/harm-campaign.results';
import { CairnAttackResult } from './combat.results';
import { CombatConditionView } from './combat-actions.gm.results';

@ObjectType({ description: 'A combatant as this key may see it.' })
export class CombatantView {
  @Out.string('character or npc.')
  kind: string;

  @Out.id('The character or NPC id.')
  id: string;

  @Out.string('Its side.')
  side: string;

  @Out.nestedList(
    'Conditions kept on the combat (G&M: surprised, held, holding …); left out (GraphQL: null) for systems that keep none.',
    () => CombatConditionView,
    { optional: true },
  )
  conditions?: CombatConditionView[] | null;
}

@ObjectType({ description: 'A stored combat.' })
export class CombatView {
  @Out.id('The combat id.')
  id: string;

  @Out.string('The system.')
  system: string;

  @Out.int('The current round (1 when it begins).')
  round: number;

  @Out.string('active or ended.')
  status: string;

  @Out.bool('Every attack sealed for players.')
  secret: boolean;

  @Out.nestedList('The combatants this key may see (NPCs hidden from players left out).', () => CombatantView)
  combatants: CombatantView[];

  @Out.string('Begun at.')
  createdAt: string;

  @Out.string('Last changed at.')
  updatedAt: string;
}

@ObjectType({ description: 'An attack in a stored combat, its damage applied to the target’s sheet.' })
export class CombatAttackResult {
  @Out.id('The combat id.')
  combatId: string;

  @Out.int('The round it was made in.')
  round: number;

  @Out.id('The logged attack roll (combat.cairn-attack).')
  rollId: string;

  @Out.bool('Sealed: the numbers are the referee’s (a hidden NPC, a secret combat or roll).')
  sealed: boolean;

  @Out.nested(
    'The attack as the stateless route answers it; null when sealed for this key.',
    () => CairnAttackResult,
    {
      nullable: true,
    },
  )
  attack: CairnAttackResult | null;

  @Out.nested(
    'The damage applied through the ledger; null when sealed for this key.',
    () => SheetDamageResult,
    {
      nullable: true,
    },
  )
  damage: SheetDamageResult | null;
}

@ObjectType({ description: 'The campaign’s combats, newest first (at most 200).' })
export class CombatList {
  @Out.nestedList('The combats.', () => CombatView)
  items: CombatView[];
}
