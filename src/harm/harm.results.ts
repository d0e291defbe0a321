import { ObjectType } from '@nestjs/graphql';
import { NEXT_CURSOR } from '../common/pagination';
import { Out } from '../common/schema';

/* Every harm answer names its steps (with the exact odds of any dice they rolled) and the change to
   each tracked field, so a campaign service can apply them to a stored sheet. */

@ObjectType({ description: 'One step of a harm or recovery procedure.' })
export class HarmStep {
  @Out.string('A stable kebab-case id (armor, hp, scar, critical-save, death-roll …).')
  name: string;

  @Out.string('What happened, in words.')
  detail: string;

  @Out.intList('The faces this step rolled, in order.')
  faces: number[];

  @Out.json('Exact chances of this step’s results (null when no dice decided it).', { nullable: true })
  odds: Record<string, number> | null;
}

@ObjectType({ description: 'A change to one tracked value of a sheet.' })
export class FieldChange {
  @Out.string(
    'The field: hp, bonusHp, maxHp, str, dex, wil, maxDex, maxWil, fatigue, blockUses, boons, survival, verve, injuries, temporary, save:<name>, skill:<name>, item:<name>.',
  )
  field: string;

  @Out.int('The change (negative for a loss).')
  delta: number;

  @Out.int('The value after, when the request carried it.', { nullable: true })
  after: number | null;
}

@ObjectType({ isAbstract: true })
export abstract class HarmProvenance {
  @Out.intList('Every face rolled, in order.')
  faces: number[];

  @Out.string('The seed: the same inputs with it give the same dice.')
  seed: string;

  @Out.string('The generator and its version.')
  rng: string;

  @Out.nestedList('The steps taken, in order.', () => HarmStep)
  steps: HarmStep[];
}

@ObjectType({ isAbstract: true })
export abstract class HarmChanges extends HarmProvenance {
  @Out.nestedList('The change to each tracked field to apply now.', () => FieldChange)
  changes: FieldChange[];
}

// Cairn

@ObjectType({ description: 'A follow-up roll of a scar.' })
export class ScarFollowUp {
  @Out.string('location, limb, attribute, max-hp, max-dex, max-wil, str, dex, wil or wil-save.')
  name: string;

  @Out.string('The dice (d6, 2d6, 3d6, d20, d4).')
  roll: string;

  @Out.intList('The faces rolled.')
  faces: number[];

  @Out.int('Their total.')
  total: number;

  @Out.string('When it takes effect: now, after-rest, once-mended, after-recovery, next-critical-save.')
  timing: string;

  @Out.string('The result in words.')
  result: string;

  @Out.nested(
    'The change it makes at `timing` (null when none or the sheet value was not sent).',
    () => FieldChange,
    {
      nullable: true,
    },
  )
  change: FieldChange | null;

  @Out.json('Exact chances of its results.')
  odds: Record<string, number>;
}

@ObjectType({ description: 'A Cairn scar.' })
export class CairnScar {
  @Out.int('The entry: HP lost by the blow (1–12).')
  entry: number;

  @Out.string('The table’s name for it.')
  name: string;

  @Out.string('What it does, in our words.')
  effect: string;

  @Out.stringList('Conditions it sets (deprived, out-of-action, dying, doomed …).')
  conditions: string[];

  @Out.nestedList('Its follow-up rolls, made now, each marked with when it applies.', () => ScarFollowUp)
  followUps: ScarFollowUp[];
}

@ObjectType({ description: 'A Cairn scar as reference data.' })
export class CairnScarEntry {
  @Out.int('HP lost (1–12).')
  entry: number;

  @Out.string('Name.')
  name: string;

  @Out.string('What it does, in our words.')
  effect: string;

  @Out.stringList('Conditions it sets.')
  conditions: string[];
}

@ObjectType({ description: 'The Cairn scars table.' })
export class CairnScarList {
  @Out.nestedList('The twelve entries.', () => CairnScarEntry)
  items: CairnScarEntry[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

@ObjectType({ description: 'The exact chance a STR save passes.' })
export class SavePassOdds {
  @Out.number('Chance to pass.')
  pass: number;
}

@ObjectType({ description: 'The critical-damage STR save at the new STR.' })
export class CairnCriticalSave {
  @Out.int('The new STR, saved against.')
  target: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('Passed: still in the fight.')
  passed: boolean;

  @Out.string('always-passes (1) or always-fails (20), else null.', { nullable: true })
  automatic: string | null;

  @Out.nested('Exact odds.', () => SavePassOdds)
  odds: SavePassOdds;
}

@ObjectType({ description: 'Exact chances of what the blow can do.' })
export class CairnDamageOdds {
  @Out.numberList('P(damage = i) for i = 1 … sides when a die was rolled.', { nullable: true })
  damage: number[] | null;

  @Out.number('Chance the blow leaves HP at exactly 0 (a scar).')
  scar: number;

  @Out.number('Chance damage reaches STR.')
  strDamage: number;

  @Out.number('Chance of critical damage (a failed save or STR 0).')
  critical: number;

  @Out.number('Chance of death.')
  dead: number;
}

@ObjectType({ description: 'Cairn damage and what follows.' })
export class CairnDamageResult extends HarmChanges {
  @Out.int('Damage rolled or given, before Armor.')
  damage: number;

  @Out.int('Armor applied (at most 3).')
  armor: number;

  @Out.int('Damage after Armor.')
  dealt: number;

  @Out.int('HP after.')
  hp: number;

  @Out.int('STR after.')
  str: number;

  @Out.int('DEX after (null when not sent).', { nullable: true })
  dex: number | null;

  @Out.int('WIL after (null when not sent).', { nullable: true })
  wil: number | null;

  @Out.int('Damage past 0 HP, sent to STR.')
  overflow: number;

  @Out.int('STR lost.')
  strLost: number;

  @Out.nested('The scar, when the blow left HP at exactly 0.', () => CairnScar, { nullable: true })
  scar: CairnScar | null;

  @Out.nested('The critical-damage save, when damage reached STR.', () => CairnCriticalSave, {
    nullable: true,
  })
  criticalSave: CairnCriticalSave | null;

  @Out.string('up, out (a Mortal Wound), critical, dead, paralysed or delirious.')
  state: string;

  @Out.stringList('Conditions the blow set.')
  conditions: string[];

  @Out.nested('Exact odds.', () => CairnDamageOdds)
  odds: CairnDamageOdds;
}

@ObjectType({ description: 'What a Cairn rest restores.' })
export class CairnRestResult {
  @Out.string('The rest.')
  kind: string;

  @Out.int('HP after.')
  hp: number;

  @Out.int('Fatigue after.')
  fatigue: number;

  @Out.int('STR after (null when not sent).', { nullable: true })
  str: number | null;

  @Out.int('DEX after (null when not sent).', { nullable: true })
  dex: number | null;

  @Out.int('WIL after (null when not sent).', { nullable: true })
  wil: number | null;

  @Out.bool('Deprived: nothing came back.')
  blocked: boolean;

  @Out.nestedList('Steps.', () => HarmStep)
  steps: HarmStep[];

  @Out.nestedList('Changes to apply.', () => FieldChange)
  changes: FieldChange[];
}

@ObjectType({ description: 'Fatigue from deprivation.' })
export class CairnDeprivationResult {
  @Out.int('Fatigue to add.')
  fatigue: number;

  @Out.int('Items to drop for lack of slots (null when freeSlots was not sent).', { nullable: true })
  itemsToDrop: number | null;

  @Out.nestedList('Steps.', () => HarmStep)
  steps: HarmStep[];

  @Out.nestedList('Changes to apply.', () => FieldChange)
  changes: FieldChange[];
}

// COEAC

@ObjectType({ description: 'What a COEAC blow takes from each pool.' })
export class CoeacDamageResult {
  @Out.int('Damage.')
  damage: number;

  @Out.int('Points the Block took (its whole value is spent).')
  blocked: number;

  @Out.int('Block uses left today (null when no Block was sent).', { nullable: true })
  blockUsesLeft: number | null;

  @Out.int('Bonus HP lost.')
  bonusHpLost: number;

  @Out.int('Bonus HP after.')
  bonusHp: number;

  @Out.int('HP lost.')
  hpLost: number;

  @Out.int('HP after.')
  hp: number;

  @Out.int('Damage no pool could take.')
  excess: number;

  @Out.bool('This blow took HP to 0.')
  downAndOut: boolean;

  @Out.int('Down and Out table rolls this blow calls for.')
  downAndOutChecks: number;

  @Out.nestedList('Steps.', () => HarmStep)
  steps: HarmStep[];

  @Out.nestedList('Changes to apply.', () => FieldChange)
  changes: FieldChange[];
}

@ObjectType({ description: 'A COEAC armour kind.' })
export class CoeacArmorRow {
  @Out.string('light-armor, heavy-armor or shield.')
  kind: string;

  @Out.string('Name.')
  name: string;

  @Out.int('Points one Block takes.')
  block: number;

  @Out.int('Blocks a day.')
  usesPerDay: number;

  @Out.int('Inventory slots.')
  slots: number;

  @Out.int('Penalty dice on endurance, flexibility, balance and climbing tests.')
  penaltyDice: number;

  @Out.string('Where the number is ours.', { nullable: true })
  note: string | null;
}

@ObjectType({ description: 'COEAC armour kinds.' })
export class CoeacArmorList {
  @Out.nestedList('The kinds.', () => CoeacArmorRow)
  items: CoeacArmorRow[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

@ObjectType({ description: 'The Medicine test made as aid.' })
export class MedicineAid {
  @Out.int('Dice rolled.')
  dice: number;

  @Out.intList('Faces.')
  faces: number[];

  @Out.int('Successes.')
  successes: number;

  @Out.bool('Reached Ob 3.')
  passed: boolean;

  @Out.json('Exact odds: { success }.')
  odds: Record<string, number>;
}

@ObjectType({ description: 'A Save, Skill or item chosen by lot.' })
export class DownAndOutLot {
  @Out.string('save, skill, item or artifact-save.')
  kind: string;

  @Out.string('The name chosen.')
  name: string;

  @Out.int('The die rolled.')
  roll: number;

  @Out.number('Chance it was chosen (artifact-save: chance to hold).')
  chance: number;

  @Out.bool('Items: whether it broke.', { nullable: true })
  broken: boolean | null;
}

@ObjectType({ description: 'A COEAC Down and Out check.' })
export class DownAndOutResult extends HarmChanges {
  @Out.nested('The Medicine test, when sent.', () => MedicineAid, { nullable: true })
  aid: MedicineAid | null;

  @Out.int('The 2d6 total (null when unaided).', { nullable: true })
  roll: number | null;

  @Out.string('boon, resilience, trauma, death, broken-gear, lingering-injury, impairment or unaided.')
  result: string;

  @Out.string('The table’s name for it.')
  name: string;

  @Out.string('What it does, in our words.')
  effect: string;

  @Out.bool('The character is dead.')
  dead: boolean;

  @Out.nestedList('Lots drawn.', () => DownAndOutLot)
  lots: DownAndOutLot[];

  @Out.json('Exact chance of each result (and unaided), summing to 1.')
  odds: Record<string, number>;
}

@ObjectType({ description: 'A row of the Down and Out table.' })
export class DownAndOutRow {
  @Out.int('2d6 total.')
  roll: number;

  @Out.string('Result id.')
  result: string;

  @Out.string('Name.')
  name: string;

  @Out.string('What it does, in our words.')
  effect: string;
}

@ObjectType({ description: 'The Down and Out table and its odds.' })
export class DownAndOutTable {
  @Out.nestedList('Rows 2–12.', () => DownAndOutRow)
  items: DownAndOutRow[];

  @Out.json('Exact chance of each result on 2d6.')
  odds: Record<string, number>;
}

@ObjectType({ description: 'What a COEAC rest restores.' })
export class CoeacRestResult {
  @Out.string('short or long.')
  kind: string;

  @Out.bool('Rations were eaten, so the rest counted.')
  rested: boolean;

  @Out.int('HP after.')
  hp: number;

  @Out.int('Class resource points to take back.')
  classResource: number;

  @Out.intList('Block uses per armour item sent, after a long rest.')
  blockUses: number[];

  @Out.bool('Spells, Block and per-day powers come back.')
  dailyReset: boolean;

  @Out.bool('Check the Rations eaten for depletion.')
  rationsDepletionCheck: boolean;

  @Out.nestedList('Steps.', () => HarmStep)
  steps: HarmStep[];

  @Out.nestedList('Changes to apply.', () => FieldChange)
  changes: FieldChange[];
}

@ObjectType({ description: 'Eating (or keeping) a Monster Menu cut.' })
export class CoeacEatingResult extends HarmChanges {
  @Out.string('The cut.')
  cut: string;

  @Out.bool('Keeping only: whether it kept.', { nullable: true })
  preserved: boolean | null;
}

// Archsoul

@ObjectType({ description: 'Exact odds of an Archsoul condition answer.' })
export class ArchsoulConditionOdds {
  @Out.json('P(rounds unconscious = n), when rolled.', { nullable: true })
  unconsciousRounds: Record<string, number> | null;
}

@ObjectType({ description: 'The state Archsoul’s HP thresholds give.' })
export class ArchsoulConditionResult extends HarmChanges {
  @Out.int('HP after the hit.')
  hp: number;

  @Out.int('HP below this is death (−2 × Endurance).')
  deathBelow: number;

  @Out.string('conscious, unconscious or dead.')
  state: string;

  @Out.int('Damage taken (doubled by a coup de grâce).')
  damage: number;

  @Out.int('Rounds unconscious (1d6; 1 more for a coup de grâce on someone already out).', { nullable: true })
  unconsciousRounds: number | null;

  @Out.string('The status the character wakes with.', { nullable: true })
  wakesWith: string | null;

  @Out.nested('Exact odds.', () => ArchsoulConditionOdds)
  odds: ArchsoulConditionOdds;
}

@ObjectType({ description: 'An Archsoul status.' })
export class ArchsoulStatusRow {
  @Out.string('disabled, restrained, disaligned, grappled or knocked-down.')
  status: string;

  @Out.string('Name.')
  name: string;

  @Out.string('What it does, in our words.')
  effect: string;

  @Out.int('Difficulty added to the bearer’s melee attacks.')
  meleeDifficulty: number;

  @Out.int('Speed it leaves, when it sets one.', { nullable: true })
  speed: number | null;
}

@ObjectType({ description: 'The Archsoul statuses.' })
export class ArchsoulStatusList {
  @Out.nestedList('The five statuses.', () => ArchsoulStatusRow)
  items: ArchsoulStatusRow[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

// G&M

@ObjectType({ description: 'A G&M roll under a target.' })
export class GmTargetRoll {
  @Out.int('Target after modifiers.')
  target: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('Passed.')
  passed: boolean;

  @Out.json('Exact odds: { success }.')
  odds: Record<string, number>;
}

@ObjectType({ description: 'G&M damage and what it calls for.' })
export class GmDamageResult extends HarmChanges {
  @Out.int('Damage.')
  damage: number;

  @Out.int('Temporary pool after.')
  temporary: number;

  @Out.int('Verve after.')
  verve: number;

  @Out.int('Survival after.')
  survival: number;

  @Out.int('Injuries after.')
  injuries: number;

  @Out.int('Injuries this blow added.')
  injuriesGained: number;

  @Out.int('Penalty on attack, reaction and ability rolls.')
  injuryPenalty: number;

  @Out.bool('A fortitude or willpower roll at −injuries is due.')
  consciousnessRollDue: boolean;

  @Out.nested('That roll, when `consciousness` was sent.', () => GmTargetRoll, { nullable: true })
  consciousnessRoll: GmTargetRoll | null;

  @Out.int('Minutes unconscious from the end of the round (at least 1).', { nullable: true })
  unconsciousMinutes: number | null;

  @Out.bool('A death roll is due at the end of the round.')
  deathRollDue: boolean;
}

@ObjectType({ description: 'One round of a death roll.' })
export class GmDeathRound {
  @Out.int('The injuries’ d20.')
  injuriesRoll: number;

  @Out.bool('The injuries succeeded.')
  injuriesPassed: boolean;

  @Out.int('The endurance d20.')
  enduranceRoll: number;

  @Out.bool('Endurance held.')
  endurancePassed: boolean;
}

@ObjectType({ description: 'Time left to a dying character.' })
export class GmDeathTimer {
  @Out.int('endurance − injuries (0 or less: time is up).')
  amount: number;

  @Out.string('minutes, or hours while unconscious.')
  unit: string;

  @Out.bool('Time is up: death by the end of the scene, after one heroic last effort if wanted.')
  expired: boolean;
}

@ObjectType({ description: 'Exact odds of a death roll.' })
export class GmDeathOdds {
  @Out.number('Chance the character is dying.')
  dying: number;

  @Out.number('Chance the character is spared.')
  survives: number;

  @Out.number('Chance still undecided after 1,000 double successes.')
  undecided: number;
}

@ObjectType({ description: 'A G&M death roll.' })
export class GmDeathRollResult extends HarmProvenance {
  @Out.int('The injuries’ target (their total).')
  injuriesTarget: number;

  @Out.int('The endurance target after modifiers.')
  enduranceTarget: number;

  @Out.nestedList('Rounds (a double success rolls again).', () => GmDeathRound)
  rounds: GmDeathRound[];

  @Out.bool('The character is dying.')
  dying: boolean;

  @Out.nested('Time left, when dying.', () => GmDeathTimer, { nullable: true })
  timer: GmDeathTimer | null;

  @Out.nested('Exact odds.', () => GmDeathOdds)
  odds: GmDeathOdds;
}

@ObjectType({ description: 'A G&M heroic last effort.' })
export class GmHeroicEffortResult extends HarmProvenance {
  @Out.int('Target: score + level + bonus − penalty (no injury penalty).')
  target: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('Succeeded.')
  passed: boolean;

  @Out.json('Exact odds: { success }.')
  odds: Record<string, number>;
}

@ObjectType({ description: 'G&M healing.' })
export class GmHealingResult extends HarmChanges {
  @Out.string('What healed.')
  kind: string;

  @Out.int('Survival after.')
  survival: number;

  @Out.int('Injuries after.')
  injuries: number;

  @Out.int('Verve after (null when not tracked).', { nullable: true })
  verve: number | null;

  @Out.nested('The night’s health roll.', () => GmTargetRoll, { nullable: true })
  healthRoll: GmTargetRoll | null;

  @Out.bool('No injuries left: a death timer is cancelled.')
  deathCancelled: boolean;
}

@ObjectType({ description: 'Exact figures of an NPC survival roll.' })
export class GmNpcSurvivalOdds {
  @Out.number('Expected survival.')
  expected: number;

  @Out.int('Lowest possible.')
  min: number;

  @Out.int('Highest possible.')
  max: number;

  @Out.json('P(survival = total) for every total.')
  distribution: Record<string, number>;
}

@ObjectType({ description: 'G&M NPC survival and endurance.' })
export class GmNpcSurvivalResult extends HarmProvenance {
  @Out.int('Sides of the survival die (6, or 10 for warriors).')
  die: number;

  @Out.int('Survival rolled.')
  survival: number;

  @Out.int('Endurance (estimated when not sent).')
  endurance: number;

  @Out.bool('Endurance is the 10 + half-level estimate.')
  enduranceEstimated: boolean;

  @Out.nested('Exact figures.', () => GmNpcSurvivalOdds)
  odds: GmNpcSurvivalOdds;
}
