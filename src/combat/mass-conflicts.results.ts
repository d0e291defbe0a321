import { NEXT_CURSOR } from '../common/pagination';
import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { GmAttackResult } from './combat.results';

@ObjectType({ description: 'A unit of a stored mass conflict, with what it has left.' })
export class MassUnitView {
  @Out.id('The unit.')
  id: string;

  @Out.string('Its name.')
  name: string;

  @Out.string('Its side.')
  side: string;

  @Out.int('Members.')
  size: number;

  @Out.int('The group bonus of its size (G1): on attack, defence, and in extra actions a round.')
  bonus: number;

  @Out.int('The members’ median survival.')
  medianSurvival: number;

  @Out.int('The members’ median Movement.', { nullable: true })
  medianMovement: number | null;

  @Out.int('The unit’s Movement: median + median × bonus (G8).', { nullable: true })
  movement: number | null;

  @Out.int('The members’ median attack bonus.')
  medianAttackBonus: number;

  @Out.int('The members’ median defence.')
  medianDefense: number;

  @Out.int('The members’ median evasion.')
  medianEvasion: number;

  @Out.int('The members’ median spontaneous reaction (morale).')
  moraleTarget: number;

  @Out.int('The leader’s charisma.', { nullable: true })
  leaderCharisma: number | null;

  @Out.string('The weapon’s damage dice.')
  damage: string;

  @Out.int('Survival as a unit: median + median × bonus (G8).')
  maxSurvival: number;

  @Out.int('Survival left.')
  survival: number;

  @Out.int('Injury points.')
  injuries: number;

  @Out.int('Survival and injury damage taken in the fight (the aftermath divides it).')
  damageTaken: number;

  @Out.int('The last round it took damage.', { nullable: true })
  hitRound: number | null;

  @Out.int('Rounds a failed morale check still holds it back.')
  delay: number;

  @Out.bool('No survival left: it no longer fights as a group (G9).')
  broken: boolean;

  @Out.id('Its aftermath roll, once the conflict ended.', { nullable: true })
  aftermathRollId: string | null;
}

@ObjectType({ description: 'A unit’s morale check at the end of a round (G5, G7).' })
export class MassMoraleView {
  @Out.id('The unit.')
  unitId: string;

  @Out.id('The round’s morale roll (every unit’s check on one stream).')
  rollId: string;

  @Out.int('The group’s number: ⌊median⌋ + bonus.')
  target: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('Passed.')
  passed: boolean;

  @Out.int('The delay it leaves (the miss, at most the bonus, less the leader’s margin).')
  delay: number;

  @Out.json('The group check as `combat.gm-group-effort` answers it (modifiers, steps, the leader, odds).')
  check: Record<string, unknown>;
}

@ObjectType({ description: 'A unit’s aftermath (G10), rolled when the conflict ends.' })
export class MassAftermathView {
  @Out.id('The unit.')
  unitId: string;

  @Out.id('The aftermath roll (every unit on one stream).')
  rollId: string;

  @Out.json(
    'The aftermath as `combat.gm-mass-conflict` answers it (the die, each member, the expected split).',
  )
  aftermath: Record<string, unknown>;
}

@ObjectType({ description: 'A stored G&M mass conflict, as this key may see it.' })
export class MassConflictView {
  @Out.id('The conflict.')
  id: string;

  @Out.string('Its name.')
  name: string;

  @Out.int('The round.')
  round: number;

  @Out.string('active or ended.')
  status: string;

  @Out.bool('Only the referee sees it.')
  secret: boolean;

  @Out.nestedList('Its units.', () => MassUnitView)
  units: MassUnitView[];

  @Out.nestedList('The morale checks the last round advance rolled (empty otherwise).', () => MassMoraleView)
  morale: MassMoraleView[];

  @Out.nestedList(
    'The aftermath of each unit that took damage, when the conflict ended (empty otherwise).',
    () => MassAftermathView,
  )
  aftermath: MassAftermathView[];

  @Out.string('When it began.')
  createdAt: string;

  @Out.string('Last change.')
  updatedAt: string;
}

@ObjectType({ description: 'The campaign’s mass conflicts.' })
export class MassConflictList {
  @Out.nestedList('Newest first.', () => MassConflictView)
  items: MassConflictView[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

@ObjectType({ description: 'A unit’s attack on a unit in a stored mass conflict.' })
export class MassConflictAttackResult {
  @Out.id('The conflict.')
  massConflictId: string;

  @Out.int('The round.')
  round: number;

  @Out.id('The logged roll (`combat.gm-mass-attack`).')
  rollId: string;

  @Out.id('The attacking unit.')
  attacker: string;

  @Out.id('The unit attacked.')
  target: string;

  @Out.json('The unit numbers used: medians plus each side’s group bonus.')
  numbers: Record<string, unknown>;

  @Out.nested('The attack, as `POST /v1/combat/gm/attacks` answers it.', () => GmAttackResult)
  attack: GmAttackResult;

  @Out.json(
    'The hit’s G&M damage to the unit (survival, then injuries), as `harm/gm/damage` answers it; null on a miss.',
    {
      nullable: true,
    },
  )
  damage: Record<string, unknown> | null;

  @Out.nested('The unit attacked, after the blow.', () => MassUnitView)
  unit: MassUnitView;
}
