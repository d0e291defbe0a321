import { EngineEventResult } from '../harm/engine-events.results';
import { ObjectType } from '@nestjs/graphql';
import { Out } from '../common/schema';
import {
  HazardChance,
  HazardModifier,
  HazardProvenance,
  HazardSuccessOdds,
  SheetEffect,
} from './hazard.results';
import { StoredAilmentView, GmStatusView } from './hazard-ailments.results';

/*
 * Answers of the hazards added after the first five. Scalars are typed; the per-step records and
 * odds tables are typed where clients read them field by field, JSON where they are a record of
 * the procedure (documented in docs/hazards.md).
 */

@ObjectType({ description: 'One action time of a G&M ailment.' })
export class AilmentStepResult {
  @Out.int('0 = the contracting roll; n = the n-th action time after it.')
  actionTime: number;

  @Out.string('"contact", "exposed" (inescapable) or "course" (chronic).')
  phase: string;

  @Out.int('The ailment’s strength at that time.')
  strength: number;

  @Out.int('The number the d20 must not exceed; null when no roll is made.', { nullable: true })
  target: number | null;

  @Out.int('The d20.', { nullable: true })
  roll: number | null;

  @Out.bool('Whether the roll passed.', { nullable: true })
  passed: boolean | null;

  @Out.bool('The effect landed.')
  applied: boolean;

  @Out.int('The amount it landed for.')
  amount: number;

  @Out.intList('The effect dice.')
  effectFaces: number[];

  @Out.nested('Exact odds of passing (null without a roll).', () => HazardSuccessOdds, { nullable: true })
  odds: HazardSuccessOdds | null;
}

@ObjectType({ description: 'A G&M action time.' })
export class ActionTimeResult {
  @Out.int('Amount.')
  amount: number;

  @Out.string('"round", "minute", "hour" or "day".')
  unit: string;
}

@ObjectType({ description: 'Exact odds of a G&M ailment.' })
export class GmAilmentOdds {
  @Out.number('Chance the victim succumbs at least once.')
  contract: number;

  @Out.nestedList('Distribution of the number of times the effect lands.', () => HazardChance)
  applications: HazardChance[];
}

@ObjectType({ description: 'A G&M ailment.' })
export class GmAilmentResult extends HazardProvenance {
  @Out.string('The example ailment, or null for a custom one.', { nullable: true })
  ailment: string | null;

  @Out.string('Its name.')
  name: string;

  @Out.string('one-shot, chronic, inescapable or chronic-inescapable.')
  kind: string;

  @Out.int('Strength.')
  strength: number;

  @Out.string('The reaction rolled: health, perception or evasion.')
  reaction: string;

  @Out.nested('The action time: the onset comes after it.', () => ActionTimeResult)
  actionTime: ActionTimeResult;

  @Out.string('What it does.')
  effect: string;

  @Out.stringList('The scores a penalty effect lowers.')
  effectScores: string[];

  @Out.bool('The victim succumbed.')
  contracted: boolean;

  @Out.bool('Still running at the end of what was followed.')
  ongoing: boolean;

  @Out.nestedList('Every action time, in order.', () => AilmentStepResult)
  steps: AilmentStepResult[];

  @Out.intList('Every face in the order rolled.')
  faces: number[];

  @Out.int('Times the effect landed.')
  applications: number;

  @Out.int('The effect’s total (injuries, minutes, or the penalty to each score).')
  total: number;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nestedList('What a campaign would apply to the sheet.', () => SheetEffect)
  effects: SheetEffect[];

  @Out.nested('Exact odds.', () => GmAilmentOdds)
  odds: GmAilmentOdds;
}

@ObjectType({ description: 'G&M aging.' })
export class GmAgingResult extends HazardProvenance {
  @Out.int('First age that costs an injury: 40 + endurance (major contributor).')
  threshold: number;

  @Out.intList('Birthdays in the span that each cost an unhealable injury.')
  ages: number[];

  @Out.int('Unhealable injury points.')
  injuries: number;

  @Out.json('The trade: abilityLoss per injury, and the lowest score it can come from.')
  trade: Record<string, number>;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nestedList('What a campaign would apply to the sheet.', () => SheetEffect)
  effects: SheetEffect[];
}

@ObjectType({ description: 'Phantasmal damage coming back.' })
export class PhantasmalRecovery {
  @Out.int('Survival points back.')
  survivalBack: number;

  @Out.int('Injury points back.')
  injuriesBack: number;

  @Out.int('Survival points kept lost (a tenth, rounded up).')
  survivalKept: number;

  @Out.int('Injury points kept.')
  injuriesKept: number;

  @Out.int('Rounds it takes.')
  rounds: number;
}

@ObjectType({ description: 'Disbelieving a G&M illusion.' })
export class GmIllusionResult extends HazardProvenance {
  @Out.string('perception or willpower.')
  method: string;

  @Out.int('Target.')
  target: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('Passed.')
  passed: boolean;

  @Out.bool('Seen through.')
  disbelieved: boolean;

  @Out.int('Bonus other characters get on perception to disbelieve.')
  allyBonus: number;

  @Out.bool('A willpower roll against something real: its effects are taken without dodge or reaction.')
  acceptsEffects: boolean;

  @Out.nested('What comes back, when it does.', () => PhantasmalRecovery, { nullable: true })
  recovery: PhantasmalRecovery | null;

  @Out.bool('In shock (only a night’s rest or magic ends it).')
  shock: boolean;

  @Out.intList('Faces.')
  faces: number[];

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nestedList('What a campaign would apply to the sheet.', () => SheetEffect)
  effects: SheetEffect[];

  @Out.nested('Exact odds.', () => HazardSuccessOdds)
  odds: HazardSuccessOdds;
}

@ObjectType({ description: 'A G&M item reaction.' })
export class GmItemReactionResult extends HazardProvenance {
  @Out.string('Material.')
  material: string;

  @Out.string('Attack form.')
  attack: string;

  @Out.bool('A roll was made (unprotected item).')
  rolled: boolean;

  @Out.int('Target.', { nullable: true })
  target: number | null;

  @Out.int('The d20.', { nullable: true })
  roll: number | null;

  @Out.bool('Passed.', { nullable: true })
  passed: boolean | null;

  @Out.bool('The item takes damage.')
  damaged: boolean;

  @Out.int('Survival points (weight in pounds).', { nullable: true })
  survival: number | null;

  @Out.int('The thickness bonus.')
  thicknessBonus: number;

  @Out.intList('Faces.')
  faces: number[];

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nested('Exact odds.', () => HazardSuccessOdds)
  odds: HazardSuccessOdds;
}

@ObjectType({ description: 'A G&M speed.' })
export class GmSpeedResult extends HazardProvenance {
  @Out.string('Speed.')
  speed: string;

  @Out.int('Movement after load and darkness.')
  movement: number;

  @Out.int('Yards a minute.')
  yardsPerMinute: number;

  @Out.int('Feet a round.')
  feetPerRound: number;

  @Out.int('Rounds before a ten-minute rest is due.')
  timeBaseRounds: number;

  @Out.int('Reaction penalty while moving so (negative).')
  reactionPenalty: number;

  @Out.int('Bonus attackers get.')
  attackBonus: number;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];
}

@ObjectType({ description: 'One movement health roll.' })
export class MarchRollResult {
  @Out.int('1 for the first.')
  index: number;

  @Out.int('Target.')
  target: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('Passed (a failure is an injury).')
  passed: boolean;

  @Out.nested('Exact odds.', () => HazardSuccessOdds)
  odds: HazardSuccessOdds;
}

@ObjectType({ description: 'Exact odds of a forced march.' })
export class MarchOdds {
  @Out.nestedList('Distribution of injuries.', () => HazardChance)
  injuries: HazardChance[];
}

@ObjectType({ description: 'G&M forced march.' })
export class GmForcedMarchResult extends HazardProvenance {
  @Out.nestedList('The health rolls.', () => MarchRollResult)
  rolls: MarchRollResult[];

  @Out.int('Injury points.')
  injuries: number;

  @Out.intList('Faces.')
  faces: number[];

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nestedList('What a campaign would apply to the sheet.', () => SheetEffect)
  effects: SheetEffect[];

  @Out.nested('Exact odds.', () => MarchOdds)
  odds: MarchOdds;
}

@ObjectType({ description: 'The health rolls of pushed days.' })
export class MarchSummary {
  @Out.nestedList('The health rolls.', () => MarchRollResult)
  rolls: MarchRollResult[];

  @Out.int('Injury points.')
  injuries: number;

  @Out.intList('Faces.')
  faces: number[];

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nestedList('What a campaign would apply to the sheet.', () => SheetEffect)
  effects: SheetEffect[];

  @Out.nested('Exact odds.', () => MarchOdds)
  odds: MarchOdds;
}

@ObjectType({ description: 'G&M daily movement.' })
export class GmDailyMovementResult extends HazardProvenance {
  @Out.int('Movement after load, riding and darkness.')
  movement: number;

  @Out.int('Miles a normal day.')
  milesPerDay: number;

  @Out.int('Miles over the span.')
  miles: number;

  @Out.int('Days.')
  days: number;

  @Out.int('Days of travel after which a rest day is due.')
  restEvery: number;

  @Out.int('Rest days due within the span.')
  restDaysDue: number;

  @Out.nested('Health rolls of pushed days.', () => MarchSummary)
  march: MarchSummary;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nestedList('What a campaign would apply to the sheet.', () => SheetEffect)
  effects: SheetEffect[];
}

@ObjectType({ description: 'A G&M search.' })
export class GmSearchResult extends HazardProvenance {
  @Out.int('Obstacle size.')
  obstacleSize: number;

  @Out.int('Obstacle penalty.')
  obstaclePenalty: number;

  @Out.int('Minutes it takes.')
  minutes: number;

  @Out.int('Target.')
  target: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('Found.')
  passed: boolean;

  @Out.intList('Faces.')
  faces: number[];

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nested('Exact odds.', () => HazardSuccessOdds)
  odds: HazardSuccessOdds;
}

@ObjectType({ description: 'G&M tracking.' })
export class GmTrackingResult extends HazardProvenance {
  @Out.int('Target.')
  target: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('On the trail.')
  passed: boolean;

  @Out.int('Yards per obstacle.')
  obstacleYards: number;

  @Out.int('Obstacle penalty.')
  obstaclePenalty: number;

  @Out.intList('Faces.')
  faces: number[];

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nested('Exact odds.', () => HazardSuccessOdds)
  odds: HazardSuccessOdds;
}

@ObjectType({ description: 'Exact odds of covering tracks.' })
export class CoverTracksOdds {
  @Out.number('Chance of passing.')
  success: number;

  @Out.nestedList('Distribution of the trackers’ penalty.', () => HazardChance)
  trackerPenalty: HazardChance[];
}

@ObjectType({ description: 'Covering one’s tracks.' })
export class GmCoverTracksResult extends HazardProvenance {
  @Out.int('Target.')
  target: number;

  @Out.int('The d20.')
  roll: number;

  @Out.bool('Passed.')
  passed: boolean;

  @Out.int('Penalty the trackers take.')
  trackerPenalty: number;

  @Out.number('Movement is multiplied by this while covering.')
  movementFactor: number;

  @Out.intList('Faces.')
  faces: number[];

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nested('Exact odds.', () => CoverTracksOdds)
  odds: CoverTracksOdds;
}

@ObjectType({ description: 'G&M time in every unit.' })
export class GmTimeResult extends HazardProvenance {
  @Out.int('Seconds.')
  seconds: number;

  @Out.number('Rounds (10 s).')
  rounds: number;

  @Out.number('Minutes.')
  minutes: number;

  @Out.number('Hours.')
  hours: number;

  @Out.number('Days.')
  days: number;
}

@ObjectType({ description: 'A blow against an Archsoul object.' })
export class ArchsoulBlowSummary {
  @Out.int('Rolled damage.')
  damage: number;

  @Out.int('Damage the object takes after hardness.')
  objectDamage: number;

  @Out.bool('Below the hardness: the weapon takes it instead.')
  recoil: boolean;

  @Out.int('Damage to the weapon (less its hardness).')
  weaponDamage: number;

  @Out.int('Hit points an unarmed attacker loses.')
  attackerDamage: number;

  @Out.bool('A blunt blow on rope: nothing.')
  ineffective: boolean;
}

@ObjectType({ description: 'An Archsoul object.' })
export class ArchsoulObjectResult extends HazardProvenance {
  @Out.string('Material.')
  material: string;

  @Out.int('Thickness in cm.')
  thickness: number;

  @Out.int('Hardness.')
  hardness: number;

  @Out.int('Hit points.')
  hitPoints: number;

  @Out.nested('The blow, when damage was sent.', () => ArchsoulBlowSummary, { nullable: true })
  blow: ArchsoulBlowSummary | null;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nestedList('What a campaign would apply to the sheet.', () => SheetEffect)
  effects: SheetEffect[];
}

@ObjectType({ description: 'Exact odds of a damage roll.' })
export class HazardDamageOdds {
  @Out.nestedList('Distribution of the damage.', () => HazardChance)
  damage: HazardChance[];
}

@ObjectType({ description: 'An Archsoul damage roll.' })
export class ArchsoulBlowResult extends HazardProvenance {
  @Out.int('Dice rolled.')
  dice: number;

  @Out.int('Per-die difficulty.')
  difficulty: number;

  @Out.intList('Faces.')
  faces: number[];

  @Out.int('Damage (successes).')
  damage: number;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nested('Exact odds.', () => HazardDamageOdds)
  odds: HazardDamageOdds;
}

@ObjectType({ description: 'One drowning roll.' })
export class DrowningRollResult {
  @Out.int('Turn.')
  turn: number;

  @Out.int('The d6.')
  roll: number;

  @Out.int('Endurance lost.')
  lost: number;

  @Out.int('Endurance after.')
  enduranceAfter: number;
}

@ObjectType({ description: 'Exact odds of drowning.' })
export class BreathOdds {
  @Out.nestedList('Distribution of Endurance lost.', () => HazardChance)
  enduranceLost: HazardChance[];
}

@ObjectType({ description: 'Archsoul breath and drowning.' })
export class ArchsoulBreathResult extends HazardProvenance {
  @Out.int('Seconds of air.')
  airSeconds: number;

  @Out.int('Seconds used.')
  usedSeconds: number;

  @Out.int('Seconds left.')
  remainingSeconds: number;

  @Out.int('Strenuous rounds the remaining air allows.')
  strenuousRoundsLeft: number;

  @Out.bool('Out of air.')
  outOfAir: boolean;

  @Out.intList('Faces.')
  faces: number[];

  @Out.nestedList('Drowning rolls.', () => DrowningRollResult)
  drowning: DrowningRollResult[];

  @Out.int('Endurance after.')
  enduranceAfter: number;

  @Out.bool('Drowned.')
  dead: boolean;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nestedList('What a campaign would apply to the sheet.', () => SheetEffect)
  effects: SheetEffect[];

  @Out.nested('Exact odds.', () => BreathOdds)
  odds: BreathOdds;
}

@ObjectType({ description: 'Archsoul swimming.' })
export class ArchsoulSwimResult extends HazardProvenance {
  @Out.bool('Can swim (not in heavy armour).')
  canSwim: boolean;

  @Out.int('Spaces a round.')
  speed: number;

  @Out.string('Water.')
  water: string;

  @Out.int('Successes needed (0: no roll).')
  target: number;

  @Out.int('Per-die difficulty.', { nullable: true })
  difficulty: number | null;

  @Out.int('Dice.')
  dice: number;

  @Out.intList('Faces.')
  faces: number[];

  @Out.int('Successes.', { nullable: true })
  successes: number | null;

  @Out.bool('Passed.', { nullable: true })
  passed: boolean | null;

  @Out.string('Swimming counts as heavy activity.')
  activity: string;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nested('Exact odds.', () => HazardSuccessOdds)
  odds: HazardSuccessOdds;
}

@ObjectType({ description: 'Archsoul food, water, sleep and rest.' })
export class ArchsoulRestResult extends HazardProvenance {
  @Out.int('Fatigue levels from thirst and hunger.')
  deprivationFatigue: number;

  @Out.bool('Thirsty.')
  thirsty: boolean;

  @Out.bool('Hungry.')
  hungry: boolean;

  @Out.bool('On half water.')
  halfWater: boolean;

  @Out.int('Added to exhaustion-roll difficulty by water.')
  exhaustionDifficulty: number;

  @Out.bool('The sleep counted as a full night.')
  fullNight: boolean;

  @Out.int('Fatigue before.')
  fatigueBefore: number;

  @Out.int('Fatigue after.')
  fatigueAfter: number;

  @Out.int('HP after.', { nullable: true })
  hitPointsAfter: number | null;

  @Out.int('Drain after.', { nullable: true })
  drainAfter: number | null;

  @Out.json('Attribute reductions after, by name.')
  attributeReductionsAfter: Record<string, number>;

  @Out.bool('Disabled after.')
  disabledAfter: boolean;

  @Out.int('Added to Awareness difficulty while asleep.')
  asleepAwarenessDifficulty: number;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nestedList('What a campaign would apply to the sheet.', () => SheetEffect)
  effects: SheetEffect[];
}

@ObjectType({ description: 'Dodging an Archsoul trap.' })
export class ArchsoulTrapResult extends HazardProvenance {
  @Out.bool('Known beforehand.')
  known: boolean;

  @Out.int('Dice.')
  dice: number;

  @Out.int('Per-die difficulty.')
  difficulty: number;

  @Out.int('Successes needed.')
  target: number;

  @Out.intList('Faces.')
  faces: number[];

  @Out.int('Successes.')
  successes: number;

  @Out.bool('Avoided.')
  avoided: boolean;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nested('Exact odds.', () => HazardSuccessOdds)
  odds: HazardSuccessOdds;
}

@ObjectType({ description: 'Archsoul difficult terrain.' })
export class ArchsoulTerrainResult extends HazardProvenance {
  @Out.int('Spaces per move action.')
  spacesPerAction: number;

  @Out.int('Spaces over the actions.')
  spaces: number;

  @Out.bool('Slow moves only.')
  slowOnly: boolean;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];
}

@ObjectType({ description: 'An Archsoul attack underwater.' })
export class ArchsoulUnderwaterAttackResult extends HazardProvenance {
  @Out.bool('The weapon can be used.')
  allowed: boolean;

  @Out.string('Why not.', { nullable: true })
  reason: string | null;

  @Out.int('Damage pool underwater.')
  damagePool: number;

  @Out.int('Added to attack and damage difficulty.')
  difficulty: number;

  @Out.int('Range underwater.', { nullable: true })
  range: number | null;

  @Out.bool('The round is spent holding one’s breath.')
  holdsBreath: boolean;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];
}

@ObjectType({ description: 'Exact odds of drowning from a hit.' })
export class UnderwaterHurtOdds {
  @Out.number('Chance the hit starts drowning.')
  drowning: number;
}

@ObjectType({ description: 'Archsoul: hurt underwater.' })
export class ArchsoulUnderwaterHurtResult extends HazardProvenance {
  @Out.int('Dice.')
  dice: number;

  @Out.int('Per-die difficulty.')
  difficulty: number;

  @Out.intList('Faces.')
  faces: number[];

  @Out.int('Successes.')
  successes: number;

  @Out.bool('Water taken in: drowning begins.')
  drowning: boolean;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nestedList('What a campaign would apply to the sheet.', () => SheetEffect)
  effects: SheetEffect[];

  @Out.nested('Exact odds.', () => UnderwaterHurtOdds)
  odds: UnderwaterHurtOdds;
}

@ObjectType({ description: 'One COEAC encounter check.' })
export class TravelCheckResult {
  @Out.int('Watch (land) or day (water), from 1.')
  index: number;

  @Out.int('Die sides.')
  die: number;

  @Out.int('The roll.')
  roll: number;

  @Out.bool('An encounter or omen.')
  encounter: boolean;
}

@ObjectType({ description: 'Exact odds of COEAC travel.' })
export class TravelOdds {
  @Out.number('Chance per check.')
  encounterPerCheck: number;

  @Out.number('Chance of at least one.')
  atLeastOne: number;
}

@ObjectType({ description: 'COEAC travel.' })
export class CoeacTravelResult extends HazardProvenance {
  @Out.string('land or water.')
  mode: string;

  @Out.int('Hexes.')
  hexes: number;

  @Out.int('Watches (land).')
  watches: number;

  @Out.int('Days.')
  days: number;

  @Out.nestedList('Encounter checks.', () => TravelCheckResult)
  checks: TravelCheckResult[];

  @Out.intList('Faces.')
  faces: number[];

  @Out.int('Encounters.')
  encounters: number;

  @Out.nestedList('Modifiers applied.', () => HazardModifier)
  modifiers: HazardModifier[];

  @Out.nested('Exact odds.', () => TravelOdds)
  odds: TravelOdds;
}

@ObjectType({ description: 'A tracked value the hazard changed through the condition ledger.' })
export class HazardAppliedChange {
  @Out.string('The sheet path.')
  field: string;

  @Out.int('Signed change.')
  delta: number;

  @Out.int('The value after.')
  after: number;
}

@ObjectType({
  description:
    'What the harm transition made of a hazard’s loss (survival, injuries, hit points; a fatal drowning), inside the hazard’s own logged roll (hazard.campaign.v4, or hazard.party.v5 for a party), and the state it left.',
})
export class HazardHarmView {
  @Out.id(
    'The roll-log entry of the harm: the hazard’s own roll (its rollId), which the ledger entries name.',
  )
  rollId: string;

  @Out.string('The harm state before.')
  stateBefore: string;

  @Out.string('The harm state after (unconscious, dying, dead …: decided by the transition).')
  state: string;

  @Out.stringList('What is due later, in words (a consciousness roll, a death timer …).')
  pending: string[];

  @Out.nestedList(
    'What the engine did, in order, each with a sentence to post (issue 42).',
    () => EngineEventResult,
    { optional: true },
  )
  events?: EngineEventResult[];
}

@ObjectType({ description: 'A hazard applied to a stored sheet.' })
export class CampaignHazardResult {
  @Out.string('The sheet’s system.')
  system: string;

  @Out.string('The hazard.')
  hazard: string;

  @Out.id('The character.')
  characterId: string;

  @Out.id('The roll-log entry.')
  rollId: string;

  @Out.string('The seed.')
  seed: string;

  @Out.string('The generator.')
  rng: string;

  @Out.json('The procedure’s answer, exactly as its stateless route gives it.')
  outcome: Record<string, unknown>;

  @Out.nestedList('Tracked values changed, through the condition ledger.', () => HazardAppliedChange)
  applied: HazardAppliedChange[];

  @Out.nested(
    'The harm the loss did, through the system’s transition; null when the hazard harmed nothing.',
    () => HazardHarmView,
    {
      nullable: true,
    },
  )
  harm: HazardHarmView | null;

  @Out.stringList('Statuses the hazard gives (G&M ones are kept on the sheet: keptStatuses).')
  statuses: string[];

  @Out.nested(
    'A G&M chronic ailment still running, now kept on the sheet; null otherwise.',
    () => StoredAilmentView,
    {
      nullable: true,
    },
  )
  ailment: StoredAilmentView | null;

  @Out.nestedList(
    'G&M: the statuses the sheet keeps after the hazard (docs/hazards.md, Statuses); [] on Archsoul.',
    () => GmStatusView,
  )
  keptStatuses: GmStatusView[];
}
