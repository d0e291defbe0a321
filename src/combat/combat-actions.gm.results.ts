import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { CombatProvenance, GmAttackResult, GmManeuverResult, GmPsychicResult } from './combat.results';

@ObjectType({
  description: 'A psychic defend action (PC2, PC4): verve on psychic defence, and where damage comes from.',
})
export class GmPsychicDefendResult extends CombatProvenance {
  @Out.int('Verve spent (through the ledger).')
  verveSpent: number;

  @Out.int('Psychic defence raised for the rest of the round (+2 a verve).')
  psychicDefense: number;

  @Out.bool('Psychic damage taken from survival (true) or verve first (false); null when unchanged.', {
    nullable: true,
  })
  fromSurvival: boolean | null;
}

@ObjectType({ description: 'A warrior leads instead of fighting (CB10): the perception roll.' })
export class GmLeadCoverResult extends CombatProvenance {
  @Out.int('Perception (the d20 target).')
  target: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('The companions use the warriors’ cover column this round.')
  granted: boolean;

  @Out.json('Exact odds.')
  odds: Record<string, unknown>;
}

@ObjectType({ description: 'Casting or calling and Movement this round (CB21).' })
export class GmCastingResult extends CombatProvenance {
  @Out.int('The caster’s Movement.')
  movement: number;

  @Out.int('The casting (or calling) time, in seconds.')
  seconds: number;

  @Out.int('Movement left while casting this round (0: no movement).')
  movementLeft: number;

  @Out.bool('The caster may move while casting.')
  canMove: boolean;
}

@ObjectType({ description: 'A cut to a G&M combatant’s Movement this round.' })
export class GmMovementCutView {
  @Out.string(
    'casting (CB21), concentrating (CB20), psychic-conflict (PC3), distracted (PC3) or semi-conscious.',
  )
  name: string;

  @Out.int('The most feet it allows this round.')
  limit: number;

  @Out.string('Why.')
  detail: string;
}

@ObjectType({
  description:
    'A G&M combatant’s round (CB4, CB17, G2, PC1, Movement): actions attempted and allowed, feet moved and left.',
})
export class GmTurnView {
  @Out.int('The round (the combat’s current round).')
  round: number;

  @Out.int('Actions taken this round.')
  actions: number;

  @Out.int(
    'Actions allowed this round: 1; 2 in a psychic conflict (1 in the round it entered); a group’s 1 + its bonus; +1 for a warrior’s extra attack (CB17).',
  )
  allowance: number;

  @Out.int('Actions left this round (0 after a dash or a psychic exit).')
  actionsLeft: number;

  @Out.int('Actions beyond the allowance granted by the referee (extraAction) this round.')
  extra: number;

  @Out.int('Feet moved this round.')
  moved: number;

  @Out.bool('The round’s action was a dash (Movement yards).')
  dash: boolean;

  @Out.id('CB17: the unaware target of the warrior’s extra attack this round.', { nullable: true })
  extraAttack: string | null;

  @Out.string('G2: the group it acts with this round (its members’ ids, sorted, comma-separated).', {
    nullable: true,
  })
  group: string | null;

  @Out.int('Its Movement (feet a round in combat); null when not read (the combat’s view).', {
    nullable: true,
  })
  movement: number | null;

  @Out.int('The most feet this round after the cuts (3 × Movement for a dash); null when not read.', {
    nullable: true,
  })
  movementLimit: number | null;

  @Out.int('Feet it may still move this round; null when not read.', { nullable: true })
  feetLeft: number | null;

  @Out.nestedList('The cuts to its Movement this round.', () => GmMovementCutView)
  cuts: GmMovementCutView[];
}

@ObjectType({ description: 'A G&M move (no dice): the feet moved and what is left this round.' })
export class GmMoveResult extends CombatProvenance {
  @Out.int('Feet moved now.')
  feet: number;

  @Out.int('Feet moved this round.')
  moved: number;

  @Out.int('The most feet this round.')
  limit: number;

  @Out.int('Feet left this round.')
  left: number;

  @Out.bool('A dash (in place of the action).')
  dash: boolean;
}

@ObjectType({ description: 'A condition a G&M combatant carries in a stored combat.' })
export class CombatConditionView {
  @Out.string(
    'surprised, held, holding, immobilised, broke-free, called-shot, psychic (in a psychic conflict), stunned, psychic-defense (verve on defence this round), from-survival (psychic damage from survival), casting (Movement left this round), warrior-cover (a leading warrior’s cover column this round), concentrating (CB20) or distracted (moving at half speed in a psychic conflict this round).',
  )
  name: string;

  @Out.int('The round it began (called-shot and stunned count for that round only).')
  round: number;

  @Out.id('The other combatant it is about (the grabber, the held one).', { nullable: true })
  by: string | null;

  @Out.int('Its size (stunned: the penalty; psychic-defense: the verve spent; casting: Movement left).', {
    nullable: true,
  })
  value: number | null;
}

@ObjectType({ description: 'A combatant’s conditions after the action.' })
export class GmCombatantConditions {
  @Out.id('The combatant.')
  id: string;

  @Out.nestedList('Its conditions now.', () => CombatConditionView)
  conditions: CombatConditionView[];
}

@ObjectType({ description: 'A group attack’s group (G1–G4).' })
export class GmGroupAttackGroup {
  @Out.stringList('The members (character or NPC ids), the actor first.')
  members: string[];

  @Out.intList('Each member’s own attack bonus, as read from its sheet.')
  attackBonuses: number[];

  @Out.int('Members.')
  size: number;

  @Out.int('The group bonus.')
  bonus: number;

  @Out.number('The members’ median attack bonus.')
  medianAttackBonus: number;

  @Out.int('The group’s attack bonus: ⌊median⌋ + group bonus.')
  attackBonus: number;

  @Out.bool('The miss was turned by mojo.')
  turned: boolean;

  @Out.int('The miss the bids had to cover (0 on a hit).')
  needed: number;
}

@ObjectType({ description: 'Mojo a member lost on a group roll, through the mojo ledger.' })
export class GmMojoSpent {
  @Out.id('The bidder.')
  member: string;

  @Out.int('Its bid.')
  bid: number;

  @Out.int('Mojo lost (only what the miss needed).')
  lost: number;
}

@ObjectType({ description: 'A G&M action in a stored combat.' })
export class GmCombatActionResult {
  @Out.json('What was read from the sheets: each number and where it came from.')
  read: Record<string, unknown>;

  @Out.nested('An attack or group attack, as the stateless attack answers it.', () => GmAttackResult, {
    nullable: true,
  })
  attack: GmAttackResult | null;

  @Out.nested('A group attack’s group.', () => GmGroupAttackGroup, { nullable: true })
  group: GmGroupAttackGroup | null;

  @Out.nestedList('Mojo lost on a turned group roll.', () => GmMojoSpent)
  mojo: GmMojoSpent[];

  @Out.nested('A manoeuvre, as the stateless route answers it.', () => GmManeuverResult, { nullable: true })
  maneuver: GmManeuverResult | null;

  @Out.nested('A psychic action, as the stateless route answers it.', () => GmPsychicResult, {
    nullable: true,
  })
  psychic: GmPsychicResult | null;

  @Out.nested('A psychic defend action.', () => GmPsychicDefendResult, { nullable: true })
  defend: GmPsychicDefendResult | null;

  @Out.nested('A cast action (casting time and Movement).', () => GmCastingResult, { nullable: true })
  casting: GmCastingResult | null;

  @Out.nested('A lead action (a warrior’s cover for its companions).', () => GmLeadCoverResult, {
    nullable: true,
  })
  lead: GmLeadCoverResult | null;

  @Out.string('Ammunition spent: the item’s name.', { nullable: true })
  ammunition: string | null;

  @Out.nested('A move (feet, dash).', () => GmMoveResult, { nullable: true })
  move: GmMoveResult | null;

  @Out.nested('The actor’s round after this action: actions and Movement left.', () => GmTurnView)
  turn: GmTurnView;

  @Out.nestedList(
    'A group attack: each other member’s round after it (the group’s actions are shared).',
    () => GmTurnView,
  )
  memberTurns: GmTurnView[];

  @Out.nestedList('The conditions of every combatant the action changed.', () => GmCombatantConditions)
  conditions: GmCombatantConditions[];
}
