import { ObjectType } from '@nestjs/graphql';
import { Provenance } from '../checks/check.results';
import { ObjectiveFactorResult, TotalProbability } from '../characters-builder/builder.results';
import { MOJO_COST_KINDS } from '../core/advancement/gm-mojo';
import { Out } from '../common/schema';
import { MojoCostKindEnum, ResourceTypeEnum, StudyModeEnum } from './advancement.inputs';
import { RESOURCE_TYPES, STUDY_MODES } from '../core/advancement/gm-study';

export const MOJO_BID_OUTCOMES = ['turned', 'not-enough', 'already-passed'] as const;

@ObjectType({ description: 'The mojo price of one G&M improvement.' })
export class GmMojoCostResult {
  @Out.oneOf('What is bought.', MOJO_COST_KINDS, MojoCostKindEnum)
  kind: string;
  @Out.int('The mojo it costs.')
  cost: number;
  @Out.string('The rule applied, with its seed reference.')
  rule: string;
  @Out.int(
    'Bought just before a roll it helps: the bonus on that roll (fields and skills: the cost; else 0).',
  )
  beforeRollBonus: number;
}

@ObjectType({ description: 'What a mojo bid turns, costs and earns.' })
export class GmMojoBidResult {
  @Out.string('turned, not-enough (nothing lost) or already-passed (nothing to turn).')
  outcome: string;
  @Out.int('Mojo needed to turn the roll (0 when it already passed).')
  needed: number;
  @Out.int('Mojo lost: only what was needed, and nothing if the bid could not turn the roll.')
  mojoLost: number;
  @Out.int('Mojo of the bid kept.')
  mojoKept: number;
  @Out.int('Mojo left, when the mojo held was sent.', { nullable: true })
  mojoLeft: number | null;
  @Out.int('Experience gained: 50 per mojo lost.')
  experienceGained: number;
  @Out.number('Experience after the bid, when experience was sent.', { nullable: true })
  experience: number | null;
  @Out.int('Level before the bid, when experience was sent.', { nullable: true })
  levelBefore: number | null;
  @Out.int('Level after the bid (a level gained applies at once).', { nullable: true })
  levelAfter: number | null;
  @Out.int('The price the spend was compared with for a free improvement.', { nullable: true })
  improvementCost: number | null;
  @Out.bool('The spend is at least that price: the character gains the improvement.')
  improvementGained: boolean;
  @Out.string('The rule applied, with its seed reference.')
  rule: string;
}

@ObjectType({ description: 'A mojo resource’s total.' })
export class GmStudyResourceResult {
  @Out.oneOf('The type.', RESOURCE_TYPES, ResourceTypeEnum)
  type: string;
  @Out.int('Its level (null for immersion).', { nullable: true })
  level: number | null;
  @Out.int('Its mojo total.')
  total: number;
  @Out.bool('The student exceeds it: it serves once, for its level in mojo.')
  oneUse: boolean;
}

@ObjectType({ description: 'A rate on the mojo-bonus table.' })
export class GmMojoBonusRate {
  @Out.int('Mojo gained...')
  mojo: number;
  @Out.int('...every so many periods.')
  everyPeriods: number;
}

@ObjectType({ description: 'What a stretch of study yields and costs.' })
export class GmStudyResult {
  @Out.oneOf('The study mode.', STUDY_MODES, StudyModeEnum)
  mode: string;
  @Out.string('The period: week, month or two days.')
  period: string;
  @Out.int('Periods studied.')
  periods: number;
  @Out.int('Mojo from the study itself: one per period per project.')
  baseMojo: number;
  @Out.nestedList('Each resource’s total.', () => GmStudyResourceResult)
  resources: GmStudyResourceResult[];
  @Out.int('The resources’ totals added together.')
  combinedTotal: number;
  @Out.int('The mojo-bonus row of that total (1–9; 0 for none).')
  row: number;
  @Out.int('Rows shifted by the intelligence major contributor.')
  intelligenceShift: number;
  @Out.int('The row read after the shift.')
  shiftedRow: number;
  @Out.nested('The rate read (null: no resource mojo).', () => GmMojoBonusRate, { nullable: true })
  bonus: GmMojoBonusRate | null;
  @Out.int('Mojo the resources add over the periods, at most their combined total.')
  resourceMojo: number;
  @Out.int('All mojo gained.')
  totalMojo: number;
  @Out.int('Silver for study materials (per mojo gained).')
  studySilver: number;
  @Out.int('Resource fees.')
  fees: number;
  @Out.int('All silver.')
  silver: number;
  @Out.number('Days off allowed in all while gaining the mojo.')
  daysOffAllowed: number;
  @Out.int('Intensive: the longest stretch in days (half wisdom), when wisdom was sent.', { nullable: true })
  maxIntensiveDays: number | null;
  @Out.int('Intensive: days the mojo keeps (intelligence), when intelligence was sent.', { nullable: true })
  mojoExpiresAfterDays: number | null;
}

@ObjectType({ description: 'The survival or verve die of a new level.' })
export class GmLevelGain {
  @Out.string('survival (odd levels) or verve (even levels).')
  pool: string;
  @Out.int('The d10.')
  die: number;
  @Out.int(
    'The contributors added: endurance (major) for survival; archetypal ability and verve contributor (minor) for verve.',
  )
  modifier: number;
  @Out.int('The gain: d10 + modifier, never below 0.')
  gain: number;
  @Out.nestedList('The exact chance of each gain.', () => TotalProbability)
  distribution: TotalProbability[];
}

@ObjectType({ description: '+1 or 0 to each reaction.' })
export class GmReactionGains {
  @Out.int('Health.') health: number;
  @Out.int('Fortitude.') fortitude: number;
  @Out.int('Willpower.') willpower: number;
  @Out.int('Evasion.') evasion: number;
  @Out.int('Reason.') reason: number;
  @Out.int('Perception.') perception: number;
}

@ObjectType({ description: 'What a new G&M level gives.' })
export class GmLevelUpResult extends Provenance {
  @Out.string('The archetype.')
  archetype: string;
  @Out.int('The level reached.')
  level: number;
  @Out.nested('The survival or verve die.', () => GmLevelGain)
  roll: GmLevelGain;
  @Out.nested(
    'Reaction gains: the archetypal one every level, the others at even levels.',
    () => GmReactionGains,
  )
  reactions: GmReactionGains;
  @Out.int('Fighting Art bonus gained (0 or 1).')
  fightingArt: number;
  @Out.bool('A new specialty is due (3rd level and every odd level).')
  specialty: boolean;
  @Out.int('Mojo gained: 10 + level.')
  mojo: number;
  @Out.int('Experience needed to reach this level.')
  experienceToReach: number;
  @Out.int('Sorcerors: new spell slots.')
  spellSlots: number;
  @Out.int('Prophets: new calling points.')
  callingPoints: number;
  @Out.bool('Prophets: may swap one spirit type.')
  spiritSwap: boolean;
  @Out.bool('Thieves: +1 to a thief field or a new thief skill.')
  thiefImprovement: boolean;
  @Out.int('Multiple archetypes: the level reached in the gaining archetype, when it differs.', {
    optional: true,
  })
  archetypeLevel?: number;
  @Out.intList('Every face, in order.')
  faces: number[];
}

@ObjectType({ description: 'A G&M level from experience.' })
export class GmLevelStandingResult {
  @Out.number('Experience.') experience: number;
  @Out.int('The level reached.') level: number;
  @Out.number('Experience that level took.') experienceForLevel: number;
  @Out.int('The next level.') nextLevel: number;
  @Out.number('Experience the next level takes.') nextThreshold: number;
  @Out.number('Experience still needed.') experienceToNext: number;
}

@ObjectType({ description: 'Exact chances of a Circles check.' })
export class CoeacCirclesOdds {
  @Out.number('Passing.') success: number;
  @Out.number('Failing by 3 or more (the Enmity Clause).') enmityClause: number;
}

@ObjectType({ description: 'A COEAC Circles check.' })
export class CoeacCirclesResult extends Provenance {
  @Out.string('diplomacy or streetwise.') skill: string;
  @Out.nestedList('The Factors counted.', () => ObjectiveFactorResult) factors: ObjectiveFactorResult[];
  @Out.int('The Objective (at least 1).') objective: number;
  @Out.int('The Reputation used.') reputation: number;
  @Out.int('Dice the Reputation added (negative: took away).') reputationDice: number;
  @Out.int('Dice rolled.') dice: number;
  @Out.intList('The faces.') faces: number[];
  @Out.int('Successes (4–6).') successes: number;
  @Out.bool('Passed.') passed: boolean;
  @Out.int('Successes − Ob.') margin: number;
  @Out.string('willing (amenable to the Ask) or unwilling (met, but not amenable).') result: string;
  @Out.bool('Failed by 3 or more: the referee may invoke the Enmity Clause.') enmityClause: boolean;
  @Out.nested('Exact chances.', () => CoeacCirclesOdds) odds: CoeacCirclesOdds;
}

@ObjectType({ description: 'Exact chance of recognition.' })
export class CoeacRecognitionOdds {
  @Out.number('|Reputation| ÷ 8.') recognised: number;
}

@ObjectType({ description: 'A COEAC recognition roll.' })
export class CoeacRecognitionResult extends Provenance {
  @Out.int('The Reputation.') reputation: number;
  @Out.int('The d8.') die: number;
  @Out.bool('d8 ≤ |Reputation|.') recognised: boolean;
  @Out.string('member or enemy, when recognised.', { nullable: true }) as: string | null;
  @Out.nested('Exact chance.', () => CoeacRecognitionOdds) odds: CoeacRecognitionOdds;
  @Out.intList('The faces.') faces: number[];
}

@ObjectType({ description: 'The price of a spell bought with mojo.' })
export class GmSpellPriceResult {
  @Out.int('The spell level.') spellLevel: number;
  @Out.int('Mojo: 3 per spell level (2 on a retry).') mojo: number;
  @Out.int('Components on hand for experimentation, in centisilver.') experimentation: number;
  @Out.bool('Experimentation waived (at least spell level archetypal mojo).') experimentationWaived: boolean;
  @Out.bool('Inscribed in the spell book free.') inscribedFree: boolean;
  @Out.bool('A compatibility roll is due.') compatibilityRoll: boolean;
  @Out.string('The rule applied.') rule: string;
}

@ObjectType({ description: 'Exact chance of compatibility.' })
export class GmSpellCompatibilityOdds {
  @Out.number('Passing.') success: number;
}

@ObjectType({ description: 'A spell compatibility roll.' })
export class GmSpellCompatibilityResult extends Provenance {
  @Out.int('Reason.') reason: number;
  @Out.int('Spell level.') spellLevel: number;
  @Out.int('reason + 6 − spell level.') target: number;
  @Out.int('The d20.') roll: number;
  @Out.bool('d20 ≤ target: the spell suits the sorceror.') compatible: boolean;
  @Out.nested('Exact chance.', () => GmSpellCompatibilityOdds) odds: GmSpellCompatibilityOdds;
  @Out.intList('The faces.') faces: number[];
}

@ObjectType({ description: 'The level an invented manifestation is used at.' })
export class GmManifestationResult {
  @Out.int('The Guide’s guess.') guessedLevel: number;
  @Out.int('Used at: the guess + 2.') level: number;
}

@ObjectType({ description: 'A pooled mojo project.' })
export class GmPooledProjectResult {
  @Out.int('The dearest cost among the contributors.') cost: number;
  @Out.int('Mojo pooled.') pooled: number;
  @Out.bool('Enough mojo pooled.') complete: boolean;
  @Out.int('Mojo missing.') missing: number;
}

@ObjectType({ description: 'Whether practical mojo may pay for a use.' })
export class GmPracticalMojoResult {
  @Out.bool('Allowed.') allowed: boolean;
  @Out.string('The rule.') rule: string;
}
