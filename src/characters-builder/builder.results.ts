import { NEXT_CURSOR } from '../common/pagination';
import { ObjectType } from '@nestjs/graphql';
import { Provenance, SuccessOdds } from '../checks/check.results';
import { Out } from '../common/schema';

@ObjectType({ description: 'One archetype of the character, its level and its Fighting Art bonus.' })
export class GmArchetypeShare {
  @Out.string('The archetype.') archetype: string;
  @Out.int('Its level.') level: number;
  @Out.int('The Fighting Art bonus this archetype’s level gives.') fightingArt: number;
}

@ObjectType({ description: 'The chance of one total.' })
export class TotalProbability {
  @Out.int('The total.')
  total: number;
  @Out.number('Its exact probability.')
  probability: number;
}

@ObjectType({ description: 'One ability score: 4d6, the highest three kept.' })
export class GmAbilityRollScore {
  @Out.intList('The four faces, in the order rolled.')
  faces: number[];
  @Out.intList('The three kept, highest first.')
  kept: number[];
  @Out.int('The face dropped.')
  dropped: number;
  @Out.int('The score.')
  total: number;
}

@ObjectType({ description: 'Six G&M ability scores, to place on the abilities as the player likes.' })
export class GmAbilityRollsResult extends Provenance {
  @Out.nestedList('The six scores, in the order rolled.', () => GmAbilityRollScore)
  scores: GmAbilityRollScore[];
  @Out.intList('Every face, in order.')
  faces: number[];
  @Out.nestedList('The exact distribution of one score (3–18).', () => TotalProbability)
  distribution: TotalProbability[];
}

@ObjectType({ description: 'The six G&M abilities.' })
export class GmAbilities {
  @Out.int('Strength.') strength: number;
  @Out.int('Agility.') agility: number;
  @Out.int('Endurance.') endurance: number;
  @Out.int('Intelligence.') intelligence: number;
  @Out.int('Wisdom.') wisdom: number;
  @Out.int('Charisma.') charisma: number;
}

@ObjectType({ description: 'An ability’s contributors.' })
export class GmContributorPair {
  @Out.int('Major contributor.') major: number;
  @Out.int('Minor contributor: the major halved toward zero.') minor: number;
}

@ObjectType({ description: 'Each ability’s contributors.' })
export class GmContributors {
  @Out.nested('Strength.', () => GmContributorPair) strength: GmContributorPair;
  @Out.nested('Agility.', () => GmContributorPair) agility: GmContributorPair;
  @Out.nested('Endurance.', () => GmContributorPair) endurance: GmContributorPair;
  @Out.nested('Intelligence.', () => GmContributorPair) intelligence: GmContributorPair;
  @Out.nested('Wisdom.', () => GmContributorPair) wisdom: GmContributorPair;
  @Out.nested('Charisma.', () => GmContributorPair) charisma: GmContributorPair;
}

@ObjectType({ description: 'The six reactions.' })
export class GmReactions {
  @Out.int('Health.') health: number;
  @Out.int('Fortitude.') fortitude: number;
  @Out.int('Willpower.') willpower: number;
  @Out.int('Evasion.') evasion: number;
  @Out.int('Reason.') reason: number;
  @Out.int('Perception.') perception: number;
}

@ObjectType({ description: 'An archetype row of seed 001.' })
export class GmArchetypeRow {
  @Out.string('Id.') id: string;
  @Out.string('Name.') name: string;
  @Out.string('Archetypal attribute.') archetypalAttribute: string;
  @Out.string('Deprecated: the old name of `archetypalAttribute`.', {
    deprecated: 'Renamed `archetypalAttribute` (docs/api-style.md); answered too until /v2.',
  })
  archetypalAbility: string;
  @Out.string('Archetypal reaction.') archetypalReaction: string;
  @Out.string('Verve contributor.') verveContributor: string;
  @Out.int('The Fighting Art bonus rises every this many levels.') fightingArtEvery: number;
}

@ObjectType({ description: 'Attack bonuses.' })
export class GmAttack {
  @Out.int('Close combat: strength (minor).') close: number;
  @Out.int('Thrown: agility (minor, our reading).') thrown: number;
  @Out.int('Propelled: agility (minor, our reading).') propelled: number;
}

@ObjectType({ description: 'Damage bonuses.' })
export class GmDamage {
  @Out.int('Close combat: strength (major).') close: number;
  @Out.int('Thrown: strength (minor).') thrown: number;
}

@ObjectType({ description: 'd10s still to roll for the levels above the first.' })
export class GmLevelDice {
  @Out.int('How many d10.') dice: number;
  @Out.int('Sides (10).') sides: number;
  @Out.int('Added to each die.') modifierPerDie: number;
}

@ObjectType({ description: 'What levels 2 and up add.' })
export class GmAdvancement {
  @Out.nested('Survival: a d10 at each odd level from 3.', () => GmLevelDice) survival: GmLevelDice;
  @Out.nested('Verve: a d10 at each even level.', () => GmLevelDice) verve: GmLevelDice;
  @Out.int('Mojo gained at levels 2 and up (10 + level each).') mojo: number;
}

@ObjectType({ description: 'Starting silver and the mojo traded for purchases.' })
export class GmStartingMoney {
  @Out.int('Starting silver: the archetypal ability score.') silver: number;
  @Out.int('What the starting purchases cost.') cost: number;
  @Out.int('Mojo traded, 30 silver each (the fewest that cover the cost).') mojoTraded: number;
  @Out.int('Silver left.') silverLeft: number;
  @Out.int('Mojo left.') mojoLeft: number;
}

@ObjectType({ description: 'A G&M character’s derived numbers.' })
export class GmDerivationResult {
  @Out.nested('The attribute scores used (after species adjustments).', () => GmAbilities)
  attributes: GmAbilities;
  @Out.nested('Deprecated: the old name of `attributes`.', () => GmAbilities, {
    deprecated: 'Renamed `attributes` (docs/api-style.md); answered too until /v2.',
  })
  abilities: GmAbilities;
  @Out.string('The shipped species applied, or null.', { nullable: true }) species: string | null;
  @Out.nested('The archetype row.', () => GmArchetypeRow) archetype: GmArchetypeRow;
  @Out.int('The character’s level: the sum of its archetype levels.') level: number;
  @Out.nestedList('Each archetype with its level.', () => GmArchetypeShare) archetypes: GmArchetypeShare[];
  @Out.string('The archetype whose ability gives the verve modifier (the highest level).')
  verveArchetype: string;
  @Out.nested('Contributors.', () => GmContributors) contributors: GmContributors;
  @Out.nested('Reactions.', () => GmReactions) reactions: GmReactions;
  @Out.json('Each reaction term by term: base, major, minor, level, special, total.')
  reactionParts: Record<string, unknown>;
  @Out.int('First-level survival.') survival: number;
  @Out.int('First-level verve.') verve: number;
  @Out.int('First-level mojo.') mojo: number;
  @Out.int('Defense from agility (minor, our reading), before armour.') defense: number;
  @Out.nested('Attack bonuses.', () => GmAttack) attack: GmAttack;
  @Out.nested('Damage bonuses.', () => GmDamage) damage: GmDamage;
  @Out.int('Range increments a thrown weapon goes without penalty.') thrownRangePenaltyReduction: number;
  @Out.int('Species Movement + strength (minor); null without a base Movement.', { nullable: true })
  movement: number | null;
  @Out.int('The largest bulk of one carried item: the strength score.') maxItemBulk: number;
  @Out.int('Silver at the start of play: the archetypal ability.') startingSilver: number;
  @Out.int('Fighting Art field bonus.') fightingArt: number;
  @Out.nested('Levels 2 and up.', () => GmAdvancement) advancement: GmAdvancement;
  @Out.nested('With startingPurchases: the mojo trade.', () => GmStartingMoney, { nullable: true })
  startingMoney: GmStartingMoney | null;
}

@ObjectType({ description: 'A Cairn attribute.' })
export class CairnAttribute {
  @Out.int('Current.') current: number;
  @Out.int('Maximum.') max: number;
}

@ObjectType({ description: 'A Cairn sheet.' })
export class CairnNpcSheet {
  @Out.nested('STR.', () => CairnAttribute) str: CairnAttribute;
  @Out.nested('DEX.', () => CairnAttribute) dex: CairnAttribute;
  @Out.nested('WIL.', () => CairnAttribute) wil: CairnAttribute;
  @Out.int('HP.') hp: number;
  @Out.int('Max HP.') maxHp: number;
  @Out.int('Armor.') armor: number;
}

@ObjectType({ description: 'Sheets by system.' })
export class CairnNpcSheets {
  @Out.nested('The Cairn sheet.', () => CairnNpcSheet) cairn: CairnNpcSheet;
}

@ObjectType({ description: 'The dice of each stat.' })
export class CairnHirelingRolls {
  @Out.intList('STR 3d6.') str: number[];
  @Out.intList('DEX 3d6.') dex: number[];
  @Out.intList('WIL 3d6.') wil: number[];
  @Out.intList('HP 1d6.') hp: number[];
}

@ObjectType({ description: 'Exact distributions.' })
export class CairnHirelingOdds {
  @Out.nestedList('One 3d6 attribute.', () => TotalProbability) attribute: TotalProbability[];
  @Out.nestedList('1d6 HP.', () => TotalProbability) hp: TotalProbability[];
}

@ObjectType({ description: 'A Cairn hireling, shaped as an NPC for storage.' })
export class CairnHirelingResult extends Provenance {
  @Out.string('Always hireling.') kind: string;
  @Out.string('Name.', { nullable: true }) name: string | null;
  @Out.string('Role.', { nullable: true }) role: string | null;
  @Out.nested('Sheets.', () => CairnNpcSheets) sheets: CairnNpcSheets;
  @Out.nested('The dice.', () => CairnHirelingRolls) rolls: CairnHirelingRolls;
  @Out.intList('Every face, in order.') faces: number[];
  @Out.nested('Distributions.', () => CairnHirelingOdds) odds: CairnHirelingOdds;
}

@ObjectType({ description: 'Whether and how it checks morale.' })
export class MoraleRuleResult {
  @Out.string('versus (hirelings), rating (trained animals), none (exempt) or referee.') check: string;
  @Out.string('Why.') reason: string;
}

@ObjectType({ description: 'A COEAC NPC sheet.' })
export class CoeacNpcSheet {
  @Out.int('Pool.') pool: number;
  @Out.int('HP.') hp: number;
  @Out.int('Max HP.') maxHp: number;
  @Out.string('Role.') role: string;
  @Out.int('Gear slots it carries.') carrierSlots: number;
}

@ObjectType({ description: 'Sheets by system.' })
export class CoeacNpcSheets {
  @Out.nested('The COEAC sheet.', () => CoeacNpcSheet) coeac: CoeacNpcSheet;
}

@ObjectType({ description: 'The Cost-table line hired.' })
export class CoeacHire {
  @Out.string('The line.') item: string;
  @Out.int('Its Cost.') cost: number;
  @Out.string('A note.', { nullable: true }) note: string | null;
}

@ObjectType({ description: 'A COEAC hireling, follower or animal, shaped as an NPC for storage.' })
export class CoeacNpcResult {
  @Out.string('hireling, follower or animal.') kind: string;
  @Out.string('Name.', { nullable: true }) name: string | null;
  @Out.nested('Morale.', () => MoraleRuleResult) morale: MoraleRuleResult;
  @Out.nested('Sheets.', () => CoeacNpcSheets) sheets: CoeacNpcSheets;
  @Out.nested('For a hire: the Cost-table line.', () => CoeacHire, { nullable: true }) hire: CoeacHire | null;
}

@ObjectType({ description: 'What happens after losing a follower.' })
export class FollowerLossResult {
  @Out.bool('True for a Feat-granted follower.') replaceable: boolean;
  @Out.int('Days to recruit a replacement.', { nullable: true }) recruitDays: number | null;
  @Out.int('The session the replacement joins.', { nullable: true }) availableFromSession: number | null;
}

@ObjectType({ description: 'A Factor and what it added.' })
export class ObjectiveFactorResult {
  @Out.string('The factor.') name: string;
  @Out.bool('Parenthesised (baseline).') baseline: boolean;
  @Out.int('0 or 1.') adds: number;
}

@ObjectType({ description: 'A COEAC Objective and its label.' })
export class ObjectiveResult {
  @Out.int('The Objective.') objective: number;
  @Out.string('Its label.') label: string;
  @Out.nestedList('The Factors.', () => ObjectiveFactorResult) factors: ObjectiveFactorResult[];
}

@ObjectType({ description: 'Exact odds including criticals.' })
export class CriticalOdds {
  @Out.number('Passing.') success: number;
  @Out.number('A margin of +3 or more.') criticalSuccess: number;
  @Out.number('3 or more short.') criticalFailure: number;
}

@ObjectType({ description: 'A COEAC pool test with the critical flag.' })
export class CriticalPoolCheckResult extends Provenance {
  @Out.int('Dice rolled.') dice: number;
  @Out.intList('Faces.') faces: number[];
  @Out.int('Successes.') successes: number;
  @Out.int('Ob.') objective: number;
  @Out.bool('Passed.') passed: boolean;
  @Out.int('Margin (with +Ns on a pass).') margin: number;
  @Out.string('success, failure or null.', { nullable: true }) critical: string | null;
  @Out.nested('Exact odds.', () => CriticalOdds) odds: CriticalOdds;
}

@ObjectType({ description: 'One test of an extended test.' })
export class ExtendedTestRoll {
  @Out.int('1-based.') number: number;
  @Out.int('Dice.') dice: number;
  @Out.intList('Faces.') faces: number[];
  @Out.int('Successes.') successes: number;
  @Out.int('Ob.') objective: number;
  @Out.bool('Passed.') passed: boolean;
  @Out.int('Margin.') margin: number;
  @Out.string('success, failure or null.', { nullable: true }) critical: string | null;
  @Out.nested('This test’s odds.', () => SuccessOdds) odds: SuccessOdds;
}

@ObjectType({ description: 'A COEAC extended test.' })
export class ExtendedCheckResult extends Provenance {
  @Out.nestedList('The tests rolled.', () => ExtendedTestRoll) tests: ExtendedTestRoll[];
  @Out.int('Passes.') passes: number;
  @Out.int('Failures.') failures: number;
  @Out.int('Passes needed out of the tests allowed.') passesNeeded: number;
  @Out.bool('Passed.') passed: boolean;
  @Out.bool('Stopped once decided.') stoppedEarly: boolean;
  @Out.nested('Exact odds.', () => SuccessOdds) odds: SuccessOdds;
}

@ObjectType({ description: 'A halved damage result.' })
export class DamageHalvingResult {
  @Out.int('Rolled.') rolled: number;
  @Out.int('+Ns.') freeSuccesses: number;
  @Out.int('rolled + Ns.') total: number;
  @Out.int('The total halved, rounded up.') halved: number;
}

@ObjectType({ description: 'The assistant’s roll.' })
export class GmAssistanceRoll {
  @Out.int('The d20.') roll: number;
  @Out.int('Target.') target: number;
  @Out.bool('Passed.') passed: boolean;
  @Out.int('The field bonus granted, or null.', { nullable: true }) fieldBonusGranted: number | null;
  @Out.nested('Exact odds.', () => SuccessOdds) odds: SuccessOdds;
}

@ObjectType({ description: 'The modifiers of a G&M task.' })
export class GmTaskModifiers {
  @Out.int('Bonus.') bonus: number;
  @Out.int('Penalty.') penalty: number;
  @Out.int('Obstacle penalty.') obstacle: number;
  @Out.int('Difficulty modifier.') difficulty: number;
  @Out.int('Field bonus used.') fieldBonus: number;
  @Out.int('Careful bonus.') careful: number;
}

@ObjectType({ description: 'Where on a large obstacle the failure happened.' })
export class GmFailureLocation {
  @Out.int('The base unit (1 = the first).') unit: number;
  @Out.int('Of this many.') of: number;
}

@ObjectType({ description: 'How long the attempt takes, against the normal time.' })
export class GmTaskTime {
  @Out.number('Times the normal time: the obstacle size (001:698).') obstacleMultiplier: number;
  @Out.int('Steps further along the time scale taken carefully.') carefulSteps: number;
}

@ObjectType({ description: 'A G&M task roll with its extensions.' })
export class GmTaskCheckResult extends Provenance {
  @Out.nested('The assistant’s roll, if any.', () => GmAssistanceRoll, { nullable: true })
  assistance: GmAssistanceRoll | null;
  @Out.int('The d20.') roll: number;
  @Out.int('Target.') target: number;
  @Out.nested('Modifiers.', () => GmTaskModifiers) modifiers: GmTaskModifiers;
  @Out.bool('Passed.') passed: boolean;
  @Out.nested('On failure against an obstacle above 1.', () => GmFailureLocation, { nullable: true })
  failureAt: GmFailureLocation | null;
  @Out.nested('Time taken.', () => GmTaskTime) time: GmTaskTime;
  @Out.intList('Faces: assistant, roller, location.') faces: number[];
  @Out.nested('Exact odds.', () => SuccessOdds) odds: SuccessOdds;
}

@ObjectType({ description: 'One side’s roll in a round.' })
export class MultiContestRoll {
  @Out.string('Side.') name: string;
  @Out.int('The d20 (doubled when the round was).') roll: number;
  @Out.int('Target.') target: number;
  @Out.bool('Passed.') passed: boolean;
}

@ObjectType({ description: 'A round.' })
export class MultiContestRound {
  @Out.nestedList('Rolls of the sides still in.', () => MultiContestRoll) rolls: MultiContestRoll[];
  @Out.bool('Rolls doubled (no side could fail).') doubled: boolean;
}

@ObjectType({ description: 'A side that dropped out.' })
export class MultiContestElimination {
  @Out.string('Side.') name: string;
  @Out.int('The round it lost in.') round: number;
}

@ObjectType({ description: 'A side’s chance to win.' })
export class MultiContestWinOdds {
  @Out.string('Side.') name: string;
  @Out.number('Exact probability.') probability: number;
}

@ObjectType({ description: 'Exact odds of each outcome.' })
export class MultiContestOdds {
  @Out.nestedList('Each side’s chance to win.', () => MultiContestWinOdds) wins: MultiContestWinOdds[];
  @Out.number('Nobody wins (all fail together, or rounds run out).') noWinner: number;
}

@ObjectType({ description: 'A G&M contest of many sides.' })
export class MultiContestCheckResult extends Provenance {
  @Out.string('The winner, or null.', { nullable: true }) winner: string | null;
  @Out.nestedList('Rounds.', () => MultiContestRound) rounds: MultiContestRound[];
  @Out.nestedList('Sides that dropped out.', () => MultiContestElimination)
  eliminated: MultiContestElimination[];
  @Out.intList('Faces.') faces: number[];
  @Out.int('Steps up the time scale.') timeSteps: number;
  @Out.nested('Exact odds.', () => MultiContestOdds) odds: MultiContestOdds;
}

@ObjectType({ description: 'The dice of age and height.' })
export class GmBodyRolls {
  @Out.intList('Age d6s.') age: number[];
  @Out.intList('Height d6s.') height: number[];
}

@ObjectType({ description: 'How the height was reached.' })
export class GmHeightParts {
  @Out.int('Species base.') base: number;
  @Out.int('The dice.') dice: number;
  @Out.int('Endurance (minor).') endurance: number;
  @Out.int('Strength (major).') strength: number;
}

@ObjectType({ description: 'How the weight was reached: base + 10 × (height dice + endurance + strength).' })
export class GmWeightParts {
  @Out.int('Species base.') base: number;
  @Out.int('The height dice.') heightDice: number;
  @Out.int('Endurance (major).') endurance: number;
  @Out.int('Strength (minor).') strength: number;
}

@ObjectType({ description: 'Term by term.' })
export class GmBodyParts {
  @Out.nested('Height.', () => GmHeightParts) height: GmHeightParts;
  @Out.nested('Weight.', () => GmWeightParts) weight: GmWeightParts;
}

@ObjectType({ description: 'A G&M character’s age, height and weight.' })
export class GmBodyRollResult extends Provenance {
  @Out.int('Age in years.') age: number;
  @Out.int('Height in inches.') height: number;
  @Out.int('Weight in pounds.') weight: number;
  @Out.nested('The dice.', () => GmBodyRolls) rolls: GmBodyRolls;
  @Out.nested('Term by term.', () => GmBodyParts) parts: GmBodyParts;
  @Out.intList('Every face, in order.') faces: number[];
}

@ObjectType({ description: 'A species’ age, height and weight numbers.' })
export class GmSpeciesBody {
  @Out.int('Base age.') baseAge: number;
  @Out.int('Age d6s.') ageDice: number;
  @Out.int('Base height (in).') baseHeight: number;
  @Out.int('Height d6s.') heightDice: number;
  @Out.int('Base weight (lb).') baseWeight: number;
}

@ObjectType({ description: 'A shipped G&M species.' })
export class GmSpeciesRow {
  @Out.string('Id.') id: string;
  @Out.string('Name.') name: string;
  @Out.json('Added to the attribute scores.') attributeAdjustments: Record<string, number>;
  @Out.json('Deprecated: the old name of `attributeAdjustments`.', {
    deprecated: 'Renamed `attributeAdjustments` (docs/api-style.md); answered too until /v2.',
  })
  abilityAdjustments: Record<string, number>;
  @Out.json('Special contributors to reactions.') reactions: Record<string, number>;
  @Out.int('Base Movement.') baseMovement: number;
  @Out.nested('Age, height and weight numbers.', () => GmSpeciesBody) body: GmSpeciesBody;
  @Out.stringList('What the example states that we do not compute.') notes: string[];
}

@ObjectType({ description: 'The shipped G&M species.' })
export class GmSpeciesList {
  @Out.nestedList('Species.', () => GmSpeciesRow) items: GmSpeciesRow[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

@ObjectType({ description: 'The chance it holds.' })
export class NpcMoraleOdds {
  @Out.number('Exact chance of holding; null when the referee decides.', { nullable: true }) pass:
    number | null;
}

@ObjectType({ description: 'A COEAC NPC’s morale.' })
export class NpcMoraleCheckResult extends Provenance {
  @Out.string('Who checked.') subject: string;
  @Out.nested('The rule that applied.', () => MoraleRuleResult) rule: MoraleRuleResult;
  @Out.bool('False when no roll is made.') rolled: boolean;
  @Out.bool('True when it holds; null when the referee decides.', { nullable: true }) passed: boolean | null;
  @Out.intList('Faces.') faces: number[];
  @Out.int('The rating rolled against, if any.', { nullable: true }) target: number | null;
  @Out.nested('Exact odds.', () => NpcMoraleOdds) odds: NpcMoraleOdds;
}
