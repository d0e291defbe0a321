import { ObjectType, registerEnumType } from '@nestjs/graphql';
import { NEXT_CURSOR } from '../common/pagination';
import { Out } from '../common/schema';
import { COEAC_DURATION_UNITS, COEAC_SAVE_EFFECTS, COEAC_SORCERY_SKILLS } from '../core/magic';
import { CoeacFamilyEnum, CoeacSkillEnum } from './magic.inputs';
import { COEAC_FAMILIES } from '../core/magic';
import { TableDrawResult } from '../encounters/encounters.results';
import { EngineEventResult } from '../harm/engine-events.results';

/** The `events` member of a campaign spell's answer (issue 39, 42). */
const SPELL_EVENTS =
  'What the engine did to the caster, in order, each with a sentence to post (HP lost to backlash, a ritual or a failed counterspell, Down and Out …); empty when the spell harmed no one. The roll that took the harm carries them too (its events, effects.events): the log and the live feed show them.';

/*
 * COEAC magic answers: the dice, Potency, backlash, saves, exact odds, and the seed and generator
 * that reproduce them. Every text a client shows is ours.
 */

export const CoeacDurationEnum = Object.fromEntries(COEAC_DURATION_UNITS.map((u) => [u, u])) as Record<
  string,
  string
>;
registerEnumType(CoeacDurationEnum, {
  name: 'CoeacDurationUnit',
  description: 'instant, one round / turn / minute / hour / day per success of Potency, or special.',
});
export const CoeacSaveEffectEnum = Object.fromEntries(COEAC_SAVE_EFFECTS.map((u) => [u, u])) as Record<
  string,
  string
>;
registerEnumType(CoeacSaveEffectEnum, { name: 'CoeacSaveEffect', description: 'What a passed save does.' });
export const SUB_ROLL_KINDS = ['chance', 'table', 'damage'] as const;
export const SubRollKindEnum = { chance: 'chance', table: 'table', damage: 'damage' } as const;
registerEnumType(SubRollKindEnum, {
  name: 'CoeacSubRollKind',
  description: 'x-in-N chance, table or damage dice.',
});
export const TAKES = ['round', 'turn'] as const;
export const TakesEnum = { round: 'round', turn: 'turn' } as const;
registerEnumType(TakesEnum, {
  name: 'CoeacChannelingTime',
  description: 'A combat round, or an exploration turn.',
});

@ObjectType({ isAbstract: true })
export abstract class MagicProvenance {
  @Out.string('The seed: send it again with the same inputs to get the same dice.')
  seed: string;

  @Out.string('The generator and its version ("<algorithm>@<version>").')
  rng: string;

  @Out.id('The roll-log id in a campaign; null for a stateless roll (nothing is logged).', { nullable: true })
  rollId: string | null;
}

// ------------------------------------------------------------------ catalogue

@ObjectType({ description: 'A save a spell allows or calls for.' })
export class CoeacSpellSaveInfo {
  @Out.string('The save (Vigor, Discipline, Agility, …).')
  save: string;

  @Out.int('A fixed Ob; null means Ob = the spell’s Potency.', { nullable: true })
  objective: number | null;

  @Out.oneOf('What passing does.', COEAC_SAVE_EFFECTS, CoeacSaveEffectEnum)
  effect: string;

  @Out.string('When it is rolled.')
  when: string;
}

@ObjectType({ description: 'A roll a spell calls for besides the channeling.' })
export class CoeacSubRollInfo {
  @Out.oneOf(
    'chance (x-in-N), table (one die, an entry per face) or damage dice.',
    SUB_ROLL_KINDS,
    SubRollKindEnum,
  )
  kind: string;

  @Out.string('Stable id within the spell.')
  id: string;

  @Out.string('What it decides.')
  label: string;

  @Out.int('The die’s sides (chance and table); 6 for damage dice.', { nullable: true })
  sides: number | null;

  @Out.int('chance: the x of x-in-N (0 when it is the Potency).', { nullable: true })
  chances: number | null;

  @Out.bool('chance: x is the Potency (capped at N).', { nullable: true })
  inPotency: boolean | null;

  @Out.stringList('table: the entries, face 1 first.', { nullable: true })
  entries: string[] | null;

  @Out.int('damage: fixed dice.', { nullable: true })
  dice: number | null;

  @Out.int('damage: dice added per success of Potency.', { nullable: true })
  dicePerPotency: number | null;
}

@ObjectType({
  description: 'A COEAC spell: family, skill, Ob, duration, saves, sub-rolls and what it does in our words.',
})
export class CoeacSpellInfo {
  @Out.string('Stable id (kebab-case).')
  id: string;

  @Out.string('Name.')
  name: string;

  @Out.oneOf('Family.', COEAC_FAMILIES, CoeacFamilyEnum)
  family: string;

  @Out.int('Its place (1–10) in the family list: the d10 of a random spell.')
  number: number;

  @Out.oneOf('The sorcery skill that channels it.', COEAC_SORCERY_SKILLS, CoeacSkillEnum)
  skill: string;

  @Out.oneOf('The skill when cast reversed, for a reversible spell.', COEAC_SORCERY_SKILLS, CoeacSkillEnum, {
    nullable: true,
  })
  reverseSkill: string | null;

  @Out.int('The channeling Ob (2–5): Potency below it is backlash.')
  objective: number;

  @Out.oneOf('Duration unit (one unit per success of Potency).', COEAC_DURATION_UNITS, CoeacDurationEnum)
  duration: string;

  @Out.bool('Something besides the duration grows with Potency (targets, area, damage).')
  scalesWithPotency: boolean;

  @Out.nestedList('Saves the spell allows or calls for.', () => CoeacSpellSaveInfo)
  saves: CoeacSpellSaveInfo[];

  @Out.nestedList('Its own rolls.', () => CoeacSubRollInfo)
  subRolls: CoeacSubRollInfo[];

  @Out.string('What zero successes do besides the mutation save, when the spell says so.', { nullable: true })
  zeroSuccessRisk: string | null;

  @Out.string('What the spell does, in our words.')
  effect: string;
}

@ObjectType({ description: 'A family of the d8 family table.' })
export class CoeacFamilyInfo {
  @Out.int('Its d8 face.')
  roll: number;

  @Out.oneOf('Id.', COEAC_FAMILIES, CoeacFamilyEnum)
  id: string;

  @Out.string('Name.')
  name: string;

  @Out.stringList('The sorcery skills that serve it best.')
  favouredSkills: string[];
}

@ObjectType({ description: 'The COEAC spell catalogue, filtered.' })
export class CoeacSpellList {
  @Out.nestedList('The d8 family table.', () => CoeacFamilyInfo)
  families: CoeacFamilyInfo[];

  @Out.int('Spells matching (on every page).')
  count: number;

  @Out.nestedList('This page of the matching spells, family by family in d8 order.', () => CoeacSpellInfo)
  items: CoeacSpellInfo[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;

  @Out.nestedList(
    'Every matching spell, unpaged. Deprecated: page through `items` with `limit` and `after`.',
    () => CoeacSpellInfo,
    { deprecated: 'Page through `items` with `limit` and `after`.' },
  )
  spells: CoeacSpellInfo[];
}

// ------------------------------------------------------------------ rolls

@ObjectType({ description: 'The exact chance that a roll passes.' })
export class MagicSuccessOdds {
  @Out.number('Probability, in [0, 1].')
  success: number;
}

@ObjectType({ description: 'A pool rolled against an Ob.' })
export class MagicPoolRoll {
  @Out.int('Dice rolled.')
  dice: number;

  @Out.intList('Faces, in order.')
  faces: number[];

  @Out.int('Successes (4–6).')
  successes: number;

  @Out.int('Ob.')
  objective: number;

  @Out.bool('Successes ≥ Ob.')
  passed: boolean;

  @Out.int('Successes − Ob (negative: the margin of failure).')
  margin: number;

  @Out.nested('Exact odds.', () => MagicSuccessOdds)
  odds: MagicSuccessOdds;
}

@ObjectType({ description: 'A value and its exact probability.' })
export class MagicChance {
  @Out.int('The value.')
  value: number;

  @Out.number('Its probability.')
  probability: number;
}

@ObjectType({ description: 'Exact odds of a channeling, before the dice.' })
export class CoeacChannelingOdds {
  @Out.number('P(Potency ≥ Ob): no backlash.')
  noBacklash: number;

  @Out.number('P(zero successes): the mutation save is called.')
  zeroSuccesses: number;

  @Out.nestedList('P(Potency = n) for every n with a chance above zero.', () => MagicChance)
  potency: MagicChance[];
}

@ObjectType({ description: 'The named spell, in short.' })
export class CoeacSpellRef {
  @Out.string('Id.')
  id: string;

  @Out.string('Name.')
  name: string;

  @Out.string('Sorcery skill.')
  skill: string;

  @Out.int('The spell’s own Ob.')
  objective: number;
}

@ObjectType({ description: 'Where the channeling’s dice came from.' })
export class MagicDiceSource {
  @Out.string('pool, bonusDice, empower, materialDice, ritual.hp, ritual.cash or penaltyDice (negative).')
  source: string;

  @Out.int('Dice (negative for a penalty).')
  dice: number;
}

@ObjectType({ description: 'Backlash: Potency under the Ob.' })
export class CoeacBacklash {
  @Out.bool('Potency < Ob.')
  happened: boolean;

  @Out.int('Damage to the caster: the margin of failure.')
  damage: number;

  @Out.bool('The spell is lost until a long rest (backlash, or a binding).')
  plasmidLost: boolean;
}

@ObjectType({ description: 'The Ob 5 Vigor save zero successes call for.' })
export class CoeacMutationSave {
  @Out.string('Vigor.')
  save: string;

  @Out.int('5.')
  objective: number;

  @Out.bool('Rolled (the Vigor pool was known).')
  rolled: boolean;

  @Out.nested('The save, when rolled.', () => MagicPoolRoll, { nullable: true })
  roll: MagicPoolRoll | null;

  @Out.bool('The caster mutates (the referee’s mutation table); null when not rolled.', { nullable: true })
  mutation: boolean | null;
}

@ObjectType({ description: 'How long the spell lasts.' })
export class CoeacDuration {
  @Out.oneOf('Unit.', COEAC_DURATION_UNITS, CoeacDurationEnum)
  unit: string;

  @Out.int('Units (= Potency); null for instant and special.', { nullable: true })
  amount: number | null;
}

@ObjectType({ description: 'An arcane ceremony’s price and dice.' })
export class CoeacRitual {
  @Out.int('HP self-inflicted.')
  hp: number;

  @Out.int('Cash dice sacrificed.')
  cash: number;

  @Out.int('Bonus dice from both.')
  bonusDice: number;
}

@ObjectType({ description: 'Bound energy: release it once, either way.' })
export class CoeacBound {
  @Out.int('Damage it blocks when expelled (1).')
  blockDamage: number;

  @Out.int('Bonus dice it adds to one test (the spell’s Ob), all at once.')
  bonusDice: number;
}

@ObjectType({ description: 'A wand’s secondary effect.' })
export class CoeacWand {
  @Out.bool('The secondary effect applies if the Fell Blast hits.')
  secondaryEffectOnHit: boolean;
}

@ObjectType({ description: 'A spell’s own roll at this Potency.' })
export class CoeacSubRollResult {
  @Out.string('Id within the spell.')
  id: string;

  @Out.oneOf('Kind.', SUB_ROLL_KINDS, SubRollKindEnum)
  kind: string;

  @Out.string('What it decides.')
  label: string;

  @Out.int('Sides of the die rolled.')
  sides: number;

  @Out.intList('Faces.')
  faces: number[];

  @Out.bool('chance: it happened.', { nullable: true })
  happened: boolean | null;

  @Out.string('table: the entry rolled.', { nullable: true })
  entry: string | null;

  @Out.int('damage: the successes, i.e. the damage before any save.', { nullable: true })
  damage: number | null;

  @Out.number('chance: P(happens); table: each entry’s chance; damage: expected damage.')
  probability: number;
}

@ObjectType({ description: 'A catastrophe (d6).' })
export class CoeacCatastropheEntry {
  @Out.int('The d6.')
  roll: number;

  @Out.string('Stable id.')
  id: string;

  @Out.string('What happens, in our words.')
  effect: string;
}

@ObjectType({ description: 'The channeling as a defence.' })
export class CoeacDefence {
  @Out.int('The attacker’s successes.')
  attackerSuccesses: number;

  @Out.int('Damage the caster takes (0 when the channeling held).')
  damageTaken: number;

  @Out.nested('The Discipline save (Ob = damage), when the pool was sent.', () => MagicPoolRoll, {
    nullable: true,
  })
  discipline: MagicPoolRoll | null;

  @Out.nested('The catastrophe a failed save brings.', () => CoeacCatastropheEntry, { nullable: true })
  catastrophe: CoeacCatastropheEntry | null;
}

@ObjectType({ description: 'A COEAC channeling (without its provenance, as inside another roll).' })
export class CoeacChanneling {
  @Out.nested('The catalogue spell, when named.', () => CoeacSpellRef, { nullable: true })
  spell: CoeacSpellRef | null;

  @Out.string('The skill channeled (the reversed skill when reversed).', { nullable: true })
  skill: string | null;

  @Out.int('The Ob Potency must reach.')
  objective: number;

  @Out.int('Control spent (1, +1 for a wand).')
  controlSpent: number;

  @Out.oneOf('Time taken: a round, or a turn (ritual or binding).', TAKES, TakesEnum)
  takes: string;

  @Out.int('Dice rolled.')
  dice: number;

  @Out.nestedList('Where the dice came from.', () => MagicDiceSource)
  diceFrom: MagicDiceSource[];

  @Out.intList('Faces of the channeling.')
  faces: number[];

  @Out.int('Potency = successes.')
  potency: number;

  @Out.nested('Backlash.', () => CoeacBacklash)
  backlash: CoeacBacklash;

  @Out.nested('The mutation save zero successes call for.', () => CoeacMutationSave, { nullable: true })
  mutationSave: CoeacMutationSave | null;

  @Out.string('The spell’s own danger on zero successes.', { nullable: true })
  zeroSuccessRisk: string | null;

  @Out.bool('The effect happens in the world (false when bound).')
  takesEffect: boolean;

  @Out.nested('Duration.', () => CoeacDuration)
  duration: CoeacDuration;

  @Out.int('Ob of a target’s save against the spell: the Potency.')
  saveObjective: number;

  @Out.nested('The ceremony, when cast as one.', () => CoeacRitual, { nullable: true })
  ritual: CoeacRitual | null;

  @Out.nested('The bound energy, when bound.', () => CoeacBound, { nullable: true })
  bound: CoeacBound | null;

  @Out.nested('The wand, when used.', () => CoeacWand, { nullable: true })
  wand: CoeacWand | null;

  @Out.nestedList('The spell’s own rolls.', () => CoeacSubRollResult)
  subRolls: CoeacSubRollResult[];

  @Out.nested('The channeling as a defence.', () => CoeacDefence, { nullable: true })
  defence: CoeacDefence | null;

  @Out.nested('Exact odds.', () => CoeacChannelingOdds)
  odds: CoeacChannelingOdds;
}

@ObjectType({ description: 'A COEAC channeling.' })
export class CoeacChannelingResult extends CoeacChanneling {
  @Out.string('The seed: send it again with the same inputs to get the same dice.')
  seed: string;

  @Out.string('The generator and its version ("<algorithm>@<version>").')
  rng: string;

  @Out.id('The roll-log id in a campaign; null for a stateless roll (nothing is logged).', { nullable: true })
  rollId: string | null;
}

@ObjectType({ description: 'A counterspell (without its provenance).' })
export class CoeacCounterspellOutcome {
  @Out.int('Control spent (1).')
  controlSpent: number;

  @Out.int('Ob = the Potency + 1.')
  objective: number;

  @Out.nested('The Arcane Lore roll.', () => MagicPoolRoll)
  roll: MagicPoolRoll;

  @Out.bool('The spell fails to take effect.')
  countered: boolean;

  @Out.int('Damage to the counterspeller: the margin of failure.')
  damage: number;
}

@ObjectType({ description: 'A counterspell.' })
export class CoeacCounterspellResult extends CoeacCounterspellOutcome {
  @Out.string('The seed: send it again with the same inputs to get the same dice.')
  seed: string;

  @Out.string('The generator and its version ("<algorithm>@<version>").')
  rng: string;

  @Out.id('The roll-log id in a campaign; null for a stateless roll (nothing is logged).', { nullable: true })
  rollId: string | null;
}

@ObjectType({ description: 'Spell Mastery of a wild plasmid.' })
export class CoeacSpellMasteryResult extends MagicProvenance {
  @Out.nested('The blind cast.', () => CoeacChanneling)
  blindCast: CoeacChanneling;

  @Out.nested('The mastery check (Ob + 1).', () => MagicPoolRoll)
  mastery: MagicPoolRoll;

  @Out.bool('The spell is learned.')
  learned: boolean;

  @Out.bool('Never learnable by this caster.')
  barredForever: boolean;

  @Out.bool('A Down and Out check is due.')
  downAndOutCheck: boolean;
}

@ObjectType({ description: 'Exact odds of a catastrophe roll.' })
export class CoeacCatastropheOdds {
  @Out.number('P(a catastrophe happens).')
  catastrophe: number;

  @Out.number('P(each given result).')
  eachResult: number;
}

@ObjectType({ description: 'Catastrophe 5: another held spell, drawn by lot, goes off.' })
export class CoeacWildCast {
  @Out.string('The catalogue id of the spell drawn.')
  spell: string;

  @Out.int('The lot (1 to `of`).')
  lot: number;

  @Out.int('How many held spells were in the lot.')
  of: number;

  @Out.nested('Its channeling, rolled on its own skill pool.', () => CoeacChanneling)
  channeling: CoeacChanneling;
}

@ObjectType({ description: 'A catastrophe’s own numbers, rolled for the caster.' })
export class CoeacCatastropheConsequences {
  @Out.bool('Result 1: the caster mutates.')
  mutation: boolean;

  @Out.nested('Result 2: the caster’s Ob 4 Vigor save, when vigorPool was sent.', () => MagicPoolRoll, {
    nullable: true,
  })
  vigorSave: MagicPoolRoll | null;

  @Out.bool('Result 2: the caster vomits blood (null when the save was not rolled).', { nullable: true })
  vomitingBlood: boolean | null;

  @Out.nested(
    'Result 3: the Ob 4 Discipline save for half, when disciplinePool was sent.',
    () => MagicPoolRoll,
    {
      nullable: true,
    },
  )
  waveSave: MagicPoolRoll | null;

  @Out.int('Result 3: damage dice rolled (6, or 3 after a passed save).', { nullable: true })
  waveDice: number | null;

  @Out.intList('Result 3: their faces.', { nullable: true })
  waveFaces: number[] | null;

  @Out.int('Result 3: the damage to the caster (successes).', { nullable: true })
  waveDamage: number | null;

  @Out.nested('Result 5: the wild cast, when heldSpells were sent.', () => CoeacWildCast, { nullable: true })
  wildCast: CoeacWildCast | null;

  @Out.string('What the referee still settles.')
  note: string;
}

@ObjectType({ description: 'A spell catastrophe.' })
export class CoeacCatastropheResult extends MagicProvenance {
  @Out.nested('The Discipline save, when damage was sent.', () => MagicPoolRoll, { nullable: true })
  discipline: MagicPoolRoll | null;

  @Out.bool('A catastrophe happens.')
  happened: boolean;

  @Out.nested('The d6 result.', () => CoeacCatastropheEntry, { nullable: true })
  catastrophe: CoeacCatastropheEntry | null;

  @Out.nested('Exact odds.', () => CoeacCatastropheOdds)
  odds: CoeacCatastropheOdds;

  @Out.nested(
    'The entry’s own numbers for the caster; null when no catastrophe happens.',
    () => CoeacCatastropheConsequences,
    {
      nullable: true,
    },
  )
  consequences: CoeacCatastropheConsequences | null;
}

@ObjectType({ description: 'Exact odds of a random spell.' })
export class CoeacRandomSpellOdds {
  @Out.number('P(this spell).')
  thisSpell: number;
}

@ObjectType({ description: 'A random COEAC spell.' })
export class CoeacRandomSpellResult extends MagicProvenance {
  @Out.int('The d8 (null when the family was named).', { nullable: true })
  familyRoll: number | null;

  @Out.int('The d10.')
  spellRoll: number;

  @Out.nested('The spell.', () => CoeacSpellInfo)
  spell: CoeacSpellInfo;

  @Out.nested('Exact odds.', () => CoeacRandomSpellOdds)
  odds: CoeacRandomSpellOdds;
}

// ------------------------------------------------------------------ in a campaign

@ObjectType({ description: 'A tracked value changed by the cast, as written to the condition ledger.' })
export class CoeacSheetChange {
  @Out.string('The tracked path (hp, bonusHp, classResources.Control.current, …).')
  field: string;

  @Out.int('Signed change.')
  delta: number;

  @Out.int('Value after.')
  after: number;
}

@ObjectType({ description: 'What the cast cost and did to the caster.' })
export class CoeacCastCosts {
  @Out.int('Control spent.')
  control: number;

  @Out.int('Empower points spent.')
  empower: number;

  @Out.int('Empower from the implement or orb activated (0 without one).')
  implementEmpower: number;

  @Out.int('HP self-inflicted in the ceremony.')
  ritualHp: number;

  @Out.int('Cash dice sacrificed in the ceremony (Cash ledger).')
  ritualCash: number;

  @Out.int('Backlash damage taken (bonus HP first).')
  backlashDamage: number;

  @Out.bool('HP reached 0: a Down and Out check is due.')
  downAndOut: boolean;
}

@ObjectType({ description: 'A stored character’s channeling.' })
export class CoeacCastResult {
  @Out.id('The caster.')
  characterId: string;

  @Out.string('The sheet skill rolled.')
  skill: string;

  @Out.int('Its rating (the pool is 2 + rating).')
  rating: number;

  @Out.nested('The channeling.', () => CoeacChanneling)
  channeling: CoeacChanneling;

  @Out.nested('What it cost.', () => CoeacCastCosts)
  costs: CoeacCastCosts;

  @Out.nestedList('Every tracked value changed, in ledger order.', () => CoeacSheetChange)
  changes: CoeacSheetChange[];

  @Out.nestedList(SPELL_EVENTS, () => EngineEventResult)
  events: EngineEventResult[];

  @Out.id('The roll of the live instance of this spell that the cast ended, if any.', { nullable: true })
  replacedRollId: string | null;

  @Out.string('For the referee when the caster mutates (the mutation table is the referee’s).', {
    nullable: true,
  })
  mutationNote: string | null;

  @Out.nested(
    'The draw on the campaign’s mutation table (magic settings) when the caster mutates; null without a table, or when the draw is sealed for the caller’s key (a referee-only table).',
    () => TableDrawResult,
    { nullable: true },
  )
  mutationDraw: TableDrawResult | null;

  @Out.id('The roll-log id of the mutation table draw (its own roll, sealed as the table is).', {
    nullable: true,
  })
  mutationRollId: string | null;

  @Out.string('The seed.')
  seed: string;

  @Out.string('The generator.')
  rng: string;

  @Out.id('The roll-log id.')
  rollId: string;
}

@ObjectType({ description: 'A campaign’s magic settings.' })
export class MagicSettings {
  @Out.id('The referee table a COEAC mutation is rolled on (null: the cast carries a note instead).', {
    nullable: true,
  })
  mutationTableId: string | null;
}

@ObjectType({ description: 'A spell a character has live or bound.' })
export class CoeacSpellInstance {
  @Out.string('The spell id.')
  spellId: string;

  @Out.bool('Held bound rather than live in the world.')
  bound: boolean;

  @Out.int('Its Potency.')
  potency: number;

  @Out.int('Its Ob (a bound spell gives +Ob dice).')
  objective: number;

  @Out.id('The channeling roll.')
  rollId: string;
}

@ObjectType({ description: 'The spells a character has live, and the one it holds bound.' })
export class CoeacSpellInstanceList {
  @Out.nestedList('This page of the live and bound spells, oldest first.', () => CoeacSpellInstance)
  items: CoeacSpellInstance[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;

  @Out.nestedList(
    'Every live and bound spell, unpaged. Deprecated: page through `items` with `limit` and `after`.',
    () => CoeacSpellInstance,
    { deprecated: 'Page through `items` with `limit` and `after`.' },
  )
  instances: CoeacSpellInstance[];
}

@ObjectType({ description: 'A bound spell released.' })
export class CoeacReleaseResult {
  @Out.string('The spell released.')
  spellId: string;

  @Out.string('block or dice.')
  use: string;

  @Out.int('Damage blocked (block).')
  blocked: number;

  @Out.int('Damage that got through and was applied to the sheet (block).')
  damageTaken: number;

  @Out.int('Bonus dice for one test (dice): the spell’s Ob.')
  bonusDice: number;

  @Out.nestedList('Tracked values changed.', () => CoeacSheetChange)
  changes: CoeacSheetChange[];

  @Out.nestedList(SPELL_EVENTS, () => EngineEventResult)
  events: EngineEventResult[];

  @Out.id('The release’s roll (magic.coeac.bound-release.v1) when a blow got through; null otherwise.', {
    nullable: true,
  })
  rollId: string | null;
}

@ObjectType({ description: 'A counterspell against a logged channeling.' })
export class CoeacCampaignCounterspellResult {
  @Out.id('The counterspeller.')
  characterId: string;

  @Out.id('The channeling countered (or not).')
  targetRollId: string;

  @Out.nested('The counterspell.', () => CoeacCounterspellOutcome)
  counterspell: CoeacCounterspellOutcome;

  @Out.nestedList('Tracked values changed (Control, damage).', () => CoeacSheetChange)
  changes: CoeacSheetChange[];

  @Out.nestedList(SPELL_EVENTS, () => EngineEventResult)
  events: EngineEventResult[];

  @Out.string('The seed.')
  seed: string;

  @Out.string('The generator.')
  rng: string;

  @Out.id('The roll-log id.')
  rollId: string;
}

@ObjectType({ description: 'Spell Mastery by a stored COEAC character (one roll, then the harm it calls).' })
export class CoeacCampaignSpellMasteryResult {
  @Out.id('The caster.')
  characterId: string;

  @Out.string('The sheet skill rolled.')
  skill: string;

  @Out.int('Its rating (the pool is 2 + rating).')
  rating: number;

  @Out.nested(
    'The blind cast and the mastery check, as the stateless procedure answers them.',
    () => CoeacSpellMasteryResult,
  )
  mastery: CoeacSpellMasteryResult;

  @Out.bool('The spell is learned: a class resource named by the spell (1 a day) is on the sheet.')
  learned: boolean;

  @Out.bool('The spell is barred for ever (the sheet’s barredSpells).')
  barred: boolean;

  @Out.int('Control spent.')
  control: number;

  @Out.int('Backlash damage of the blind cast, taken through the harm transition.')
  backlashDamage: number;

  @Out.id(
    'The roll that took the backlash’s harm: the mastery’s own (magic.coeac.spell-mastery.v3, issue 39); null without backlash.',
    { nullable: true },
  )
  backlashRollId: string | null;

  @Out.json(
    'The Down and Out check a failure calls (the harm transition’s answer: state, stateBefore, detail, steps, conditionsAdded, brokenItemIds, rollId); null on a success. Its rollId is the mastery’s own roll (magic.coeac.spell-mastery.v3 draws the check in that roll, issue 39).',
    { nullable: true },
  )
  downAndOut: Record<string, unknown> | null;

  @Out.string('The harm state after.')
  state: string;

  @Out.nestedList('Every tracked value changed, in ledger order.', () => CoeacSheetChange)
  changes: CoeacSheetChange[];

  @Out.nestedList(SPELL_EVENTS, () => EngineEventResult)
  events: EngineEventResult[];

  @Out.string('For the referee when the caster mutates (the blind cast’s mutation save failed).', {
    nullable: true,
  })
  mutationNote: string | null;

  @Out.string('The seed.')
  seed: string;

  @Out.string('The generator.')
  rng: string;

  @Out.id(
    'The roll-log id (magic.coeac.spell-mastery.v3): the mastery, its backlash and a failure’s Down and Out check.',
  )
  rollId: string;
}

@ObjectType({
  description:
    'A spell catastrophe suffered by a stored COEAC caster: the trigger save and d6 rolled from the sheet, then its own numbers applied (the wave’s damage and the wild cast’s backlash through the harm transition, the mutation drawn on the campaign’s table, the wild cast made live).',
})
export class CoeacCampaignCatastropheResult extends CoeacCatastropheResult {
  @Out.id('The caster.')
  characterId: string;

  @Out.nestedList('Tracked values changed (HP, the wild cast’s lost plasmid).', () => CoeacSheetChange)
  changes: CoeacSheetChange[];

  @Out.nestedList(SPELL_EVENTS, () => EngineEventResult)
  events: EngineEventResult[];

  @Out.string('What the referee still owes, or what the mutation draw says.', { nullable: true })
  mutationNote: string | null;

  @Out.nested(
    'The draw on the campaign’s mutation table for result 1; null without a table, or when sealed for the caller’s key.',
    () => TableDrawResult,
    { nullable: true },
  )
  mutationDraw: TableDrawResult | null;

  @Out.id('The roll-log id of the mutation draw.', { nullable: true })
  mutationRollId: string | null;

  @Out.id('The live spell instance the wild cast made (result 5), replacing that spell’s earlier one.', {
    nullable: true,
  })
  wildCastInstanceRollId: string | null;
}
