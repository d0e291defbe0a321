import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { CoeacChanneling } from '../magic/magic.results';
import { CoeacAmbushResult, CoeacExchangeResult, CoeacSideRoll, CombatProvenance } from './combat.results';

@ObjectType({ description: 'Exact odds of an attack on a channeling defender.' })
export class CoeacChannelingDefenceOdds {
  @Out.number('The attack gets past the Potency.')
  hit: number;

  @Out.json('P(the channeler takes d from the attack), keyed by d.')
  damageToDefender: Record<string, number>;
}

@ObjectType({ description: 'An exchange against a defender channeling as its defence (one roll).' })
export class CoeacChannelingDefenceResult extends CombatProvenance {
  @Out.nested('The attacker’s check (rolled is always true).', () => CoeacSideRoll)
  attacker: CoeacSideRoll;

  @Out.nested('The channeling, as the magic core answers it, with its defence.', () => CoeacChanneling)
  channeling: CoeacChanneling;

  @Out.int('Damage the channeler takes from the attack (margin over Potency, +Ns on a hit).')
  damageToDefender: number;

  @Out.int(
    'Damage the attacker and each supporter take: 1 when the attack ties the Potency (003:137: every tie costs everyone in the exchange a point, the channeler too), else 0.',
  )
  damageToAttacker: number;

  @Out.int('Backlash damage the channeler takes (Potency below the spell’s Ob).')
  backlashDamage: number;

  @Out.nested('Exact odds.', () => CoeacChannelingDefenceOdds)
  odds: CoeacChannelingDefenceOdds;
}

@ObjectType({ description: 'Ammunition a COEAC ranged exchange took from the actor’s inventory.' })
export class CoeacCombatAmmunition {
  @Out.id('The inventory item.')
  itemId: string;

  @Out.string('Its name.')
  name: string;

  @Out.int('Uses or dice spent by this shot (0: a bundle carried is enough until Depletion wears it down).')
  spent: number;

  @Out.int('Dice left in a material counted in dice; null for a bundle.', { nullable: true })
  remaining: number | null;

  @Out.bool('The item is gone from the inventory (its last use or last die spent).')
  removed: boolean;
}

@ObjectType({ description: 'A COEAC action in a stored combat.' })
export class CoeacCombatActionResult {
  @Out.string('What the action was: exchange, defend, declare or ambush.')
  action: string;

  @Out.id('exchange: the defender (the target).', { nullable: true })
  defender: string | null;

  @Out.stringList('exchange: the supporting combatants of a ganging-up captain.')
  supporters: string[];

  @Out.bool('exchange: the defender was helpless (down and out, or so declared by the referee).')
  helpless: boolean;

  @Out.bool('exchange: the defender had declared full defence this round.')
  fullDefense: boolean;

  @Out.bool('exchange: the defender was caught in the ambushers’ free round.')
  ambushRound: boolean;

  @Out.id('exchange: the ally a stray shot hit, when firing into a melee went badly.', { nullable: true })
  strayTarget: string | null;

  @Out.nested(
    'exchange: the stateless exchange on the stored pools, with its exact odds.',
    () => CoeacExchangeResult,
    {
      nullable: true,
    },
  )
  exchange: CoeacExchangeResult | null;

  @Out.nested(
    'exchange: the defender channeled as its defence (declared this round); `exchange` is null then.',
    () => CoeacChannelingDefenceResult,
    { nullable: true },
  )
  channeling: CoeacChannelingDefenceResult | null;

  @Out.string('defend: the spell declared for channeling this round.', { nullable: true })
  channelSpell: string | null;

  @Out.nested('exchange: the ammunition spent by a ranged attack.', () => CoeacCombatAmmunition, {
    nullable: true,
  })
  ammunition: CoeacCombatAmmunition | null;

  @Out.string('defend: the skill full defence will test this round.', { nullable: true })
  defenseSkill: string | null;

  @Out.string(
    'exchange: the skill the defender tested (null: an NPC rolled its Pool, or no test: helpless or ambushed).',
    { nullable: true },
  )
  defenderSkill: string | null;

  @Out.string(
    'exchange: where the defender’s skill came from: defend (its full defence declared this round), defenderSkill (sent), weapon (the first weapon of its own sheet), skill (the attacker’s), pool (an NPC’s Pool).',
    { nullable: true },
  )
  defenderSkillFrom: string | null;

  @Out.string(
    'exchange: the weapon of the defender’s sheet whose skill it tested (when `defenderSkillFrom` is weapon).',
    {
      nullable: true,
    },
  )
  defenderWeapon: string | null;

  @Out.nested('ambush: the scout’s test, as the stateless ambush answers it.', () => CoeacAmbushResult, {
    nullable: true,
  })
  ambush: CoeacAmbushResult | null;

  @Out.stringList('ambush: the combatants caught by the free round (this round they neither act nor roll).')
  surprised: string[];

  @Out.stringList('declare: the adversaries the actor threatens this round (empty: none).')
  threatens: string[];
}

@ObjectType({
  description:
    'A COEAC combatant’s round (B1): what it declared and whether it has made its combat check; shown to players unless the combat is secret.',
})
export class CoeacCombatantRound {
  @Out.int('The round this state is about (the combat’s current round).')
  round: number;

  @Out.bool('It made its combat check this round (an exchange as captain or supporter, or defend).')
  acted: boolean;

  @Out.stringList(
    'The adversaries it declared it threatens this round (those this key may see); null when it declared none.',
    {
      nullable: true,
    },
  )
  threatens: string[] | null;

  @Out.string('Its declared defence this round: full-defense or channeling; null when none.', {
    nullable: true,
  })
  defense: string | null;

  @Out.string('The spell it is channeling this round (it resolves at the end of the round, B1).', {
    nullable: true,
  })
  channelSpell: string | null;

  @Out.bool('Its channeling already resolved this round, as its defence against an attack.')
  channeled: boolean;

  @Out.bool('Caught by the ambushers’ free round: it neither acts nor rolls this round.')
  surprised: boolean;
}

@ObjectType({
  description:
    'A channeling declared for a COEAC round that resolved at the round’s end (B1: spells take effect after every mundane action).',
})
export class CoeacRoundEndSpell {
  @Out.id('The channeler (a combatant).')
  combatant: string;

  @Out.string('The spell’s catalogue id.')
  spell: string;

  @Out.id(
    'The cast’s logged roll (magic.coeac.channeling, as POST …/coeac-casts logs it); null when it lapsed.',
    {
      nullable: true,
    },
  )
  rollId: string | null;

  @Out.int('Its Potency; null when it lapsed or the roll is sealed for this key.', { nullable: true })
  potency: number | null;

  @Out.string(
    'Why it did not resolve: cannot-act (down, out or dead by then), no-control, refused (the cast refused otherwise: the spell lost, armour with vestments), npc (an NPC’s spell is the referee’s to resolve); null when it did.',
    { nullable: true },
  )
  lapsed: string | null;
}
