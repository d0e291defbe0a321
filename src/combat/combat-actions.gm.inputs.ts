import { InputType } from '@nestjs/graphql';
import { dashedEnumType, In } from '../common/schema';
import {
  GM_BLOWS,
  GM_COVERS,
  GM_MANEUVERS,
  GM_NON_DEFENDING,
  GM_PSYCHIC_ACTIONS,
  GM_UNSEEN,
  MAX_SITUATIONAL,
} from '../core/combat';
import {
  GmBlowEnum,
  GmCoverEnum,
  GmManeuverEnum,
  GmNonDefendingEnum,
  GmRangeInput,
  GmSituationalInput,
  GmUnseenEnum,
} from './combat.inputs';

export const GM_ATTACK_KINDS = ['close', 'thrown', 'propelled'] as const;
export const GmAttackKindEnum = dashedEnumType(
  'GmAttackKind',
  GM_ATTACK_KINDS,
  'close (strength), thrown or propelled (agility) attack.',
);
/** Psychic actions in a stored combat: the stateless route's, and `defend` (PC2), kept on the combat. */
export const GM_COMBAT_PSYCHIC_ACTIONS = [...GM_PSYCHIC_ACTIONS, 'defend'] as const;
export const GmCombatPsychicActionEnum = dashedEnumType(
  'GmCombatPsychicAction',
  GM_COMBAT_PSYCHIC_ACTIONS,
  'A psychic action in a stored combat: attack, enter, exit, or defend (verve on psychic defence).',
);
export const GM_ROLL_REACTIONS = ['willpower', 'fortitude', 'evasion', 'perception'] as const;
export const GmRollReactionEnum = dashedEnumType(
  'GmRollReaction',
  GM_ROLL_REACTIONS,
  'The reaction a manoeuvre rolls when the rules leave the choice.',
);

@InputType({ description: 'A standing mojo bid on a group roll (G4).' })
export class GmGroupMojoBidInput {
  @In.id('The bidding member (a character of the group).', { names: 'combatant' })
  member: string;

  @In.int('Mojo bid; only what the miss needs is lost.', { min: 1, max: 1000, example: 3 })
  bid: number;
}

@InputType({ description: 'A G&M action’s own inputs (the numbers come from the stored sheets).' })
export class GmCombatActionInput {
  @In.oneOf(
    'Attack: close, thrown or propelled (default: the weapon’s kind, else close).',
    GM_ATTACK_KINDS,
    GmAttackKindEnum,
    {
      optional: true,
    },
  )
  attack?: string;

  @In.string(
    'attack, group attack: a weapon on the actor’s sheet, by name (exact, ignoring case): its dice, kind and attack bonus are read from the sheet. Without it and without `dice`, the sheet’s first weapon strikes. Deprecated: dice such as "d8" sent here (when no weapon has that name) are read as `dice`.',
    { optional: true, maxLength: 64, example: 'Longsword' },
  )
  weapon?: string;

  @In.string(
    'The weapon’s damage dice, such as "d8" (the sheet’s damage bonus is added); they win over the weapon’s.',
    { optional: true, maxLength: 20, example: 'd8' },
  )
  dice?: string;

  @In.bool('Bare hands: d3 (d2 with smallSpecies).', { optional: true })
  unarmed?: boolean;

  @In.bool('A halfling, goblin or gnome: bare hands do d2.', { optional: true })
  smallSpecies?: boolean;

  @In.int(
    'Attack bonus beyond the sheet’s (a weapon skill, a magic weapon); it wins over the weapon’s own attackBonus.',
    {
      optional: true,
      min: -100,
      max: 100,
    },
  )
  attackBonus?: number;

  @In.int(
    'The target’s armour and shield defence (added to its stored defence). Default: the defence of the `armor` and `shield` on the target’s sheet; a value sent wins (`gm.read.defense.armorFrom` says which).',
    {
      optional: true,
      min: 0,
      max: 100,
    },
  )
  armor?: number;

  @In.oneOf('Cover.', GM_COVERS, GmCoverEnum, { optional: true })
  cover?: string;

  @In.bool('The target uses the warriors’ cover column.', { optional: true })
  warriorCover?: boolean;

  @In.int('Firing into close combat: combatants in it.', { optional: true, min: 0, max: 1000 })
  intoMelee?: number;

  @In.bool('A called shot: −3 to attack, −2 to the attacker’s defence this round.', { optional: true })
  calledShot?: boolean;

  @In.nested('Range, for thrown or propelled weapons.', () => GmRangeInput, { optional: true })
  range?: GmRangeInput;

  @In.int('A strength-built bow: the strength it is built for (the wielder’s comes from the sheet).', {
    optional: true,
    min: 1,
    max: 1000,
  })
  bowBuiltFor?: number;

  @In.oneOf('An unseen target: close (−3) or ranged (−6).', GM_UNSEEN, GmUnseenEnum, { optional: true })
  unseen?: string;

  @In.bool('High ground: +1 to attack.', { optional: true })
  highGround?: boolean;

  @In.oneOf('A non-defending target.', GM_NON_DEFENDING, GmNonDefendingEnum, { optional: true })
  nonDefending?: string;

  @In.bool('Referee: the target is surprised (kept on the combat until it recovers).', { optional: true })
  targetSurprised?: boolean;

  @In.nestedList('Other attack modifiers, each named.', () => GmSituationalInput, {
    optional: true,
    maxItems: MAX_SITUATIONAL,
  })
  situational?: GmSituationalInput[];

  @In.oneOf('A killing or knockout blow (a called shot).', GM_BLOWS, GmBlowEnum, { optional: true })
  blow?: string;

  @In.bool('A warrior’s knockout: 2 points to injuries.', { optional: true })
  warriorKnockout?: boolean;

  @In.bool('Knockout: the target wears head protection (+1 to its evasion).', { optional: true })
  headProtection?: boolean;

  @In.int('Knockout: the target’s helmet defence bonus.', { optional: true, min: 0, max: 100 })
  helmetDefense?: number;

  @In.id('A propelled or thrown shot: the inventory item spent (a material in dice loses one die).', {
    optional: true,
  })
  ammunition?: string;

  @In.oneOf('The manoeuvre (kind maneuver).', GM_MANEUVERS, GmManeuverEnum, { optional: true })
  maneuver?: string;

  @In.oneOf('The reaction rolled when the rules leave the choice.', GM_ROLL_REACTIONS, GmRollReactionEnum, {
    optional: true,
  })
  reaction?: string;

  @In.int('General sizes the roller is larger than the other side (negative when smaller).', {
    optional: true,
    min: -10,
    max: 10,
  })
  sizeDifference?: number;

  @In.int('Multi-action: actions the weapon needs.', { optional: true, min: 1, max: 100 })
  actions?: number;

  @In.bool('Multi-action: in close combat.', { optional: true })
  closeCombat?: boolean;

  @In.oneOf(
    'Psychic action (kind psychic-attack): attack (default), enter, exit, or defend (verve on psychic defence for the rest of the round).',
    GM_COMBAT_PSYCHIC_ACTIONS,
    GmCombatPsychicActionEnum,
    {
      optional: true,
    },
  )
  psychic?: string;

  @In.int('Psychic attack or defend: verve spent (1 … monk level).', { optional: true, min: 1, max: 100 })
  spend?: number;

  @In.bool(
    'Psychic defend: take psychic damage from survival instead of verve (true) or from verve again (false), kept until changed.',
    { optional: true },
  )
  fromSurvival?: boolean;

  @In.int('Cast (CB21): the spell’s casting time (or the spirit’s calling time) in seconds.', {
    optional: true,
    min: 0,
    max: 1000000,
  })
  castingSeconds?: number;

  @In.bool('Cast: a prophet calling a spirit (the same rule).', { optional: true })
  calling?: boolean;

  @In.int(
    'Cast: the spell’s level. A sorceror casts no spell above its sorceror level less its injuries (S5): 409 naming this field.',
    { optional: true, min: 1, max: 100 },
  )
  spellLevel?: number;

  @In.int('Cast or move: the combatant’s Movement when its sheet has none (no species, no movement).', {
    optional: true,
    min: 0,
    max: 100000,
  })
  movement?: number;

  @In.bool(
    'Psychic: talking or moving at half speed (−3). On a move in a psychic conflict: half Movement instead of a quarter, kept for the round (its psychic attacks and defence −3).',
    { optional: true },
  )
  distracted?: boolean;

  @In.int('move: the feet moved now (up to the Movement left this round after its cuts).', {
    optional: true,
    min: 1,
    max: 100000,
  })
  feet?: number;

  @In.bool('move: a dash of up to Movement yards (3 × Movement feet) in place of the round’s action.', {
    optional: true,
  })
  dash?: boolean;

  @In.bool(
    'Referee only: this action is one more than the round allows (a creature with several attacks, a special ability); counted in the turn’s extra.',
    { optional: true },
  )
  extraAction?: boolean;

  @In.bool(
    'attack (CB17): a warrior against an unaware target (nonDefending unaware) takes an extra attack this round instead of the +4.',
    { optional: true },
  )
  extraAttack?: boolean;

  @In.bool(
    'cast (CB20): the spell needs concentration: kept as concentrating (half Movement, no attacks or new actions, −1 defence) until broken.',
    { optional: true },
  )
  concentrate?: boolean;

  @In.bool('Stop concentrating before this action (CB20: no attacks or new actions while concentrating).', {
    optional: true,
  })
  breakConcentration?: boolean;

  @In.bool('Psychic enter: the target is unwilling (it resists with willpower).', { optional: true })
  unwilling?: boolean;

  @In.idList('Group attack: the other members (the actor leads).', {
    optional: true,
    maxItems: 50,
    names: 'combatant',
  })
  members?: string[];

  @In.nestedList(
    'Group attack: standing mojo bids (G4), taken in order on a miss.',
    () => GmGroupMojoBidInput,
    {
      optional: true,
      maxItems: 50,
    },
  )
  mojo?: GmGroupMojoBidInput[];

  @In.bool('Referee: the group roll is archetypal for every bidder (warriors’ combat always is).', {
    optional: true,
  })
  archetypal?: boolean;
}
