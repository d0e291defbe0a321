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

@ObjectType({ description: 'A condition a G&M combatant carries in a stored combat.' })
export class CombatConditionView {
  @Out.string(
    'surprised, held, holding, immobilised, broke-free, called-shot, psychic (in a psychic conflict), stunned, psychic-defense (verve on defence this round), from-survival (psychic damage from survival), casting (Movement left this round) or warrior-cover (a leading warrior’s cover column this round).',
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

  @Out.nestedList('The conditions of every combatant the action changed.', () => GmCombatantConditions)
  conditions: GmCombatantConditions[];
}
