import { InputType } from '@nestjs/graphql';
import { dashedEnumType, In } from '../common/schema';
import { CairnCombatActionInput } from './combat-actions.cairn.inputs';
import { CoeacCombatActionInput } from './combat-actions.coeac.inputs';
import { GmCombatActionInput } from './combat-actions.gm.inputs';

/**
 * Every kind of action a stored combat takes, across systems (issue 20). Each system's handler
 * accepts its own kinds and refuses the others with 422 naming `kind` (docs/combat.md).
 */
export const COMBAT_ACTION_KINDS = [
  'attack',
  'blast',
  'retreat',
  'move',
  'exchange',
  'defend',
  'ambush',
  'declare',
  'group-attack',
  'maneuver',
  'psychic-attack',
  'cast',
  'lead',
  'struggle',
] as const;
export const CombatActionKindEnum = dashedEnumType(
  'CombatActionKind',
  COMBAT_ACTION_KINDS,
  'The kind of a combat action (each system takes its own kinds).',
);

@InputType({
  description:
    'An action in a stored combat: who acts, what kind, on whom; the system’s own inputs under its name.',
})
export class CombatActionInput {
  @In.id('The acting combatant (its character or NPC id).', { names: 'combatant' })
  actor: string;

  @In.oneOf(
    'The kind of action (each system takes its own kinds).',
    COMBAT_ACTION_KINDS,
    CombatActionKindEnum,
  )
  kind: string;

  @In.idList('The target combatants (character or NPC ids).', {
    maxItems: 50,
    optional: true,
    names: 'combatant',
  })
  targets?: string[];

  @In.nested('Cairn inputs (a Cairn combat).', () => CairnCombatActionInput, { optional: true })
  cairn?: CairnCombatActionInput;

  @In.nested('COEAC inputs (a COEAC combat).', () => CoeacCombatActionInput, { optional: true })
  coeac?: CoeacCombatActionInput;
  @In.nested('G&M inputs (a G&M combat).', () => GmCombatActionInput, { optional: true })
  gm?: GmCombatActionInput;

  @In.bool('Seal the roll for players (referee only).', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}
