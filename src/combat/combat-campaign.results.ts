import { NEXT_CURSOR } from '../common/pagination';
import { GmStatusesEndedResult } from '../hazards/hazard-ailments.results';
import { ObjectType } from '@nestjs/graphql';
import { EngineEventResult } from '../harm/engine-events.results';
import { Out } from '../common/schema';
import { SheetDamageResult } from '../harm/harm-campaign.results';
import { CairnAttackResult } from './combat.results';
import { CombatWeaponUsed } from './combat-weapons';
import { CombatConditionView, GmTurnView } from './combat-actions.gm.results';
import { CairnTurnView } from './combat-actions.cairn.results';
import { CoeacCombatantRound, CoeacRoundEndSpell } from './combat-actions.coeac.results';

@ObjectType({ description: 'A combatant as this key may see it.' })
export class CombatantView {
  @Out.string('character or npc.')
  kind: string;

  @Out.id('The character or NPC id.')
  id: string;

  @Out.string('Its side.')
  side: string;

  @Out.bool('Cairn: a detachment (a unit of many fighting as one).')
  detachment: boolean;

  @Out.bool('Cairn: a detachment routed by critical damage (it no longer acts).')
  routed: boolean;

  @Out.bool('Cairn: a detachment destroyed (STR 0).')
  destroyed: boolean;

  @Out.bool('Cairn: got away by a retreat DEX save (it no longer acts).')
  fled: boolean;

  @Out.bool('Cairn: failed the first-round DEX save and loses its turn in round 1.')
  lostFirstTurn: boolean;

  @Out.id('Cairn: the logged roll of its first-round DEX save; null when it did not save.', {
    nullable: true,
  })
  firstRoundRollId: string | null;

  @Out.nested(
    'Cairn: its turn allowance this round (CA-17: a move of 40 ft and one action; the round advance resets it); null for other systems.',
    () => CairnTurnView,
    { nullable: true },
  )
  turn: CairnTurnView | null;

  @Out.nestedList(
    'Conditions kept on the combat (G&M: surprised, held, holding …); left out (GraphQL: null) for systems that keep none.',
    () => CombatConditionView,
    { optional: true },
  )
  conditions?: CombatConditionView[] | null;

  @Out.nested(
    'G&M: its round (actions taken and allowed, feet moved; Movement is answered by its actions); left out (GraphQL: null) for other systems.',
    () => GmTurnView,
    { optional: true, nullable: true },
  )
  gmTurn?: GmTurnView | null;

  @Out.nested(
    'COEAC: its round (declarations, combat check made); null for other systems and for players in a secret combat.',
    () => CoeacCombatantRound,
    { optional: true, nullable: true },
  )
  coeac?: CoeacCombatantRound | null;
}

@ObjectType({ description: 'A Cairn morale save made as the round advanced.' })
export class CombatMoraleView {
  @Out.string('The side that saved.')
  side: string;

  @Out.stringList('What called for it: first-casualty, half (both at once make one save).')
  triggers: string[];

  @Out.id('The logged roll (encounters.morale).')
  rollId: string;

  @Out.int('The WIL that saved (the highest still standing); null when sealed for this key.', {
    nullable: true,
  })
  wil: number | null;

  @Out.bool('Passed: the side fights on; failed, everyone left flees.')
  passed: boolean;

  @Out.stringList('The combatants that fled (those this key may see).')
  fled: string[];
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

  @Out.nestedList(
    'Cairn: the morale saves this round advance made (empty in every other answer).',
    () => CombatMoraleView,
  )
  morale: CombatMoraleView[];

  @Out.nestedList(
    'COEAC: the channelings declared for the round that ended with this advance, resolved at its end (B1); null in every other answer.',
    () => CoeacRoundEndSpell,
    { optional: true },
  )
  coeacRoundEnd?: CoeacRoundEndSpell[] | null;

  @Out.nestedList(
    'G&M: the combatants’ timed statuses (asleep, paralysed) that ran out with the round this advance ended (ten seconds); a hidden NPC’s only for the referee; null in every other answer.',
    () => GmStatusesEndedResult,
    { optional: true },
  )
  gmStatusesEnded?: GmStatusesEndedResult[] | null;

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

  @Out.id('The logged roll of the attack (combat.cairn-action.v2: the attack and the harm it did).')
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

  @Out.nested(
    'The weapon of the attacker’s sheet that struck (named by `weapon`, or its first); null when none was read (a die sent alone, bare hands). Shown to the attacking key even when sealed (it is its own sheet’s).',
    () => CombatWeaponUsed,
    { nullable: true },
  )
  weapon: CombatWeaponUsed | null;
  @Out.nestedList(
    'What the engine did, in order, each with a sentence to post (issue 42); a hidden NPC in words only for a key that may not see it.',
    () => EngineEventResult,
    { optional: true },
  )
  events?: EngineEventResult[];
}

@ObjectType({ description: 'A page of the campaign’s combats, newest first.' })
export class CombatList {
  @Out.nestedList('The combats.', () => CombatView)
  items: CombatView[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}
