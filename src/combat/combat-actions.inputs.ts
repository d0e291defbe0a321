import { InputType, registerEnumType } from '@nestjs/graphql';
import { In } from '../common/schema';
import { CairnDamageDieEnum } from '../harm/harm.inputs';
import { GmCombatActionInput } from './combat-actions.gm.inputs';

/**
 * Every kind of action a stored combat takes, across systems (issue 20). Each system's handler
 * accepts its own kinds and refuses the others with 422 naming `kind` (docs/combat.md).
 */
export const COMBAT_ACTION_KINDS = ['attack', 'group-attack', 'maneuver', 'psychic-attack'] as const;
export const CombatActionKindEnum = Object.fromEntries(
  COMBAT_ACTION_KINDS.map((k) => [k.replace(/-/g, '_'), k]),
) as Record<string, string>;
registerEnumType(CombatActionKindEnum, {
  name: 'CombatActionKind',
  description: 'The kind of a combat action (each system takes its own kinds).',
});

const DICE = ['d4', 'd6', 'd8', 'd10', 'd12'];

@InputType({ description: 'A Cairn action’s own inputs.' })
export class CairnCombatActionInput {
  @In.oneOf('The weapon’s damage die.', DICE, CairnDamageDieEnum, { optional: true })
  die?: string;

  @In.oneOf('Two weapons: this die is rolled too and the higher counts.', DICE, CairnDamageDieEnum, {
    optional: true,
  })
  secondDie?: string;

  @In.bool('Impaired: d4.', { optional: true })
  impaired?: boolean;

  @In.bool('Enhanced: d12.', { optional: true })
  enhanced?: boolean;

  @In.bool('Bare hands: d4.', { optional: true })
  unarmed?: boolean;

  @In.bool('The target holds a shield: +1 Armor.', { optional: true })
  shield?: boolean;
}

@InputType({
  description:
    'An action in a stored combat: who acts, what kind, on whom; the system’s own inputs under its name.',
})
export class CombatActionInput {
  @In.id('The acting combatant (its character or NPC id).')
  actor: string;

  @In.oneOf(
    'The kind of action (each system takes its own kinds).',
    COMBAT_ACTION_KINDS,
    CombatActionKindEnum,
  )
  kind: string;

  @In.idList('The target combatants (character or NPC ids).', { maxItems: 50, optional: true })
  targets?: string[];

  @In.nested('Cairn inputs (a Cairn combat).', () => CairnCombatActionInput, { optional: true })
  cairn?: CairnCombatActionInput;

  @In.nested('G&M inputs (a G&M combat).', () => GmCombatActionInput, { optional: true })
  gm?: GmCombatActionInput;

  @In.bool('Seal the roll for players (referee only).', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}
