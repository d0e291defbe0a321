import { NEXT_CURSOR } from '../common/pagination';
import { ObjectType } from '@nestjs/graphql';
import { ConditionEntry, SheetAnswer } from '../characters/characters.results';
import { Out } from '../common/schema';
import { HarmStep } from './harm.results';
import { EngineEventResult } from './engine-events.results';

@ObjectType({ description: 'A change made to a stored sheet, by the sheet’s path.' })
export class SheetHarmChange {
  @Out.string('The sheet path (hp, str.current, armor.blockUses, saves.Vigor …).')
  path: string;

  @Out.int('The change applied.')
  delta: number;

  @Out.string(
    'ledger (a tracked value, with its ledger entry) or base (a Save or Skill of a Down and Out lot).',
  )
  via: string;
}

@ObjectType({ isAbstract: true })
export abstract class SheetHarmBase {
  @Out.string('character or npc.')
  ownerKind: string;

  @Out.id('The character or NPC.')
  ownerId: string;

  @Out.string('The sheet’s system.')
  system: string;

  @Out.string(
    'The harm state before: up, down-and-out, critical, out, paralysed, delirious, unconscious, semi-conscious, dying, dead.',
  )
  stateBefore: string;

  @Out.string('The harm state now (kept on the sheet as harm.state).')
  state: string;

  @Out.nestedList('The steps taken, in order, each with the exact odds of its dice.', () => HarmStep)
  steps: HarmStep[];

  @Out.nestedList('What changed on the sheet.', () => SheetHarmChange)
  changes: SheetHarmChange[];

  @Out.nestedList(
    'The condition-ledger entries written (one per tracked value changed).',
    () => ConditionEntry,
  )
  entries: ConditionEntry[];

  @Out.json('Exact odds of what the dice decided, by procedure.')
  odds: Record<string, unknown>;

  @Out.json('What each stateless procedure answered (cairnDamage, downAndOut, gmDeathRoll …).')
  detail: Record<string, unknown>;

  @Out.intList('Every face rolled, in order.')
  faces: number[];

  @Out.string('The seed.')
  seed: string;

  @Out.string('The generator and its version.')
  rng: string;

  @Out.id('The logged roll (harm.sheet-damage or harm.sheet-rest), which replays it.')
  rollId: string;

  @Out.nested('The sheet after.', () => SheetAnswer)
  sheet: SheetAnswer;
}

@ObjectType({ description: 'Damage applied to a stored sheet and everything that followed.' })
export class SheetDamageResult extends SheetHarmBase {
  @Out.nestedList(
    'What the engine did, in order, each with a sentence to post (issue 39, 42).',
    () => EngineEventResult,
    { optional: true },
  )
  events?: EngineEventResult[];

  @Out.int('The damage dealt (rolled when a die was sent), before anything absorbed it.')
  damage: number;

  @Out.string('Cairn: the scar gained, by name.', { nullable: true })
  scar: string | null;

  @Out.stringList('Conditions gained (doomed, awaiting-aid …).')
  conditionsAdded: string[];

  @Out.stringList('Inventory items marked broken (COEAC Broken Gear), by id.')
  brokenItemIds: string[];

  @Out.stringList('Rolls and effects due later, in words (deferred scar rolls, a death timer, waking).')
  pending: string[];
}

@ObjectType({ description: 'A Monster Menu cut eaten (or kept) by a character, applied to its COEAC sheet.' })
export class SheetEatingResult extends SheetHarmBase {
  @Out.string('The cut: meat, viscera, bones or heart.')
  cut: string;

  @Out.bool('Kept for later: whether it kept (null when eaten).', { nullable: true })
  preserved: boolean | null;
}

@ObjectType({ description: 'A rest or healing applied to a stored sheet.' })
export class SheetRestResult extends SheetHarmBase {
  @Out.nestedList(
    'What the engine did, in order, each with a sentence to post (issue 39, 42).',
    () => EngineEventResult,
    { optional: true },
  )
  events?: EngineEventResult[];

  @Out.string('The rest.')
  kind: string;

  @Out.bool('Whether the rest restored anything (no Rations, Deprived or dead: false).')
  rested: boolean;

  @Out.json('COEAC: the Rations eaten and their depletion check (null when none).', { nullable: true })
  rations: Record<string, unknown> | null;

  @Out.int('Cairn: Fatigue items removed from the inventory.')
  fatigueCleared: number;

  @Out.json('The clock’s advance, when the rest took time and the clock moved (null otherwise).', {
    nullable: true,
  })
  clock: Record<string, unknown> | null;
}

@ObjectType({ description: 'A rest taken by every character on the roster.' })
export class PartyRestResult {
  @Out.nestedList('One rest per character with a sheet in the system.', () => SheetRestResult)
  rests: SheetRestResult[];

  @Out.json('The clock’s advance, once for the party (null when it did not move).', { nullable: true })
  clock: Record<string, unknown> | null;
}

@ObjectType({ description: 'The COEAC end-of-session check for the party.' })
export class EndOfSessionCheckResult {
  @Out.bool('Whether the party was away from a haven (no checks when it was not).')
  awayFromHaven: boolean;

  @Out.nestedList(
    'One Down and Out check per COEAC character on the roster (all with a sheet when none is set).',
    () => SheetDamageResult,
  )
  checks: SheetDamageResult[];
}

@ObjectType({ description: 'Cairn deprivation applied to a character.' })
export class CairnDeprivationApplied {
  @Out.id('The character.')
  characterId: string;

  @Out.int('Fatigue gained (items added to the inventory).')
  fatigue: number;

  @Out.stringList('Ids of the Fatigue items added.')
  fatigueItemIds: string[];

  @Out.stringList('Ids of the items dropped to make room.')
  dropped: string[];

  @Out.nestedList('The steps taken.', () => HarmStep)
  steps: HarmStep[];

  @Out.id('The logged roll (harm.sheet-deprivation; no dice, for the feed and the log).')
  rollId: string;

  @Out.nested('The Cairn sheet after (deprived: true).', () => SheetAnswer)
  sheet: SheetAnswer;
}

@ObjectType({ description: 'A position of the campaign clock.' })
export class HarmClockPosition {
  @Out.int('The in-game day, from 1.')
  day: number;

  @Out.string('The watch: morning, afternoon or night.')
  watch: string;

  @Out.int('Exploration turns played in the watch.')
  turn: number;
}

@ObjectType({ description: 'A harm timer running on a sheet (docs/harm.md, Timers).' })
export class HarmTimerView {
  @Out.string('character or npc.')
  ownerKind: string;

  @Out.id('The character or NPC.')
  ownerId: string;

  @Out.string('The sheet’s system.')
  system: string;

  @Out.string(
    'coeac-aid, cairn-critical, cairn-mortal-wound, gm-death, gm-unconscious, archsoul-unconscious, coeac-bonus-hp, gm-temporary-pool or gm-response-delay.',
  )
  kind: string;

  @Out.nested('Where the clock stood when it started.', () => HarmClockPosition, { nullable: true })
  startedAt: HarmClockPosition | null;

  @Out.nested(
    'The clock position at which it runs out (null: the clock does not count it).',
    () => HarmClockPosition,
    {
      nullable: true,
    },
  )
  endsAt: HarmClockPosition | null;

  @Out.int('Rounds, where the rule counts rounds (null otherwise).', { nullable: true })
  rounds: number | null;

  @Out.string(
    'What happens when it runs out: death, wakes, lapses (a pool lost) or responds (a semi-conscious character can respond again).',
  )
  effect: string;
}

@ObjectType({ description: 'A page of the harm timers running on the sheets of a character or an NPC.' })
export class HarmTimerPage {
  @Out.nestedList('The timers, by system.', () => HarmTimerView)
  items: HarmTimerView[];

  @Out.string(NEXT_CURSOR, { nullable: true })
  next: string | null;
}

@ObjectType({ description: 'A harm timer the clock ran out and applied.' })
export class HarmTimerExpiry {
  @Out.string('character or npc.')
  ownerKind: string;

  @Out.id('The character or NPC.')
  ownerId: string;

  @Out.string('The sheet’s system.')
  system: string;

  @Out.string(
    'coeac-aid, cairn-critical, cairn-mortal-wound, gm-death, gm-unconscious, archsoul-unconscious, coeac-bonus-hp, gm-temporary-pool or gm-response-delay.',
  )
  kind: string;

  @Out.nested(
    'The clock position at which it ran out (for rounds: where the clock stood).',
    () => HarmClockPosition,
  )
  endsAt: HarmClockPosition;

  @Out.string(
    'What it did: death, wakes, lapses (a pool lost), responds (the delay to respond is over) or sleeps-on (a G&M roll to awaken failed: another period unconscious).',
  )
  effect: string;

  @Out.string('The harm state now: dead, up, or as it was (lapses, responds, sleeps-on).')
  state: string;

  @Out.id(
    'The logged entry: harm.timer-expired (no dice), or harm.gm-awaken for gm-unconscious (the roll to awaken).',
  )
  rollId: string;

  @Out.nestedList(
    'What the engine did, in order (issue 39: the system’s transition decided it), each with a sentence to post; the same events are on the logged roll and the live feed.',
    () => EngineEventResult,
  )
  events: EngineEventResult[];
}

@ObjectType({ description: 'A G&M temporary survival pool granted or removed.' })
export class SheetTemporaryPoolResult extends SheetHarmBase {
  @Out.int('The pool now (temporarySurvival).')
  pool: number;

  @Out.string('What granted it (null when removed or unnamed).', { nullable: true })
  source: string | null;

  @Out.json('Its gm-temporary-pool timer (null: until the referee removes it).', { nullable: true })
  timer: Record<string, unknown> | null;
}

@ObjectType({ description: 'The willpower roll a semi-conscious character makes to respond (000:196).' })
export class SemiConsciousWillpower {
  @Out.int('The sheet’s willpower reaction.')
  score: number;

  @Out.int('The injury penalty (001:601).')
  injuries: number;

  @Out.int('The number to roll at or under (willpower − injuries).')
  target: number;

  @Out.int('The d20 rolled.')
  roll: number;

  @Out.bool('Whether the character can respond at once.')
  passed: boolean;
}

@ObjectType({ description: 'An unconscious G&M character made semi-conscious for 1 mojo.' })
export class SheetSemiConsciousResult extends SheetHarmBase {
  @Out.int('Mojo left.')
  mojoLeft: number;

  @Out.nested(
    'The willpower roll to respond (null when the sheet derives no willpower: the referee’s). Its exact odds are in odds.willpower.',
    () => SemiConsciousWillpower,
    { nullable: true },
  )
  willpower: SemiConsciousWillpower | null;

  @Out.bool('Whether it can react and reply at once (null without a willpower roll).', { nullable: true })
  responds: boolean | null;

  @Out.int(
    'On a failed willpower roll: the d4 rounds before it can react or reply (the gm-response-delay timer); else null.',
    { nullable: true },
  )
  delayRounds: number | null;
}

@ObjectType({ description: 'One contributor’s mojo to a heroic last effort.' })
export class HeroicEffortContribution {
  @Out.id('The contributing character.')
  characterId: string;

  @Out.int('Mojo spent.')
  mojo: number;
}

@ObjectType({ description: 'An improvement a contributor’s share of a heroic last effort could win (MJ7).' })
export class HeroicImprovementResult {
  @Out.id('The contributor.')
  characterId: string;

  @Out.string('field, new-field, skill, technique or weapon-skill.')
  kind: string;

  @Out.string('The field, skill or technique.')
  subject: string;

  @Out.int('Its price in mojo.')
  cost: number;

  @Out.string('The price’s rule, in words.')
  rule: string;

  @Out.int('The mojo compared with the price: all of the effort’s (0 for a contributor who offered none).')
  mojoCounted: number;

  @Out.bool('The mojo reached the price: the contributor gains it.')
  gained: boolean;
}

@ObjectType({ description: 'A dying G&M character’s heroic last effort; the character dies at its end.' })
export class SheetHeroicEffortResult extends SheetHarmBase {
  @Out.nestedList(
    'What the effort did, in order (issue 44): last-effort (the roll against its target), the mojo the dying character spent, its death, the timers ended; the same events are on the logged roll and the live feed.',
    () => EngineEventResult,
  )
  events: EngineEventResult[];

  @Out.string('The ability or reaction rolled.')
  rating: string;

  @Out.int('The number to roll at or under (score + level + mojo + bonus − penalty).')
  target: number;

  @Out.int('The d20 rolled.')
  roll: number;

  @Out.bool('Whether the effort succeeded.')
  passed: boolean;

  @Out.int('All the mojo contributed (a bonus on the roll).')
  mojo: number;

  @Out.int('Experience each contributor gained (50 a mojo, for all of it).')
  experienceEach: number;

  @Out.nestedList('The mojo each contributor spent.', () => HeroicEffortContribution)
  contributions: HeroicEffortContribution[];

  @Out.json('Each contributor’s experience award (with any level-ups), by character id.')
  experience: Record<string, unknown>;

  @Out.nestedList(
    'MJ7: each named improvement, its price and whether all the effort’s mojo reached it (gained).',
    () => HeroicImprovementResult,
  )
  improvements: HeroicImprovementResult[];
}

@ObjectType({ description: 'Aid given to a dying Cairn character (harm.sheet-aid, no dice).' })
export class SheetAidResult extends SheetHarmBase {
  @Out.nestedList(
    'What the aid did, in order (issue 44): aided (who gave it, how), the conditions, the new state, the timers stopped; the same events are on the logged roll and the live feed.',
    () => EngineEventResult,
  )
  events: EngineEventResult[];

  @Out.string('What the aid answered: critical (stabilised) or mortal-wound (tended).')
  aided: string;

  @Out.id('The character who gave the aid (null: the referee’s call).', { nullable: true })
  aidedBy: string | null;

  @Out.stringList('Conditions the aid added (stabilised, tended).')
  conditionsAdded: string[];

  @Out.stringList('Conditions the aid removed (dying).')
  conditionsRemoved: string[];
}

@ObjectType({ description: 'A Knocked Down Archsoul character stood up (harm.archsoul-stand-up, no dice).' })
export class ArchsoulStandUpResult extends SheetHarmBase {
  @Out.int('Action points the rise costs.')
  actionPoints: number;

  @Out.stringList('The sheet’s statuses after (Knocked Down gone).')
  statuses: string[];
}
