import { InputType } from '@nestjs/graphql';
import { dashedEnumType, In } from '../common/schema';
import {
  AMBUSH_PLACES,
  ARCHSOUL_ARCS,
  ARCHSOUL_ATTACK_KINDS,
  type ArchsoulArc,
  type ArchsoulAttackKind,
  CAIRN_ATTRIBUTES,
  CAIRN_DEX_SAVE_KINDS,
  CAIRN_POSITIONS,
  CAIRN_STRUGGLE_SIDES,
  CAIRN_RANGES,
  GM_BLOWS,
  GM_COVERS,
  GM_MANEUVERS,
  MAX_ORDER_ACTORS,
  GM_NON_DEFENDING,
  GM_PSYCHIC_ACTIONS,
  GM_UNSEEN,
  MAX_CAIRN_ATTACKERS,
  MAX_CAIRN_SAVERS,
  MAX_CAIRN_TARGETS,
  MAX_ENGAGED_ALLIES,
  MAX_EXCHANGE_POOL,
  MAX_GROUP_MEMBERS,
  MAX_GROUP_SCORE,
  MAX_GROUP_SIZE,
  MAX_SITUATIONAL,
  type AmbushPlace,
  type CairnDexSaveKind,
  type GmBlow,
  type GmCover,
  type GmManeuver,
  type GmNonDefending,
  type GmPsychicAction,
} from '../core/combat';
import type { CairnDamageDie } from '../core/harm';
import { CairnDamageDieEnum } from '../harm/harm.inputs';

const BIG = 100_000;

export const AmbushPlaceEnum = dashedEnumType(
  'CoeacAmbushPlace',
  AMBUSH_PLACES,
  'wilderness (Bushcraft) or town (Streetwise).',
);
export const CairnDexSaveKindEnum = dashedEnumType(
  'CairnDexSaveKind',
  CAIRN_DEX_SAVE_KINDS,
  'first-round or retreat.',
);
export const GmCoverEnum = dashedEnumType('GmCover', GM_COVERS, 'none, weak, strong or full cover.');
export const GmNonDefendingEnum = dashedEnumType(
  'GmNonDefending',
  GM_NON_DEFENDING,
  'covered, unaware or immobile.',
);
export const GmBlowEnum = dashedEnumType('GmBlow', GM_BLOWS, 'killing or knockout.');
export const GmUnseenEnum = dashedEnumType(
  'GmUnseen',
  GM_UNSEEN,
  'An unseen target in close or ranged combat.',
);
export const GmManeuverEnum = dashedEnumType('GmManeuver', GM_MANEUVERS, 'A special conflict manoeuvre.');
export const GmPsychicActionEnum = dashedEnumType(
  'GmPsychicAction',
  GM_PSYCHIC_ACTIONS,
  'attack, enter or exit.',
);

// COEAC

@InputType({ description: 'One side’s dice in a COEAC combat check.' })
export class CoeacExchangeSideInput {
  @In.int('2 + the Skill (or Save) rating the combat check tests.', {
    min: 0,
    max: MAX_EXCHANGE_POOL,
    example: 4,
  })
  pool: number;

  @In.int('+1d per substantial advantage.', { optional: true, min: 0, max: MAX_EXCHANGE_POOL })
  bonusDice?: number;

  @In.int('−1d per substantial disadvantage.', { optional: true, min: 0, max: MAX_EXCHANGE_POOL })
  penaltyDice?: number;

  @In.int('Free successes (+Ns): +1 damage each when this side deals damage.', {
    optional: true,
    min: 0,
    max: 100,
  })
  freeSuccesses?: number;

  @In.int('Helpers, one die each.', { optional: true, min: 0, max: MAX_EXCHANGE_POOL })
  helpers?: number;
}

@InputType({ description: 'The attacker of a COEAC exchange.' })
export class CoeacAttackerInput extends CoeacExchangeSideInput {
  @In.int(
    'Ganging up: supporting allies, +1d each to this captain; each takes the captain’s damage if the target wins.',
    {
      optional: true,
      min: 0,
      max: MAX_EXCHANGE_POOL,
    },
  )
  supporters?: number;

  @In.bool('A ranged attack: it needs ammunition carried.', { optional: true })
  ranged?: boolean;

  @In.int('Ammunition carried (a ranged attack with none is refused). Default 1.', {
    optional: true,
    min: 0,
    max: BIG,
  })
  ammunition?: number;
}

@InputType({ description: 'The defender of a COEAC exchange.' })
export class CoeacDefenderInput extends CoeacExchangeSideInput {
  @In.bool('Full defence: +1d, the better of `pool` and `agilityPool`, and no damage dealt.', {
    optional: true,
  })
  fullDefense?: boolean;

  @In.int('Agility’s pool, compared with `pool` on full defence.', {
    optional: true,
    min: 0,
    max: MAX_EXCHANGE_POOL,
  })
  agilityPool?: number;

  @In.bool('Helpless: no roll, takes the attacker’s successes, then a Vigor save against Ob = the damage.', {
    optional: true,
  })
  helpless?: boolean;

  @In.int('Vigor’s pool for a helpless defender’s save; without it the save is reported as owed.', {
    optional: true,
    min: 0,
    max: MAX_EXCHANGE_POOL,
  })
  vigorPool?: number;

  @In.bool('Whether the defender threatens the attacker (deals damage when it wins). Default true.', {
    optional: true,
  })
  threatens?: boolean;
}

@InputType({ description: 'A COEAC combat exchange: two combat checks as a versus test.' })
export class CoeacExchangeInput {
  @In.nested('The attacking side (or a ganging-up captain).', () => CoeacAttackerInput)
  attacker: CoeacAttackerInput;

  @In.nested('The defending side.', () => CoeacDefenderInput)
  defender: CoeacDefenderInput;

  @In.bool('Firing into a melee: −1d; losing by more than 3 sends 3d damage at an engaged ally.', {
    optional: true,
  })
  firingIntoMelee?: boolean;

  @In.int('Allies engaged in that melee (a stray shot picks one at random). Default 1.', {
    optional: true,
    min: 1,
    max: MAX_ENGAGED_ALLIES,
  })
  engagedAllies?: number;

  @In.bool('The ambushers’ free round: the defender neither rolls nor threatens.', { optional: true })
  ambushRound?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A COEAC ambush test for the ambushed group.' })
export class CoeacAmbushInput {
  @In.oneOf('wilderness (Bushcraft) or town (Streetwise).', AMBUSH_PLACES, AmbushPlaceEnum)
  place: AmbushPlace;

  @In.int('The scout’s pool: 2 + the skill.', { min: 0, max: MAX_EXCHANGE_POOL, example: 4 })
  pool: number;

  @In.int('Bonus dice.', { optional: true, min: 0, max: MAX_EXCHANGE_POOL })
  bonusDice?: number;

  @In.int('Penalty dice.', { optional: true, min: 0, max: MAX_EXCHANGE_POOL })
  penaltyDice?: number;

  @In.int('Helpers, one die each.', { optional: true, min: 0, max: MAX_EXCHANGE_POOL })
  helpers?: number;

  @In.int('The referee’s Ob (the rules give none).', { min: 0, max: MAX_EXCHANGE_POOL, example: 2 })
  objective: number;

  @In.seed()
  seed?: string;
}

// Cairn

export const CairnRangeEnum = dashedEnumType(
  'CairnRange',
  CAIRN_RANGES,
  'The range of a Cairn ranged attack (CA-19): near (no effect) or very-distant (impaired: d4).',
);
export const CairnPositionEnum = dashedEnumType(
  'CairnPosition',
  CAIRN_POSITIONS,
  'A Cairn attacker’s position (CA-19, CA-20): weak (impaired: d4) or strong (enhanced: d12).',
);
export const CAIRN_RANGE_TEXT =
  'CA-19: the range, from the fiction: very-distant (an especially distant target) makes a ranged attack impaired (d4); near changes nothing.';
export const CAIRN_POSITION_TEXT =
  'CA-19, CA-20: the position, from the fiction: weak (through cover, bound hands) is impaired (d4), strong (a helpless foe, a daring move) enhanced (d12).';

@InputType({ description: 'One Cairn attacker.' })
export class CairnAttackerInput {
  @In.string('A label.', { optional: true, maxLength: 100 })
  name?: string;

  @In.oneOf('The weapon’s damage die.', ['d4', 'd6', 'd8', 'd10', 'd12'], CairnDamageDieEnum)
  die: CairnDamageDie;

  @In.oneOf(
    'Two weapons: this die is rolled too and the higher counts.',
    ['d4', 'd6', 'd8', 'd10', 'd12'],
    CairnDamageDieEnum,
    {
      optional: true,
    },
  )
  secondDie?: CairnDamageDie;

  @In.bool('Impaired (weak position, very distant target): d4.', { optional: true })
  impaired?: boolean;

  @In.bool('Enhanced (strong position): d12.', { optional: true })
  enhanced?: boolean;

  @In.bool('Bare hands: d4.', { optional: true })
  unarmed?: boolean;

  @In.oneOf(CAIRN_RANGE_TEXT, CAIRN_RANGES, CairnRangeEnum, { optional: true })
  range?: string;

  @In.oneOf(CAIRN_POSITION_TEXT, CAIRN_POSITIONS, CairnPositionEnum, { optional: true })
  position?: string;

  @In.bool('A detachment: enhanced against individuals, its attacks are blasts.', { optional: true })
  detachment?: boolean;
}

@InputType({ description: 'A Cairn target: the sheet numbers a blow reads.' })
export class CairnTargetInput {
  @In.string('A label.', { optional: true, maxLength: 100 })
  name?: string;

  @In.int('HP.', { min: 0, max: 1000, example: 4 })
  hp: number;

  @In.int('STR.', { min: 0, max: 30, example: 10 })
  str: number;

  @In.int('Armor from what is worn (at most 3 counts).', { optional: true, min: 0, max: 1000 })
  armor?: number;

  @In.bool('A shield held: +1 Armor.', { optional: true })
  shield?: boolean;

  @In.int('DEX (for scars and DEX 0).', { optional: true, min: 0, max: 30 })
  dex?: number;

  @In.int('WIL (for scars and WIL 0).', { optional: true, min: 0, max: 30 })
  wil?: number;

  @In.int('Max HP (for scars).', { optional: true, min: 0, max: 1000 })
  maxHp?: number;

  @In.int('Max DEX (for scars).', { optional: true, min: 0, max: 30 })
  maxDex?: number;

  @In.int('Max WIL (for scars).', { optional: true, min: 0, max: 30 })
  maxWil?: number;

  @In.bool('An NPC or monster: critical damage kills.', { optional: true })
  npc?: boolean;

  @In.bool('A detachment: individuals attack it impaired; critical damage routs it, STR 0 destroys it.', {
    optional: true,
  })
  detachment?: boolean;
}

@InputType({ description: 'A Cairn attack: dice past Armor into HP and STR.' })
export class CairnAttackInput {
  @In.nestedList(
    'Every attacker on the target (the single highest die counts); one for a blast.',
    () => CairnAttackerInput,
    {
      minItems: 1,
      maxItems: MAX_CAIRN_ATTACKERS,
    },
  )
  attackers: CairnAttackerInput[];

  @In.nested('The target; or send `targets` for a blast.', () => CairnTargetInput, { optional: true })
  target?: CairnTargetInput;

  @In.nestedList('The targets in a blast’s area.', () => CairnTargetInput, {
    optional: true,
    minItems: 1,
    maxItems: MAX_CAIRN_TARGETS,
  })
  targets?: CairnTargetInput[];

  @In.bool('A blast: each target takes its own roll.', { optional: true })
  blast?: boolean;

  @In.bool('Roll the damage die to set how many of `targets` the blast catches.', { optional: true })
  countTargets?: boolean;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'One character making a Cairn DEX save.' })
export class CairnSaverInput {
  @In.string('A label.', { optional: true, maxLength: 100 })
  name?: string;

  @In.int('DEX.', { min: 0, max: 30, example: 12 })
  dex: number;
}

@InputType({ description: 'Cairn DEX saves: the first round, or a retreat.' })
export class CairnDexSavesInput {
  @In.oneOf('first-round or retreat.', CAIRN_DEX_SAVE_KINDS, CairnDexSaveKindEnum)
  kind: CairnDexSaveKind;

  @In.nestedList('The characters saving.', () => CairnSaverInput, { minItems: 1, maxItems: MAX_CAIRN_SAVERS })
  characters: CairnSaverInput[];

  @In.bool('A joint effort: the lowest DEX saves for all.', { optional: true })
  joint?: boolean;

  @In.seed()
  seed?: string;
}

export const CairnAttributeEnum = dashedEnumType(
  'CairnStruggleAttribute',
  CAIRN_ATTRIBUTES,
  'A Cairn attribute: str (force), dex (poise, speed), wil (will, wits).',
);
export const CairnStruggleSideEnum = dashedEnumType(
  'CairnStruggleSide',
  CAIRN_STRUGGLE_SIDES,
  'A side of a Cairn struggle: actor (who starts it) or target (who is struggled against).',
);
export const CAIRN_AT_RISK_TEXT =
  'CA-02: the side most at risk, who saves; by default the target (the one struggled against).';

@InputType({ description: 'One side of a Cairn struggle.' })
export class CairnStruggleSideInput {
  @In.string('A label.', { optional: true, maxLength: 100 })
  name?: string;

  @In.int('Its current score in the attribute tested.', { min: 0, max: 30, example: 12 })
  score: number;
}

@InputType({
  description:
    'A Cairn struggle (CA-02): two opponents each trying to overcome the other; the side most at risk saves.',
})
export class CairnStruggleInput {
  @In.oneOf('The attribute tested: str, dex or wil.', CAIRN_ATTRIBUTES, CairnAttributeEnum)
  attribute: string;

  @In.nested('The one who starts the struggle.', () => CairnStruggleSideInput)
  actor: CairnStruggleSideInput;

  @In.nested('The one it struggles against.', () => CairnStruggleSideInput)
  target: CairnStruggleSideInput;

  @In.oneOf(CAIRN_AT_RISK_TEXT, CAIRN_STRUGGLE_SIDES, CairnStruggleSideEnum, { optional: true })
  atRisk?: string;

  @In.seed()
  seed?: string;
}

// G&M

@InputType({ description: 'Thrown or propelled range.' })
export class GmRangeInput {
  @In.int('Distance to the target, in yards.', { min: 0, max: BIG, example: 13 })
  distance: number;

  @In.int('The weapon’s range, in yards.', { min: 1, max: BIG, example: 6 })
  increment: number;

  @In.int('A thrown weapon: the thrower’s strength (its minor contributor offsets range penalties).', {
    optional: true,
    min: 1,
    max: 1000,
  })
  thrownStrength?: number;
}

@InputType({ description: 'A strength-built bow.' })
export class GmStrengthBowInput {
  @In.int('The strength the bow is built for.', { min: 1, max: 1000, example: 16 })
  builtFor: number;

  @In.int('The wielder’s strength.', { min: 1, max: 1000, example: 16 })
  wielder: number;
}

@InputType({ description: 'A named situational modifier.' })
export class GmSituationalInput {
  @In.string('What it is.', { maxLength: 100 })
  name: string;

  @In.int('Its value on the attack roll.', { min: -100, max: 100 })
  value: number;
}

@InputType({ description: 'The target’s evasion against a knockout blow.' })
export class GmKnockoutEvasionInput {
  @In.int('Evasion.', { min: 0, max: 1000, example: 8 })
  score: number;

  @In.bool('Head protection: +1.', { optional: true })
  headProtection?: boolean;

  @In.int('The helmet’s defence bonus.', { optional: true, min: 0, max: 100 })
  helmetDefense?: number;
}

@InputType({ description: 'A G&M attack: d20 against 11 + attack bonus − defence.' })
export class GmAttackInput {
  @In.int('The combined attack bonus.', { min: -100, max: 100, example: 4 })
  attackBonus: number;

  @In.int('The target’s defence.', { min: -100, max: 100, example: 3 })
  defense: number;

  @In.oneOf('Cover.', GM_COVERS, GmCoverEnum, { optional: true })
  cover?: GmCover;

  @In.bool('The target uses the warriors’ cover column.', { optional: true })
  warriorCover?: boolean;

  @In.int('Firing into close combat: combatants in it (3–5 strong cover, 6+ full).', {
    optional: true,
    min: 0,
    max: 1000,
  })
  intoMelee?: number;

  @In.bool('A called shot: −3 to attack, −2 to the attacker’s defence.', { optional: true })
  calledShot?: boolean;

  @In.nested('Range, for thrown or propelled weapons.', () => GmRangeInput, { optional: true })
  range?: GmRangeInput;

  @In.oneOf('An unseen target: close (−3) or ranged (−6).', GM_UNSEEN, GmUnseenEnum, { optional: true })
  unseen?: 'close' | 'ranged';

  @In.bool('High ground: +1 to attack.', { optional: true })
  highGround?: boolean;

  @In.bool('The attacker is surprised: −3.', { optional: true })
  attackerSurprised?: boolean;

  @In.bool('The target is surprised: −2 defence.', { optional: true })
  targetSurprised?: boolean;

  @In.oneOf(
    'A non-defending target: covered (+4, +1 damage), unaware (+4) or immobile (+10).',
    GM_NON_DEFENDING,
    GmNonDefendingEnum,
    {
      optional: true,
    },
  )
  nonDefending?: GmNonDefending;

  @In.nested('A strength-built bow.', () => GmStrengthBowInput, { optional: true })
  strengthBow?: GmStrengthBowInput;

  @In.nestedList('Other modifiers, each named.', () => GmSituationalInput, {
    optional: true,
    maxItems: MAX_SITUATIONAL,
  })
  situational?: GmSituationalInput[];

  @In.string('The weapon’s damage dice, such as "d8+4".', { optional: true, maxLength: 20, example: 'd8' })
  damage?: string;

  @In.bool('Bare hands: d3.', { optional: true })
  unarmed?: boolean;

  @In.bool('A halfling, goblin or gnome: bare hands do d2.', { optional: true })
  smallSpecies?: boolean;

  @In.oneOf('A killing or knockout blow (a called shot).', GM_BLOWS, GmBlowEnum, { optional: true })
  blow?: GmBlow;

  @In.bool('A warrior’s knockout: 2 points to injuries.', { optional: true })
  warriorKnockout?: boolean;

  @In.nested(
    'The target’s evasion against a knockout blow; rolled when sent.',
    () => GmKnockoutEvasionInput,
    {
      optional: true,
    },
  )
  knockoutEvasion?: GmKnockoutEvasionInput;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'One member of a group effort.' })
export class GmGroupMemberInput {
  @In.int('The member’s final target number.', { min: 0, max: MAX_GROUP_SCORE, example: 17 })
  target: number;

  @In.int('The member’s own bonus, when the bonus matters.', { optional: true, min: 0, max: MAX_GROUP_SCORE })
  bonus?: number;
}

@InputType({ description: 'A G&M group effort.' })
export class GmGroupEffortInput {
  @In.nestedList('Each member’s number; or send `size` and `target`.', () => GmGroupMemberInput, {
    optional: true,
    minItems: 1,
    maxItems: MAX_GROUP_MEMBERS,
  })
  members?: GmGroupMemberInput[];

  @In.int('A large group’s size.', { optional: true, min: 1, max: MAX_GROUP_SIZE })
  size?: number;

  @In.int('A large group’s median target.', { optional: true, min: 0, max: MAX_GROUP_SCORE })
  target?: number;

  @In.bool('Roll the group’s check (default true).', { optional: true })
  roll?: boolean;

  @In.bool('A morale check: a failure delays the group by the miss, at most the bonus.', { optional: true })
  morale?: boolean;

  @In.int('A leader’s charisma, rolled to change the group’s action.', {
    optional: true,
    min: 0,
    max: MAX_GROUP_SCORE,
  })
  leaderCharisma?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'A G&M unit in a mass conflict.' })
export class GmMassConflictInput {
  @In.int('Members.', { min: 1, max: MAX_GROUP_SIZE, example: 12 })
  size: number;

  @In.int('Median survival.', { min: 0, max: BIG, example: 5 })
  medianSurvival: number;

  @In.int('Median movement.', { optional: true, min: 0, max: BIG })
  medianMovement?: number;

  @In.int('Median attack bonus.', { optional: true, min: -100, max: 100 })
  medianAttackBonus?: number;

  @In.int('Median defence.', { optional: true, min: -100, max: 100 })
  medianDefense?: number;

  @In.int('After the fight: survival and injury damage the unit took.', {
    optional: true,
    min: 0,
    max: 10_000_000,
  })
  damageTaken?: number;

  @In.int('The unit’s injury points (a penalty to each evasion).', {
    optional: true,
    min: 0,
    max: 10_000_000,
  })
  injuries?: number;

  @In.int('The members’ median evasion (needed for the aftermath).', {
    optional: true,
    min: 0,
    max: MAX_GROUP_SCORE,
  })
  medianEvasion?: number;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'The psychic actor.' })
export class GmPsychicAttackerInput {
  @In.int('Charisma.', { min: 1, max: 1000, example: 14 })
  charisma: number;

  @In.int('Reason, for exit.', { optional: true, min: 1, max: 1000 })
  reason?: number;

  @In.int('Monk level (the most verve one action may use).', { min: 1, max: 100, example: 2 })
  monkLevel: number;

  @In.int('Verve now.', { min: 0, max: BIG, example: 14 })
  verve: number;

  @In.int('Verve spent on this attack (default 1).', { optional: true, min: 1, max: 100 })
  spend?: number;

  @In.bool('First round: −2.', { optional: true })
  firstRound?: boolean;

  @In.bool('Talking or moving: −3.', { optional: true })
  distracted?: boolean;

  @In.int('Stun from last round.', { optional: true, min: 0, max: 1000 })
  stun?: number;
}

@InputType({ description: 'The psychic target.' })
export class GmPsychicDefenderInput {
  @In.int('Intelligence (a monk’s psychic defence, major contributor).', {
    optional: true,
    min: 1,
    max: 1000,
  })
  intelligence?: number;

  @In.bool('A monk (uses intelligence for defence).', { optional: true })
  monk?: boolean;

  @In.int('Verve spent on defence: +2 each.', { optional: true, min: 0, max: 100 })
  defenseVerve?: number;

  @In.bool('Talking or moving: −3 psychic defence.', { optional: true })
  distracted?: boolean;

  @In.int('Verve now.', { min: 0, max: BIG, example: 15 })
  verve: number;

  @In.int('Survival now.', { min: 0, max: BIG, example: 6 })
  survival: number;

  @In.bool('Take the damage from survival instead of verve.', { optional: true })
  fromSurvival?: boolean;

  @In.int('Willpower, for an unwilling target of `enter`.', { optional: true, min: 0, max: 1000 })
  willpower?: number;

  @In.int('The target’s own charisma: its minor contributor helps it resist `enter`.', {
    optional: true,
    min: 1,
    max: 1000,
  })
  charisma?: number;
}

@InputType({ description: 'A G&M psychic conflict action.' })
export class GmPsychicInput {
  @In.oneOf('attack, enter or exit.', GM_PSYCHIC_ACTIONS, GmPsychicActionEnum)
  action: GmPsychicAction;

  @In.nested('Who acts.', () => GmPsychicAttackerInput)
  attacker: GmPsychicAttackerInput;

  @In.nested('The target (required for attack).', () => GmPsychicDefenderInput, { optional: true })
  defender?: GmPsychicDefenderInput;

  @In.seed()
  seed?: string;
}

@InputType({ description: 'One actor in an order-of-events roll.' })
export class GmOrderActorInput {
  @In.string('A label.', { optional: true, maxLength: 100 })
  name?: string;

  @In.int('Agility.', { min: 0, max: 1000, example: 12 })
  agility: number;

  @In.int('Movement penalty, taken off the agility roll.', { optional: true, min: 0, max: 1000 })
  movementPenalty?: number;
}

@InputType({ description: 'A G&M special conflict manoeuvre.' })
export class GmManeuverInput {
  @In.oneOf('Which manoeuvre.', GM_MANEUVERS, GmManeuverEnum)
  kind: GmManeuver;

  @In.int('The roller’s score (evasion, fortitude, willpower …).', { optional: true, min: 0, max: 1000 })
  score?: number;

  @In.int('A penalty on that roll.', { optional: true, min: 0, max: 1000 })
  penalty?: number;

  @In.int('The other side’s score (the grabber’s fortitude, the coverer’s reaction).', {
    optional: true,
    min: 0,
    max: 1000,
  })
  opponentScore?: number;

  @In.int('General sizes the roller is larger than the other side (negative when smaller).', {
    optional: true,
    min: -10,
    max: 10,
  })
  sizeDifference?: number;

  @In.int('Rounds the surprised combatant has been out of the fight.', { optional: true, min: 0, max: 1000 })
  roundsOut?: number;

  @In.nestedList('Actors, for order.', () => GmOrderActorInput, {
    optional: true,
    minItems: 2,
    maxItems: MAX_ORDER_ACTORS,
  })
  actors?: GmOrderActorInput[];

  @In.int('Actions the weapon needs, for multi-action.', { optional: true, min: 1, max: 100 })
  actions?: number;

  @In.bool('In close combat (multi-action).', { optional: true })
  closeCombat?: boolean;

  @In.seed()
  seed?: string;
}

// Archsoul (issue 43, AS-26)

export const ArchsoulAttackKindEnum = dashedEnumType(
  'ArchsoulAttackKind',
  ARCHSOUL_ATTACK_KINDS,
  'A melee or a ranged attack.',
);
export const ArchsoulArcEnum = dashedEnumType('ArchsoulArc', ARCHSOUL_ARCS, 'The arc an attack strikes.');

@InputType({
  description: 'The grapple roll a Grappled attacker makes before an unarmed attack (the referee’s numbers).',
})
export class ArchsoulGrappleRollInput {
  @In.int('The grapple roll’s pool (d6s).', { min: 0, max: 100, example: 3 })
  dice: number;

  @In.int('Its difficulty (a face at or over it succeeds; clamped to 2–6).', { min: 0, max: 20, example: 4 })
  difficulty: number;

  @In.int('Successes the grappling force demands (default 1).', { optional: true, min: 1, max: 100 })
  needed?: number;
}

@InputType({
  description:
    'An Archsoul attack against someone, as the statuses of both sides rule it (002:82–90); the roll on the referee’s numbers.',
})
export class ArchsoulAttackInput {
  @In.oneOf('melee or ranged.', ARCHSOUL_ATTACK_KINDS, ArchsoulAttackKindEnum)
  kind: ArchsoulAttackKind;

  @In.stringList(
    'The attacker’s statuses (disabled, restrained, disaligned, grappled, knocked-down; any spelling).',
    {
      optional: true,
      maxItems: 20,
      maxLength: 40,
    },
  )
  attackerStatuses?: string[];

  @In.stringList('The target’s statuses (same names).', { optional: true, maxItems: 20, maxLength: 40 })
  targetStatuses?: string[];

  @In.bool('The target is unconscious (unaware; an attack on it alone is a coup de grâce).', {
    optional: true,
  })
  targetUnconscious?: boolean;

  @In.bool('The attack is made against this target alone (default true): a coup de grâce needs it.', {
    optional: true,
  })
  exclusive?: boolean;

  @In.bool('An unarmed attack: the one a Grappled attacker may try, after a grapple roll.', {
    optional: true,
  })
  unarmed?: boolean;

  @In.oneOf(
    'The arc struck, when the attacker names one (a Grappled target has no front arc).',
    ARCHSOUL_ARCS,
    ArchsoulArcEnum,
    {
      optional: true,
    },
  )
  arc?: ArchsoulArc;

  @In.int('The attack roll’s pool (d6s); with it, difficulty and defence are required.', {
    optional: true,
    min: 0,
    max: 100,
  })
  dice?: number;

  @In.int('The attack’s base difficulty before the statuses (the referee’s).', {
    optional: true,
    min: 0,
    max: 20,
  })
  difficulty?: number;

  @In.int('The target’s defence: successes over it hit (the referee’s).', {
    optional: true,
    min: 0,
    max: 100,
  })
  defence?: number;

  @In.int('Damage already rolled for a hit: doubled by a coup de grâce.', {
    optional: true,
    min: 0,
    max: BIG,
  })
  damage?: number;

  @In.nested('The grapple roll (a Grappled attacker’s unarmed attack).', () => ArchsoulGrappleRollInput, {
    optional: true,
  })
  grapple?: ArchsoulGrappleRollInput;

  @In.seed()
  seed?: string;
}
