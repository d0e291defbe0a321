import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { SheetDamageResult } from '../harm/harm-campaign.results';
import { EngineEventResult } from '../harm/engine-events.results';
import { CairnCombatActionOutcome } from './combat-actions.cairn.results';
import { CoeacCombatActionResult } from './combat-actions.coeac.results';
import { GmCombatActionResult } from './combat-actions.gm.results';
import { CombatWeaponUsed } from './combat-weapons';

/** The per-system outcome fields of `CombatActionResult` (each null unless the combat is of that system). */
export const COMBAT_ACTION_OUTCOMES = ['cairn', 'coeac', 'gm'] as const;
/** Nullable fields of `CombatActionResult` a handler may leave out (answered null). */
export const COMBAT_ACTION_NULLABLE = [...COMBAT_ACTION_OUTCOMES, 'weapon'] as const;

@ObjectType({ description: 'What an action did to one target, as this key may see it.' })
export class CombatActionTargetResult {
  @Out.id('The target combatant.')
  id: string;

  @Out.nested(
    'The damage applied through the ledger; null when none or sealed for this key.',
    () => SheetDamageResult,
    {
      nullable: true,
    },
  )
  damage: SheetDamageResult | null;
}

@ObjectType({ description: 'An action in a stored combat, its harm applied to the targets’ sheets.' })
export class CombatActionResult {
  @Out.id('The combat id.')
  combatId: string;

  @Out.int('The round it was taken in.')
  round: number;

  @Out.string('The kind of action.')
  kind: string;

  @Out.id('The acting combatant.')
  actor: string;

  @Out.id('The logged roll of the action.')
  rollId: string;

  @Out.bool('Sealed: the numbers are the referee’s (a hidden NPC, a secret combat or roll).')
  sealed: boolean;

  @Out.nestedList(
    'Each target, with the harm applied to it (empty when sealed for this key).',
    () => CombatActionTargetResult,
  )
  targets: CombatActionTargetResult[];

  @Out.nested(
    'The weapon of the actor’s sheet the action used (attack, blast, G&M attack and group attack, COEAC exchange): named by `weapon`, or the sheet’s first when neither a weapon nor a die was sent; null when none was read. Shown to the acting key even when the action is sealed (it is its own sheet’s).',
    () => CombatWeaponUsed,
    { nullable: true },
  )
  weapon: CombatWeaponUsed | null;

  @Out.nested(
    'A Cairn action (attack, blast, retreat); null otherwise or when sealed.',
    () => CairnCombatActionOutcome,
    {
      nullable: true,
    },
  )
  cairn: CairnCombatActionOutcome | null;

  @Out.nested('A COEAC action; null otherwise or when sealed.', () => CoeacCombatActionResult, {
    nullable: true,
  })
  coeac: CoeacCombatActionResult | null;

  @Out.nested('A G&M action; null otherwise or when sealed.', () => GmCombatActionResult, { nullable: true })
  gm: GmCombatActionResult | null;

  @Out.nestedList(
    'What the engine did to every combatant harmed, in order, each with a sentence to post (issue 42). A key that may not see a hidden NPC gets its events in words only (how it looks); a secret roll gives players none.',
    () => EngineEventResult,
    { optional: true },
  )
  events?: EngineEventResult[];
}
