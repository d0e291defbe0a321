import { InputType } from '@nestjs/graphql';
import { In } from '../common/schema';
import { AMBUSH_PLACES } from '../core/combat';
import { BLOCK_WITH, BlockWithEnum } from '../harm/harm-campaign.inputs';
import { AmbushPlaceEnum } from './combat.inputs';

const RATING_NAME = { maxLength: 64, optional: true } as const;

@InputType({
  description: 'A COEAC Block: a combatant taking damage in this action Blocks with armour or shield.',
})
export class CoeacCombatBlockInput {
  @In.id('The combatant who Blocks (a player names only its own characters).', { names: 'combatant' })
  id: string;

  @In.oneOf(
    'Block with the worn armour or the shield (spends a Block use through the ledger).',
    BLOCK_WITH,
    BlockWithEnum,
  )
  with: string;
}

@InputType({ description: 'A channeling declared for the round (B1): the spell from the COEAC catalogue.' })
export class CoeacChannelDeclarationInput {
  @In.string('The spell’s catalogue id (GET /v1/magic/coeac/spells).', { maxLength: 64 })
  spell: string;
}

/**
 * A COEAC action's own inputs (docs/combat.md, "COEAC stored combats"): `exchange` reads the pools
 * from the sheets by the skills named here; `defend` declares full defence for the round; `ambush`
 * is the scout's test for the ambushed side.
 */
@InputType({ description: 'A COEAC action’s own inputs.' })
export class CoeacCombatActionInput {
  @In.string(
    'exchange: a weapon on the actor’s sheet, by name (exact, ignoring case): its skill and `ranged` are read from the sheet. Without it and without `skill`, the sheet’s first weapon is used.',
    { maxLength: 64, optional: true, example: 'Spear' },
  )
  weapon?: string;

  @In.string(
    'exchange: the skill the actor’s combat check tests (its pool is 2 + the rating; an NPC without it rolls its Pool); it wins over the weapon’s. defend: the skill full defence tests.',
    RATING_NAME,
  )
  skill?: string;

  @In.string(
    'exchange: the skill the defender tests; it wins over the defender’s own weapon. Default: the skill of the first weapon on the defender’s sheet, else the same as `skill` (full defence declared this round wins over both).',
    RATING_NAME,
  )
  defenderSkill?: string;

  @In.int('+1d per substantial advantage of the actor.', { optional: true, min: 0, max: 50 })
  bonusDice?: number;

  @In.int('−1d per disadvantage of the actor.', { optional: true, min: 0, max: 50 })
  penaltyDice?: number;

  @In.bool(
    'exchange: the actor attacks with the weapon worked from a rare organ’s teeth, claws or horn (+1d; the sheet’s organs must list teeth, else 409).',
    { optional: true },
  )
  organWeapon?: boolean;

  @In.int('The actor’s free successes (+Ns): +1 damage each when it wins.', {
    optional: true,
    min: 0,
    max: 50,
  })
  freeSuccesses?: number;

  @In.int('+1d per substantial advantage of the defender.', { optional: true, min: 0, max: 50 })
  defenderBonusDice?: number;

  @In.int('−1d per disadvantage of the defender.', { optional: true, min: 0, max: 50 })
  defenderPenaltyDice?: number;

  @In.int('The defender’s free successes (+Ns).', { optional: true, min: 0, max: 50 })
  defenderFreeSuccesses?: number;

  @In.bool(
    'Referee only: this combatant makes another combat check this round (a creature with several attacks).',
    { optional: true },
  )
  extraCheck?: boolean;

  @In.idList(
    'Ganging up: the combatants supporting the actor as captain (+1d each; each takes the captain’s damage if the target wins).',
    { maxItems: 50, optional: true, names: 'combatant' },
  )
  supporters?: string[];

  @In.bool(
    'Whether the defender threatens the actor (deals damage when it wins). Default true; a full defender never does.',
    { optional: true },
  )
  defenderThreatens?: boolean;

  @In.bool(
    'Referee only: the target is helpless (bound, asleep …). A down-and-out target is helpless anyway.',
    { optional: true },
  )
  helpless?: boolean;

  @In.bool(
    'A ranged attack: it spends from the `ammunition` item of the actor’s inventory (default: the weapon’s `ranged`).',
    {
      optional: true,
    },
  )
  ranged?: boolean;

  @In.id('The inventory item (of the acting character) holding the ammunition.', { optional: true })
  ammunition?: string;

  @In.bool('Firing into a melee: −1d; losing by more than 3 sends 3d at an engaged ally.', { optional: true })
  firingIntoMelee?: boolean;

  @In.idList('The allies engaged in that melee (default: every other combatant on the actor’s side).', {
    maxItems: 50,
    optional: true,
    names: 'combatant',
  })
  engaged?: string[];

  @In.nestedList('Blocks made against this action’s damage.', () => CoeacCombatBlockInput, {
    maxItems: 50,
    optional: true,
  })
  blocks?: CoeacCombatBlockInput[];

  @In.nested(
    'defend: channel this spell this round instead of full defence; an attack on the channeler is met by the channeling.',
    () => CoeacChannelDeclarationInput,
    { optional: true },
  )
  channel?: CoeacChannelDeclarationInput;

  @In.oneOf('ambush: wilderness (Bushcraft) or town (Streetwise).', AMBUSH_PLACES, AmbushPlaceEnum, {
    optional: true,
  })
  place?: string;

  @In.int('ambush: the referee’s Ob for the scout’s test.', { optional: true, min: 0, max: 50 })
  objective?: number;
}
