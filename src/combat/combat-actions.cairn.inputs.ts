import { InputType } from '@nestjs/graphql';
import { In } from '../common/schema';
import { CAIRN_ATTRIBUTES, CAIRN_POSITIONS, CAIRN_RANGES, CAIRN_STRUGGLE_SIDES } from '../core/combat';
import { CairnDamageDieEnum } from '../harm/harm.inputs';
import {
  CAIRN_AT_RISK_TEXT,
  CAIRN_POSITION_TEXT,
  CAIRN_RANGE_TEXT,
  CairnAttributeEnum,
  CairnPositionEnum,
  CairnRangeEnum,
  CairnStruggleSideEnum,
} from './combat.inputs';

const DICE = ['d4', 'd6', 'd8', 'd10', 'd12'];

@InputType({ description: 'Another combatant attacking the same target in a Cairn attack, with its weapon.' })
export class CairnJoiningAttackerInput {
  @In.id('The joining combatant (its character or NPC id).', { names: 'combatant' })
  id: string;

  @In.string(
    'A weapon on the joining combatant’s sheet, by name (exact, ignoring case). Without it and without `die`, its sheet’s first weapon strikes.',
    { optional: true, maxLength: 64, example: 'Spear' },
  )
  weapon?: string;

  @In.oneOf(
    'Its damage die; it wins over the weapon’s (optional: the sheet’s weapon gives it).',
    DICE,
    CairnDamageDieEnum,
    {
      optional: true,
    },
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
}

@InputType({ description: 'A Cairn action’s own inputs.' })
export class CairnCombatActionInput {
  @In.string(
    'attack, blast: a weapon on the actor’s sheet, by name (exact, ignoring case): its die, bulky and blast are read from the sheet. Without it and without `die`, the sheet’s first weapon strikes.',
    { optional: true, maxLength: 64, example: 'Longsword' },
  )
  weapon?: string;

  @In.oneOf(
    'The damage die (attack, blast); it wins over the weapon’s. Optional: the named (or first) weapon of the sheet gives it.',
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

  @In.nestedList(
    'attack: the other combatants attacking the same target; every die is rolled and the single highest counts.',
    () => CairnJoiningAttackerInput,
    { optional: true, maxItems: 19 },
  )
  withAttackers?: CairnJoiningAttackerInput[];

  @In.int('move: the feet moved (up to 40 a turn; beyond, the action is a second move of up to 40 more).', {
    optional: true,
    min: 1,
    max: 80,
  })
  feet?: number;

  @In.bool(
    'Referee only: this action is one more than the turn allows (a creature’s extra attack, a special ability); every attacker of it acts beyond its one action.',
    { optional: true },
  )
  extraAction?: boolean;

  @In.oneOf(
    'struggle (CA-02): the attribute tested, str, dex or wil.',
    CAIRN_ATTRIBUTES,
    CairnAttributeEnum,
    {
      optional: true,
    },
  )
  attribute?: string;

  @In.oneOf(CAIRN_AT_RISK_TEXT, CAIRN_STRUGGLE_SIDES, CairnStruggleSideEnum, { optional: true })
  atRisk?: string;

  @In.bool(
    'blast: the number of targets is unclear; the damage die sets how many of them are caught (always when no target is listed).',
    { optional: true },
  )
  countTargets?: boolean;
}
