import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { CairnDamageResult, HarmStep } from '../harm/harm.results';

/* Every combat answer names each modifier it applied and each step it took, with the exact odds of
   the dice that decided it, and the seed and generator that reproduce it. */

@ObjectType({ description: 'A modifier a combat resolution applied, by name.' })
export class CombatModifier {
  @Out.string('A stable kebab-case id (bonus-dice, ganging-up, cover, called-shot, group-bonus …).')
  name: string;

  @Out.int('Its signed value (dice for COEAC pools, points on a d20 target, Armor for Cairn).')
  value: number;

  @Out.string('What it is, in words.')
  detail: string;
}

@ObjectType({ isAbstract: true })
export abstract class CombatProvenance {
  @Out.intList('Every face rolled, in order.')
  faces: number[];

  @Out.string('The seed: the same inputs with it give the same dice.')
  seed: string;

  @Out.string('The generator and its version.')
  rng: string;

  @Out.nestedList('The modifiers applied, each named.', () => CombatModifier)
  modifiers: CombatModifier[];

  @Out.nestedList('The steps taken, in order, with the exact odds of their dice.', () => HarmStep)
  steps: HarmStep[];
}

// COEAC

@ObjectType({ description: 'One side’s combat check.' })
export class CoeacSideRoll {
  @Out.int('Dice rolled.')
  dice: number;

  @Out.intList('Faces.')
  faces: number[];

  @Out.int('Successes (4–6).')
  successes: number;

  @Out.bool('Whether this side rolled (a helpless or ambushed defender does not).')
  rolled: boolean;
}

@ObjectType({ description: 'A stray shot into a melee.' })
export class CoeacStray {
  @Out.int('The ally hit, 1-based among the engaged allies.')
  ally: number;

  @Out.intList('The 3d faces.')
  faces: number[];

  @Out.int('Damage (successes).')
  damage: number;
}

@ObjectType({ description: 'Chance to pass.' })
export class CombatPassOdds {
  @Out.number('Chance to pass.')
  pass: number;
}

@ObjectType({ description: 'A helpless defender’s Vigor save against Ob = the damage.' })
export class CoeacHelplessSave {
  @Out.int('Ob: the damage taken.')
  objective: number;

  @Out.int('Vigor dice.')
  dice: number;

  @Out.intList('Faces.')
  faces: number[];

  @Out.int('Successes.')
  successes: number;

  @Out.bool('Passed: stays up.')
  passed: boolean;

  @Out.nested('Exact odds.', () => CombatPassOdds)
  odds: CombatPassOdds;
}

@ObjectType({ description: 'Ammunition for a ranged attack.' })
export class CoeacAmmunition {
  @Out.bool('The attack needed ammunition.')
  needed: boolean;

  @Out.int('Carried (null for a melee attack).', { nullable: true })
  carried: number | null;

  @Out.int('Spent: 0, as ammunition carried is always enough (Depletion uses it up).')
  spent: number;
}

@ObjectType({ description: 'Exact odds of a COEAC exchange.' })
export class CoeacExchangeOdds {
  @Out.number('The attacker wins.')
  attackerWins: number;

  @Out.number('A tie.')
  tie: number;

  @Out.number('The defender wins.')
  defenderWins: number;

  @Out.number('No versus test and no success (a defender who does not roll).')
  none: number;

  @Out.json('P(the defender takes d damage), keyed by d.')
  damageToDefender: Record<string, number>;

  @Out.json('P(the attacker takes d damage), keyed by d (each supporter takes the same).')
  damageToAttacker: Record<string, number>;

  @Out.number('A stray shot hits an ally.')
  stray: number;

  @Out.number('A helpless defender goes down and out (when its Vigor pool was sent).', { nullable: true })
  downAndOut: number | null;
}

@ObjectType({ description: 'A COEAC combat exchange.' })
export class CoeacExchangeResult extends CombatProvenance {
  @Out.nested('The attacker’s check.', () => CoeacSideRoll)
  attacker: CoeacSideRoll;

  @Out.nested('The defender’s check.', () => CoeacSideRoll)
  defender: CoeacSideRoll;

  @Out.string('attacker, defender, tie, or none (no success against a defender who does not roll).')
  winner: string;

  @Out.int('The winner’s margin.')
  margin: number;

  @Out.int('Damage the defender takes.')
  damageToDefender: number;

  @Out.int('Damage the attacker (the captain) takes.')
  damageToAttacker: number;

  @Out.int('Damage each supporting ally takes.')
  damageToEachSupporter: number;

  @Out.int('Supporting allies (ganging up).')
  supporters: number;

  @Out.nested('A stray shot, when firing into a melee lost by more than 3.', () => CoeacStray, {
    nullable: true,
  })
  stray: CoeacStray | null;

  @Out.nested('A helpless defender’s Vigor save, when rolled.', () => CoeacHelplessSave, { nullable: true })
  helplessSave: CoeacHelplessSave | null;

  @Out.bool('A helpless defender went down and out (null when no save was rolled or owed).', {
    nullable: true,
  })
  downAndOut: boolean | null;

  @Out.nested('Ammunition.', () => CoeacAmmunition)
  ammunition: CoeacAmmunition;

  @Out.nested('Exact odds of every outcome.', () => CoeacExchangeOdds)
  odds: CoeacExchangeOdds;
}

@ObjectType({ description: 'Chances of an ambush test.' })
export class CoeacAmbushOdds {
  @Out.number('The ambush is spotted.')
  spotted: number;

  @Out.number('The ambushers get a free round.')
  freeRound: number;
}

@ObjectType({ description: 'A COEAC ambush test.' })
export class CoeacAmbushResult extends CombatProvenance {
  @Out.string('Bushcraft or Streetwise.')
  skill: string;

  @Out.int('Dice rolled.')
  dice: number;

  @Out.int('Successes.')
  successes: number;

  @Out.int('Ob.')
  objective: number;

  @Out.bool('Passed: the ambush is spotted.')
  passed: boolean;

  @Out.bool('The ambushers get a free round.')
  freeRound: boolean;

  @Out.nested('Exact odds.', () => CoeacAmbushOdds)
  odds: CoeacAmbushOdds;
}

// Cairn

@ObjectType({ description: 'One damage die rolled.' })
export class CairnDieRoll {
  @Out.int('The attacker (0-based).')
  attacker: number;

  @Out.string('The die the weapon names.')
  weapon: string;

  @Out.string('The die rolled (after unarmed, impaired, enhanced).')
  rolled: string;

  @Out.int('The face.')
  face: number;
}

@ObjectType({ description: 'A detachment’s fate.' })
export class CairnDetachmentFate {
  @Out.bool('Routed by critical damage.')
  routed: boolean;

  @Out.bool('Destroyed at STR 0.')
  destroyed: boolean;
}

@ObjectType({ description: 'Exact odds of a Cairn attack on one target.' })
export class CairnAttackOdds {
  @Out.json('P(kept die = k).')
  kept: Record<string, number>;

  @Out.json('P(damage after Armor = d).')
  dealt: Record<string, number>;

  @Out.number('HP left at exactly 0 (a scar).')
  scar: number;

  @Out.number('Damage reaches STR.')
  strDamage: number;

  @Out.number('Critical damage (a failed STR save or STR 0); a detachment’s rout.')
  critical: number;

  @Out.number('Death (or a detachment destroyed).')
  dead: number;
}

@ObjectType({ description: 'What a Cairn attack did to one target.' })
export class CairnTargetResult {
  @Out.int('The target (0-based, in the order sent).')
  index: number;

  @Out.string('Its label.', { nullable: true })
  name: string | null;

  @Out.nestedList('Every die rolled on it.', () => CairnDieRoll)
  rolls: CairnDieRoll[];

  @Out.int('The single highest die: the damage before Armor.')
  kept: number;

  @Out.int('Whose die was kept (0-based).')
  keptFrom: number;

  @Out.nested('What the blow does: the same answer as harm/cairn/damage.', () => CairnDamageResult)
  harm: CairnDamageResult;

  @Out.nested('A detachment’s fate.', () => CairnDetachmentFate, { nullable: true })
  detachment: CairnDetachmentFate | null;

  @Out.nestedList('Modifiers applied on this target.', () => CombatModifier)
  modifiers: CombatModifier[];

  @Out.nested('Exact odds.', () => CairnAttackOdds)
  odds: CairnAttackOdds;
}

@ObjectType({ description: 'A blast’s target-count roll.' })
export class CairnTargetCount {
  @Out.string('The die.')
  die: string;

  @Out.int('The face.')
  face: number;

  @Out.int('Targets caught.')
  caught: number;

  @Out.json('P(caught = n).')
  odds: Record<string, number>;
}

@ObjectType({ description: 'A Cairn attack.' })
export class CairnAttackResult extends CombatProvenance {
  @Out.bool('A blast.')
  blast: boolean;

  @Out.nested('The target-count roll.', () => CairnTargetCount, { nullable: true })
  targetCount: CairnTargetCount | null;

  @Out.nestedList('Each target hit.', () => CairnTargetResult)
  targets: CairnTargetResult[];
}

@ObjectType({ description: 'One Cairn DEX save.' })
export class CairnDexSaveResult {
  @Out.int('The character (0-based).')
  index: number;

  @Out.string('Its label.', { nullable: true })
  name: string | null;

  @Out.int('DEX.')
  dex: number;

  @Out.int('The d20 (null when a joint save covered it).', { nullable: true })
  roll: number | null;

  @Out.bool('Passed.')
  passed: boolean;

  @Out.string('What follows.')
  effect: string;

  @Out.nested('Exact odds.', () => CombatPassOdds)
  odds: CombatPassOdds;
}

@ObjectType({ description: 'Cairn DEX saves.' })
export class CairnDexSavesResult extends CombatProvenance {
  @Out.string('first-round or retreat.')
  kind: string;

  @Out.bool('A joint save.')
  joint: boolean;

  @Out.int('Who rolled the joint save (0-based).', { nullable: true })
  saver: number | null;

  @Out.nestedList('Each character.', () => CairnDexSaveResult)
  results: CairnDexSaveResult[];
}

@ObjectType({ description: 'Exact odds of a struggle save.' })
export class CairnStruggleOdds {
  @Out.number('Chance the saver passes.')
  pass: number;

  @Out.number('Chance the saver fails.')
  fail: number;
}

@ObjectType({ description: 'A Cairn struggle (CA-02): who saved, the save, and what it means.' })
export class CairnStruggleResult extends CombatProvenance {
  @Out.string('The attribute tested: str, dex or wil.')
  attribute: string;

  @Out.string('Who saved (the side most at risk): actor or target.')
  saver: string;

  @Out.string('The saver’s label.', { nullable: true })
  saverName: string | null;

  @Out.int('The saver’s score: the d20 must be at or under it.')
  score: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('The save passed.')
  passed: boolean;

  @Out.string('always-passes (a 1) or always-fails (a 20); null otherwise.', { nullable: true })
  automatic: string | null;

  @Out.string('The side that gets its way: the saver on a pass, the other side on a failure.')
  prevails: string;

  @Out.string('What the result means, in a sentence.')
  meaning: string;

  @Out.nested('Exact odds.', () => CairnStruggleOdds)
  odds: CairnStruggleOdds;
}

// G&M

@ObjectType({ description: 'A roll someone owes after an attack.' })
export class GmFollowUp {
  @Out.string('target, bystander or adjacent-opponent.')
  who: string;

  @Out.string('The roll.')
  roll: string;

  @Out.string('What it decides.')
  detail: string;
}

@ObjectType({ description: 'A G&M d20 roll at or under a target.' })
export class GmRoll {
  @Out.int('Target.')
  target: number;

  @Out.int('d20.')
  roll: number;

  @Out.bool('Passed.')
  passed: boolean;

  @Out.json('Exact odds.')
  odds: Record<string, number>;
}

@ObjectType({ description: 'Exact odds of a G&M attack.' })
export class GmAttackOdds {
  @Out.number('A hit.')
  hit: number;

  @Out.json('P(damage = d), misses counted as 0.')
  damage: Record<string, number>;

  @Out.json('P(damage = d) on a hit.')
  damageIfHit: Record<string, number>;
}

@ObjectType({ description: 'A G&M attack.' })
export class GmAttackResult extends CombatProvenance {
  @Out.int('The d20 must be at or under this.')
  target: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('Hit.')
  hit: boolean;

  @Out.string('The damage dice.')
  damageDice: string;

  @Out.intList('Damage faces.')
  damageFaces: number[];

  @Out.int('Damage dealt (0 on a miss).')
  damage: number;

  @Out.int('Of it, to injuries (killing or knockout blow).')
  toInjuries: number;

  @Out.int('Of it, to survival (verve first when archetypal: the harm core decides).')
  toSurvival: number;

  @Out.int('Weapon dice (each forces an injury point in G&M damage).')
  weaponDice: number;

  @Out.nested('The knockout evasion, when rolled.', () => GmRoll, { nullable: true })
  knockoutEvasion: GmRoll | null;

  @Out.int('Penalty to the attacker’s own defence this round (called shot: 2).')
  attackerDefensePenalty: number;

  @Out.nestedList('Rolls others owe.', () => GmFollowUp)
  followUps: GmFollowUp[];

  @Out.nested('Exact odds.', () => GmAttackOdds)
  odds: GmAttackOdds;
}

@ObjectType({ description: 'A leader’s charisma roll.' })
export class GmLeaderRoll {
  @Out.int('Target.')
  target: number;

  @Out.int('d20.')
  roll: number;

  @Out.bool('Passed.')
  passed: boolean;

  @Out.int('Rounds before the group changes course.')
  delay: number;

  @Out.json('Exact odds.')
  odds: Record<string, number>;
}

@ObjectType({ description: 'A G&M group effort.' })
export class GmGroupEffortResult extends CombatProvenance {
  @Out.int('Members.')
  size: number;

  @Out.int('Group effort bonus.')
  bonus: number;

  @Out.int('Extra actions per round.')
  extraActions: number;

  @Out.number('The median of the members’ numbers.')
  medianTarget: number;

  @Out.number('The median of their own bonuses.', { nullable: true })
  medianBonus: number | null;

  @Out.int('The group’s number: ⌊median⌋ + bonus.')
  target: number;

  @Out.int('The d20 (null when not rolled).', { nullable: true })
  roll: number | null;

  @Out.bool('Passed.', { nullable: true })
  passed: boolean | null;

  @Out.int('Target − roll.', { nullable: true })
  margin: number | null;

  @Out.int('Rounds to change plan.')
  changeDelay: number;

  @Out.int('Rounds to leave the group.')
  leaveDelay: number;

  @Out.int('A morale check’s delay.', { nullable: true })
  moraleDelay: number | null;

  @Out.nested('The leader’s roll.', () => GmLeaderRoll, { nullable: true })
  leader: GmLeaderRoll | null;

  @Out.json('Exact odds.')
  odds: Record<string, number>;
}

@ObjectType({ description: 'One member after a mass conflict.' })
export class GmAftermathMember {
  @Out.int('Member (1-based).')
  member: number;

  @Out.int('Damage.')
  damage: number;

  @Out.int('Evasion d20.')
  evasion: number;

  @Out.bool('Evaded: the damage comes off survival, not injuries.')
  evaded: boolean;
}

@ObjectType({ description: 'A unit’s aftermath.' })
export class GmAftermath {
  @Out.int('The most one member took.')
  maxPerMember: number;

  @Out.string('The die (null when no damage).', { nullable: true })
  die: string | null;

  @Out.int('Each member’s evasion target.')
  evasionTarget: number;

  @Out.number('Expected members evading.')
  expectedEvading: number;

  @Out.number('Expected members injured.')
  expectedInjured: number;

  @Out.nestedList('Each member, rolled for units of at most 200.', () => GmAftermathMember)
  members: GmAftermathMember[];

  @Out.json('Exact odds: evade, and each member’s damage.')
  odds: Record<string, unknown>;
}

@ObjectType({ description: 'A G&M unit in a mass conflict.' })
export class GmMassConflictResult extends CombatProvenance {
  @Out.int('Members.')
  size: number;

  @Out.int('Group effort bonus.')
  bonus: number;

  @Out.int('Extra actions per round.')
  extraActions: number;

  @Out.int('The unit’s survival.')
  survival: number;

  @Out.int('The unit’s movement.', { nullable: true })
  movement: number | null;

  @Out.int('The unit’s attack bonus.', { nullable: true })
  attackBonus: number | null;

  @Out.int('The unit’s defence.', { nullable: true })
  defense: number | null;

  @Out.nested('After the fight.', () => GmAftermath, { nullable: true })
  aftermath: GmAftermath | null;
}

@ObjectType({ description: 'The psychic target after the attack.' })
export class GmPsychicDefenderAfter {
  @Out.int('Verve.')
  verve: number;

  @Out.int('Survival.')
  survival: number;

  @Out.int('Injuries gained.')
  injuries: number;

  @Out.int('Stun: a penalty on next round’s actions.')
  stun: number;

  @Out.bool('Injured: out of the psychic conflict.')
  leavesConflict: boolean;
}

@ObjectType({ description: 'A G&M psychic conflict action.' })
export class GmPsychicResult extends CombatProvenance {
  @Out.string('attack, enter or exit.')
  action: string;

  @Out.int('The d20 target (0 for a willing entry).')
  target: number;

  @Out.int('The d20 (0 when none).')
  roll: number;

  @Out.bool('The action worked.')
  success: boolean;

  @Out.int('Verve spent.')
  verveSpent: number;

  @Out.int('Damage.')
  damage: number;

  @Out.nested('The target after.', () => GmPsychicDefenderAfter, { nullable: true })
  defender: GmPsychicDefenderAfter | null;

  @Out.json('Exact odds.')
  odds: Record<string, unknown>;
}

@ObjectType({ description: 'One d20 roll of a manoeuvre.' })
export class GmManeuverRoll {
  @Out.string('Who rolled.')
  who: string;

  @Out.int('Target.')
  target: number;

  @Out.int('d20.')
  roll: number;

  @Out.bool('Passed.')
  passed: boolean;

  @Out.json('Exact odds.')
  odds: Record<string, number>;
}

@ObjectType({ description: 'A G&M special conflict manoeuvre.' })
export class GmManeuverResult extends CombatProvenance {
  @Out.string('The manoeuvre.')
  kind: string;

  @Out.nestedList('Each roll.', () => GmManeuverRoll)
  rolls: GmManeuverRoll[];

  @Out.string(
    'What follows, as an id: evaded, held, broken-free, immobilised, stalemate, recovered, still-surprised, drawn, surprised, activated, not-activated, kept, broken, free, not-free, ordered, rounds.',
  )
  result: string;

  @Out.string('What follows, in words.')
  detail: string;

  @Out.intList('For order: the actors (0-based) in the order their actions resolve.', { nullable: true })
  order: number[] | null;

  @Out.int('For multi-action: rounds the attack takes.', { nullable: true })
  rounds: number | null;

  @Out.json('Exact chances of each result.')
  odds: Record<string, number>;
}

// Archsoul (issue 43, AS-26)

@ObjectType({ description: 'Exact chance of a grapple roll.' })
export class ArchsoulGrappleOdds {
  @Out.number('The hold is overcome.')
  pass: number;
}

@ObjectType({ description: 'A grapple roll.' })
export class ArchsoulGrappleRoll {
  @Out.int('Dice rolled.')
  dice: number;

  @Out.int('The difficulty used (2–6).')
  difficulty: number;

  @Out.intList('Faces.')
  faces: number[];

  @Out.int('Successes.')
  successes: number;

  @Out.int('Successes needed.')
  needed: number;

  @Out.bool('The hold is overcome: the attack may be made.')
  passed: boolean;

  @Out.nested('Exact odds.', () => ArchsoulGrappleOdds)
  odds: ArchsoulGrappleOdds;
}

@ObjectType({ description: 'Exact chance of an attack roll.' })
export class ArchsoulAttackOdds {
  @Out.number('A hit: more successes than the defence.')
  hit: number;
}

@ObjectType({ description: 'An Archsoul attack roll.' })
export class ArchsoulAttackRoll {
  @Out.int('Dice rolled.')
  dice: number;

  @Out.int('The difficulty asked for: the base plus the statuses.')
  requestedDifficulty: number;

  @Out.int('The difficulty used (clamped to 2–6).')
  difficulty: number;

  @Out.int('The target’s defence.')
  defence: number;

  @Out.intList('Faces.')
  faces: number[];

  @Out.int('Successes.')
  successes: number;

  @Out.bool('A hit.')
  hit: boolean;

  @Out.int('Successes over the defence (0 on a miss).')
  margin: number;

  @Out.nested('Exact odds.', () => ArchsoulAttackOdds)
  odds: ArchsoulAttackOdds;
}

@ObjectType({ description: 'An Archsoul attack as the statuses of both sides rule it (AS-26).' })
export class ArchsoulAttackResult extends CombatProvenance {
  @Out.string('melee or ranged.')
  kind: string;

  @Out.bool('Whether the attacker may attack at all.')
  allowed: boolean;

  @Out.string('The attacker’s status that forbids it (disabled, restrained, grappled), or null.', {
    nullable: true,
  })
  refusedBy: string | null;

  @Out.string('Why, in words, or null.', { nullable: true })
  why: string | null;

  @Out.bool('A grapple roll comes first (a Grappled attacker’s unarmed attack).')
  grappleRollNeeded: boolean;

  @Out.nested('The grapple roll, when sent.', () => ArchsoulGrappleRoll, { nullable: true })
  grapple: ArchsoulGrappleRoll | null;

  @Out.int('Difficulty the attacker’s statuses add (Knocked Down: +1 on a melee attack).')
  difficultyAdded: number;

  @Out.bool('The target counts as unaware (Disabled or unconscious); what that changes is the referee’s.')
  targetUnaware: boolean;

  @Out.bool('The target projects a front arc (not while Grappled).')
  frontArc: boolean;

  @Out.bool('The attacker chooses the front or the back arc (a Restrained target).')
  attackerChoosesArc: boolean;

  @Out.string('The arc named (front or back), or null.', { nullable: true })
  arc: string | null;

  @Out.bool('A coup de grâce: an attack on a Restrained, Disabled or unconscious target alone.')
  coupDeGrace: boolean;

  @Out.int('Damage multiplier (2 on a coup de grâce).')
  damageMultiplier: number;

  @Out.int('Rounds added to the target’s unconsciousness (1 on a coup de grâce against the unconscious).')
  unconsciousRoundsAdded: number;

  @Out.nested('The attack roll, when sent.', () => ArchsoulAttackRoll, { nullable: true })
  attack: ArchsoulAttackRoll | null;

  @Out.int('Damage dealt after the coup de grâce (0 on a miss; null without damage).', { nullable: true })
  damage: number | null;

  @Out.stringList('What the referee decides here: the seeds give no numbers for it.')
  referee: string[];
}
