import { NEXT_CURSOR } from '../common/pagination';
import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import { LedgerEntry } from '../wealth/wealth.results';
import { CoeacCirclesResult, GmLevelUpResult } from './advancement.results';

@ObjectType({ description: 'Experience added to a stored G&M sheet, with the level-ups it made.' })
export class ExperienceAwardResult {
  @Out.id('The character.') characterId: string;
  @Out.string('award (the referee), loot (loot experience) or mojo (mojo spent on a roll).') source: string;
  @Out.int('Experience added.') gained: number;
  @Out.number('Experience before.') experienceBefore: number;
  @Out.number('Experience after (the sheet’s tracked value).') experience: number;
  @Out.int('Level by experience before.') levelBefore: number;
  @Out.int('Level by experience after.') levelAfter: number;
  @Out.nestedList('Each level-up made, rolled, logged and applied to the sheet.', () => GmLevelUpResult)
  levelUps: GmLevelUpResult[];
  @Out.id('The logged award.') rollId: string;
}

@ObjectType({ description: 'Loot experience shared into the characters’ totals.' })
export class LootExperienceAwardResult {
  @Out.int('The loot, in centisilver.') silver: number;
  @Out.string('divided or each (the campaign’s loot rule).') rule: string;
  @Out.int('All experience: 2 per silver.') totalExperience: number;
  @Out.int('Each character’s share.') each: number;
  @Out.int('Points left over from an even split.') remainder: number;
  @Out.nestedList('Each character’s award.', () => ExperienceAwardResult) awards: ExperienceAwardResult[];
}

@ObjectType({ description: 'Practical mojo held for one subject.' })
export class PracticalMojo {
  @Out.string('The field, skill, spell or specialty.') subject: string;
  @Out.int('Practical mojo.') mojo: number;
}

@ObjectType({ description: 'A G&M study project.' })
export class StudyProject {
  @Out.id('The project.') id: string;
  @Out.id('The student.') characterId: string;
  @Out.string('What is studied.') subject: string;
  @Out.string('normal, free-time or intensive.') mode: string;
  @Out.int('Periods studied so far.') periods: number;
  @Out.int('Practical mojo gained so far.') mojo: number;
  @Out.int('Silver paid so far (study and fees), in whole silver coins.') silver: number;
  @Out.int('Resource fees so far.') fees: number;
  @Out.number('Days off allowed so far.') days: number;
}

@ObjectType({ description: 'Periods of study and what they gave.' })
export class StudyPeriodsResult {
  @Out.nested('The project after.', () => StudyProject) project: StudyProject;
  @Out.int('Periods studied now.') periods: number;
  @Out.int('Practical mojo gained now.') mojo: number;
  @Out.int('Silver these periods cost (study and fees), in whole silver coins.') silver: number;
  @Out.int('Resource fees now (part of silver).') fees: number;
  @Out.number('Days off allowed now.') days: number;
  @Out.int('Practical mojo now held for the subject.') practicalMojo: number;
  @Out.int('Centisilver taken from the character’s purse (its Cash, read as centisilver): 100 per silver.')
  paid: number;
  @Out.int('Centisilver left in the purse (the character’s Cash).') cashLeft: number;
  @Out.nested('The cash ledger entry of the payment; null when nothing was paid.', () => LedgerEntry, {
    nullable: true,
  })
  ledgerEntry: LedgerEntry | null;
  @Out.id('The logged study.') rollId: string;
}

@ObjectType({
  description: 'A G&M character’s advancement: experience, level and what level-ups left to spend.',
})
export class GmAdvancementStanding {
  @Out.id('The character.') characterId: string;
  @Out.number('Experience.') experience: number;
  @Out.int('Level by experience.') level: number;
  @Out.int('The sheet’s character level (its archetype levels added).') characterLevel: number;
  @Out.nestedList('Archetypes and levels.', () => ArchetypeLevel) archetypes: ArchetypeLevel[];
  @Out.int('Mojo held.') mojo: number;
  @Out.int('Specialties due and not yet chosen.') specialtiesDue: number;
  @Out.int('Sorcerors: spell slots gained by level-ups.') spellSlots: number;
  @Out.int('Prophets: calling points gained by level-ups.') callingPoints: number;
  @Out.int('Prophets: spirit-type swaps gained.') spiritSwaps: number;
  @Out.int('Thieves: thief-field or skill improvements gained.') thiefImprovements: number;
  @Out.nestedList('Practical mojo by subject.', () => PracticalMojo) practicalMojo: PracticalMojo[];
  @Out.nestedList('Study projects.', () => StudyProject) studyProjects: StudyProject[];
}

@ObjectType({ description: 'An archetype and its level.' })
export class ArchetypeLevel {
  @Out.string('The archetype.') archetype: string;
  @Out.int('Its level.') level: number;
}

@ObjectType({ description: 'Mojo spent on an improvement.' })
export class MojoSpendResult {
  @Out.id('The character.') characterId: string;
  @Out.string('What kind of improvement.') kind: string;
  @Out.string('What was bought.') subject: string;
  @Out.int('Mojo it cost.') cost: number;
  @Out.string('The price rule.') rule: string;
  @Out.bool('Paid with practical mojo.') practical: boolean;
  @Out.int('Bought just before a roll: the bonus on that roll (the mojo spent; 0 otherwise).')
  beforeRollBonus: number;
  @Out.int('Kind `ability`: the attribute score after.', { nullable: true }) attributeAfter: number | null;
  @Out.int('Deprecated: the old name of `attributeAfter`.', {
    nullable: true,
    deprecated: 'Renamed `attributeAfter` (docs/api-style.md); answered too until /v2.',
  })
  abilityAfter: number | null;
  @Out.int('Mojo held after.') mojoLeft: number;
  @Out.int('Practical mojo for the subject after, when it paid.', { nullable: true })
  practicalMojoLeft: number | null;
  @Out.id('The logged purchase.') rollId: string;
}

@ObjectType({ description: 'A mojo bid on a logged roll.' })
export class MojoBidOnRollResult {
  @Out.id('The character.') characterId: string;
  @Out.id('The roll the bid tried to turn (never rewritten).') refersTo: string;
  @Out.int('Its d20.') roll: number;
  @Out.int('Its target.') target: number;
  @Out.int('The bid.') bid: number;
  @Out.string('turned or not-enough.') outcome: string;
  @Out.bool('The roll now passes (recorded by the new roll).') passed: boolean;
  @Out.int('Mojo needed.') needed: number;
  @Out.int('Mojo lost: only what was needed, nothing when it could not turn.') mojoLost: number;
  @Out.int('Mojo held after.') mojoLeft: number;
  @Out.int('Experience gained: 50 per mojo lost.') experienceGained: number;
  @Out.bool('The spend reached the price of the next improvement named.') improvementGained: boolean;
  @Out.nested('The experience added and any level-up, when mojo was lost.', () => ExperienceAwardResult, {
    nullable: true,
  })
  experience: ExperienceAwardResult | null;
  @Out.id('The new logged roll that records the bid.') rollId: string;
}

@ObjectType({ description: 'Boons for one character.' })
export class BoonAward {
  @Out.id('The character.') characterId: string;
  @Out.int('Boons awarded.') boons: number;
  @Out.int('Boons after.') total: number;
}

@ObjectType({ description: 'Boons at the end of a session.' })
export class BoonsAwardResult {
  @Out.id('The session.') sessionId: string;
  @Out.nestedList('The awards.', () => BoonAward) awards: BoonAward[];
  @Out.id('The logged award.') rollId: string;
}

@ObjectType({ description: 'The retirement faction roll.' })
export class RetirementFactionRoll {
  @Out.int('The d6.') die: number;
  @Out.int('+1 per five Boons.') bonus: number;
  @Out.int('The total.') total: number;
  @Out.int('Reputation before.') reputationBefore: number;
  @Out.int('Reputation after.') reputationAfter: number;
  @Out.bool('The Reputation rose by one.') raised: boolean;
  @Out.intList('The faces.') faces: number[];
}

@ObjectType({ description: 'A retired COEAC character and its score.' })
export class RetirementResult {
  @Out.id('The character.') characterId: string;
  @Out.int('Wealth at retirement.') wealth: number;
  @Out.int('Boons at retirement.') boons: number;
  @Out.string('The faction rolled for, when one was named.', { nullable: true }) faction: string | null;
  @Out.nested('The faction roll, when a faction was named.', () => RetirementFactionRoll, { nullable: true })
  factionRoll: RetirementFactionRoll | null;
  @Out.string('The seed.') seed: string;
  @Out.string('The generator.') rng: string;
  @Out.id('The logged retirement.') rollId: string;
}

@ObjectType({ description: 'A retired character’s score.' })
export class RetirementEntry {
  @Out.id('The character.') characterId: string;
  @Out.int('Wealth.') wealth: number;
  @Out.int('Boons.') boons: number;
  @Out.string('When.') retiredAt: string;
}

@ObjectType({ description: 'The campaign’s retired characters.' })
export class RetirementList {
  @Out.nestedList('Oldest first.', () => RetirementEntry) items: RetirementEntry[];
  @Out.string(NEXT_CURSOR, { nullable: true }) next: string | null;
}

@ObjectType({ description: 'A specialty class unlocked.' })
export class SpecialtyClass {
  @Out.string('The class.') className: string;
  @Out.stringList('Characters who unlocked it.') unlockedBy: string[];
  @Out.string('A note.', { nullable: true }) note: string | null;
}

@ObjectType({ description: 'A specialty class unlocked, with its logged roll.' })
export class SpecialtyClassResult extends SpecialtyClass {
  @Out.id('The logged unlock.') rollId: string;
}

@ObjectType({ description: 'The campaign’s specialty classes.' })
export class SpecialtyClassList {
  @Out.nestedList('Oldest first.', () => SpecialtyClass) items: SpecialtyClass[];
  @Out.string(NEXT_CURSOR, { nullable: true }) next: string | null;
}

@ObjectType({ description: 'A faction’s Reputation.' })
export class FactionReputation {
  @Out.string('The faction (lower case).') faction: string;
  @Out.int('Reputation, −6 to +6.') value: number;
}

@ObjectType({ description: 'Every faction’s Reputation.' })
export class ReputationList {
  @Out.nestedList('Factions, oldest first.', () => FactionReputation) items: FactionReputation[];
  @Out.string(NEXT_CURSOR, { nullable: true }) next: string | null;
}

@ObjectType({ description: 'A Reputation change.' })
export class ReputationChangeResult extends FactionReputation {
  @Out.int('The change.') delta: number;
  @Out.id('The logged change.') rollId: string;
}

@ObjectType({ description: 'One Reputation change in the history.' })
export class ReputationHistoryEntry {
  @Out.string('The faction.') faction: string;
  @Out.int('The change.') delta: number;
  @Out.int('Reputation after.') valueAfter: number;
  @Out.string('Why.', { nullable: true }) reason: string | null;
  @Out.id('The logged change.', { nullable: true }) rollId: string | null;
  @Out.id('The session it happened in.', { nullable: true }) sessionId: string | null;
  @Out.string('When.') at: string;
}

@ObjectType({ description: 'The Reputation history.' })
export class ReputationHistory {
  @Out.nestedList('Oldest first.', () => ReputationHistoryEntry) items: ReputationHistoryEntry[];
  @Out.string(NEXT_CURSOR, { nullable: true }) next: string | null;
}

@ObjectType({ description: 'A Circles test in a campaign.' })
export class CampaignCirclesResult extends CoeacCirclesResult {
  @Out.string('The faction whose Reputation counted.', { nullable: true }) faction: string | null;
}

@ObjectType({ description: 'One class resource after a spend.' })
export class ClassResourceLeft {
  @Out.string('The class resource, as the sheet names it.') name: string;
  @Out.int('Points left.') current: number;
  @Out.int('Its maximum.') max: number;
}

@ObjectType({ description: 'COEAC class resources spent on one action.' })
export class ClassResourceSpendResult {
  @Out.id('The character.') characterId: string;
  @Out.nestedList('Each resource spent, after.', () => ClassResourceLeft) resources: ClassResourceLeft[];
  @Out.id('The logged spend.') rollId: string;
}
