import { InputType, registerEnumType } from '@nestjs/graphql';
import { In } from '../common/schema';
import { CAIRN_POSITIONS, CAIRN_RANGES } from '../core/combat';
import { CairnDamageDieEnum } from '../harm/harm.inputs';
import { CAIRN_POSITION_TEXT, CAIRN_RANGE_TEXT, CairnPositionEnum, CairnRangeEnum } from './combat.inputs';

/** The systems whose combats are stored (docs/combat.md: COEAC and G&M are not built yet). */
export const CAMPAIGN_COMBAT_SYSTEMS = ['cairn', 'coeac', 'gm'] as const;
export const CampaignCombatSystemEnum = { cairn: 'cairn', coeac: 'coeac', gm: 'gm' } as const;
registerEnumType(CampaignCombatSystemEnum, {
  name: 'CampaignCombatSystem',
  description: 'The system of a stored combat.',
});

const DICE = ['d4', 'd6', 'd8', 'd10', 'd12'];

@InputType({ description: 'A combatant: a character or an NPC of the campaign, on a side.' })
export class CombatantInput {
  @In.id('A character of the campaign (send this or npcId).', { optional: true, names: 'character' })
  characterId?: string;

  @In.id('An NPC of the campaign (send this or characterId).', { optional: true, names: 'npc' })
  npcId?: string;

  @In.string('The side it fights on (any label, e.g. party, foes).', { maxLength: 50, example: 'party' })
  side: string;

  @In.bool(
    'Cairn: an NPC that is a detachment (a unit of many): its attacks on individuals are enhanced blasts, individuals attack it impaired, critical damage routs it and STR 0 destroys it.',
    { optional: true },
  )
  detachment?: boolean;
}

@InputType({ description: 'A combat begun in a campaign.' })
export class CreateCombatInput {
  @In.oneOf('The system.', CAMPAIGN_COMBAT_SYSTEMS, CampaignCombatSystemEnum)
  system: string;

  @In.nestedList('Who fights.', () => CombatantInput, { minItems: 1, maxItems: 100 })
  combatants: CombatantInput[];

  @In.bool('Seal every attack of this combat for players.', { optional: true })
  secret?: boolean;

  @In.bool(
    'Cairn: roll the first-round DEX saves now (every character combatant saves; a failure loses its turn in round 1).',
    { optional: true },
  )
  firstRoundSaves?: boolean;

  @In.bool('Cairn first-round saves: a joint effort, the lowest DEX saves for every character.', {
    optional: true,
  })
  jointFirstRoundSave?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A Cairn attack in a stored combat: one combatant on another.' })
export class CombatAttackInput {
  @In.id('The attacking combatant (its character or NPC id).', { names: 'combatant' })
  attacker: string;

  @In.id('The target combatant (its character or NPC id).', { names: 'combatant' })
  target: string;

  @In.string(
    'A weapon on the attacker’s sheet, by name (exact, ignoring case): its die, bulky and blast are read from the sheet. Without it and without `die`, the sheet’s first weapon strikes.',
    { optional: true, maxLength: 64, example: 'Longsword' },
  )
  weapon?: string;

  @In.oneOf(
    'The damage die; it wins over the weapon’s. Optional: without it the named (or first) weapon of the attacker’s sheet gives it.',
    DICE,
    CairnDamageDieEnum,
    { optional: true },
  )
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

  @In.oneOf(CAIRN_RANGE_TEXT, CAIRN_RANGES, CairnRangeEnum, { optional: true })
  range?: string;

  @In.oneOf(CAIRN_POSITION_TEXT, CAIRN_POSITIONS, CairnPositionEnum, { optional: true })
  position?: string;

  @In.bool('The target holds a shield: +1 Armor.', { optional: true })
  shield?: boolean;

  @In.bool('Referee only: an attack beyond the one action the attacker’s turn allows this round (CA-17).', {
    optional: true,
  })
  extraAction?: boolean;

  @In.bool('Seal the rolls for players (referee only).', { optional: true })
  secret?: boolean;

  @In.seed()
  seed?: string;
}
