import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import type { Dice } from '../random';
import { HarmLog, sumDistribution, type FieldChange, type HarmStep } from './harm-steps';

export const ARCHSOUL_STATES = ['conscious', 'unconscious', 'dead'] as const;
export type ArchsoulState = (typeof ARCHSOUL_STATES)[number];

export const ARCHSOUL_STATUSES = [
  'disabled',
  'restrained',
  'disaligned',
  'grappled',
  'knocked-down',
] as const;
export type ArchsoulStatus = (typeof ARCHSOUL_STATUSES)[number];

export interface ArchsoulStatusRow {
  status: ArchsoulStatus;
  name: string;
  /** What it does, in our words. */
  effect: string;
  /** Difficulty added to melee attacks made by the one who has it (Knocked Down: +1). */
  meleeDifficulty: number;
  /** Speed it leaves, when it sets one. */
  speed: number | null;
}

/** Archsoul statuses (seed 002, "Status Effects"), in our words. */
export const ARCHSOUL_STATUS_TABLE: readonly ArchsoulStatusRow[] = [
  {
    status: 'disabled',
    name: 'Disabled',
    effect: 'No skill checks and no magic; attackers count the target as unaware.',
    meleeDifficulty: 0,
    speed: null,
  },
  {
    status: 'restrained',
    name: 'Restrained',
    effect: 'No physical actions; an attacker chooses whether to strike the front or the back arc.',
    meleeDifficulty: 0,
    speed: null,
  },
  {
    status: 'disaligned',
    name: 'Disaligned',
    effect: 'Soulpower rolls and soul magic fail.',
    meleeDifficulty: 0,
    speed: null,
  },
  {
    status: 'grappled',
    name: 'Grappled',
    effect:
      'No weapon attacks, movement rituals or ordinary moves and no front arc; other actions need a grapple roll; moving drags the grapplers along.',
    meleeDifficulty: 0,
    speed: null,
  },
  {
    status: 'knocked-down',
    name: 'Knocked Down',
    effect:
      'Speed 1, melee attacks at +1 difficulty, most movement rituals out; standing up costs 1 AP and invites reactive attacks.',
    meleeDifficulty: 1,
    speed: 1,
  },
];

/**
 * What an Archsoul check does, as far as the statuses care (seed 002, "Status Effects"): a melee or a
 * ranged attack roll, an ordinary move, a ritual that needs movement, or another physical action.
 * A check that declares none of these is read as a skill check the statuses leave alone (save
 * Disabled, which stops every check, and Disaligned, which stops Soulpower).
 */
export const ARCHSOUL_CHECK_ACTIONS = [
  'melee-attack',
  'ranged-attack',
  'move',
  'movement-ritual',
  'physical',
] as const;
export type ArchsoulCheckAction = (typeof ARCHSOUL_CHECK_ACTIONS)[number];

/** The actions each status forbids (our reading of 002:82–90, in the order they are checked). */
const FORBIDDEN: ReadonlyArray<{
  status: ArchsoulStatus;
  actions: readonly ArchsoulCheckAction[];
  why: string;
}> = [
  // "No physical actions": every declared action is physical.
  { status: 'restrained', actions: ARCHSOUL_CHECK_ACTIONS, why: 'takes no physical action' },
  // "No weapon attacks, movement rituals or normal moves": a declared attack roll is a weapon attack
  // (a grapple of one's own is the referee's grapple roll, not an attack). The grapple roll other
  // actions need is the referee's call, so a `physical` action is not refused.
  {
    status: 'grappled',
    actions: ['melee-attack', 'ranged-attack', 'move', 'movement-ritual'],
    why: 'makes no weapon attack, movement ritual or ordinary move',
  },
];

/** A status named as referees write it ("Knocked Down", "knocked_down", "knocked-down"), or null. */
export function archsoulStatusNamed(text: string): ArchsoulStatus | null {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return (ARCHSOUL_STATUSES as readonly string[]).includes(key) ? (key as ArchsoulStatus) : null;
}

export interface ArchsoulStatusRuling {
  /** The status that forbids the check (Disabled first, then Disaligned, Restrained, Grappled), or null. */
  refusedBy: ArchsoulStatus | null;
  /** The status and what it forbids, in our words ("Restrained and takes no physical action"), or null. */
  why: string | null;
  /** The refusal comes from the check's declared action (Restrained, Grappled), not from the check itself. */
  byAction: boolean;
  /** Difficulty the statuses add to the check (Knocked Down: +1 on a melee attack), each by status. */
  difficulty: Array<{ status: ArchsoulStatus; difficulty: number }>;
}

/**
 * What the five statuses a character carries do to one check (seed 002, "Status Effects"):
 * `statuses` as the sheet keeps them (any spelling `archsoulStatusNamed` reads; others are ignored),
 * `action` what the check does (null: a skill check), `names` the stats the check rolls.
 */
export function archsoulStatusRuling(
  statuses: readonly string[],
  action: ArchsoulCheckAction | null,
  names: readonly string[],
): ArchsoulStatusRuling {
  const has = new Set(statuses.map(archsoulStatusNamed).filter((s) => s !== null));
  const refused = (status: ArchsoulStatus, why: string, byAction: boolean): ArchsoulStatusRuling => ({
    refusedBy: status,
    why: `${ARCHSOUL_STATUS_TABLE.find((r) => r.status === status)!.name} and ${why}`,
    byAction,
    difficulty: [],
  });
  if (has.has('disabled')) return refused('disabled', 'makes no skill checks', false);
  if (has.has('disaligned') && names.some((n) => n.toLowerCase() === 'soulpower'))
    return refused('disaligned', 'fails every Soulpower roll', false);
  for (const rule of FORBIDDEN) {
    if (action !== null && has.has(rule.status) && rule.actions.includes(action))
      return refused(rule.status, rule.why, true);
  }
  const difficulty: ArchsoulStatusRuling['difficulty'] = [];
  if (action === 'melee-attack') {
    for (const row of ARCHSOUL_STATUS_TABLE) {
      if (row.meleeDifficulty !== 0 && has.has(row.status))
        difficulty.push({ status: row.status, difficulty: row.meleeDifficulty });
    }
  }
  return { refusedBy: null, why: null, byAction: false, difficulty };
}

export interface ArchsoulConditionInput {
  hp: number;
  endurance: number;
  /** Damage rolled by a hit, applied before the thresholds are read. */
  damage?: number | null;
  /** The attack aimed only at a restrained, disabled or unconscious target: damage doubles. */
  coupDeGrace?: boolean | null;
  /** The target was already unconscious (a coup de grâce keeps it out one more round). */
  unconscious?: boolean | null;
}

export interface ArchsoulConditionOutcome {
  hp: number;
  /** HP below this is death: −2 × Endurance. */
  deathBelow: number;
  state: ArchsoulState;
  /** Damage taken after doubling. */
  damage: number;
  /** Rounds unconscious when this answer knocks the character out (1d6), or the extra round of a coup de grâce. */
  unconsciousRounds: number | null;
  /** The status the character wakes with. */
  wakesWith: ArchsoulStatus | null;
  faces: number[];
  steps: HarmStep[];
  changes: FieldChange[];
  odds: { unconsciousRounds: Record<string, number> | null };
}

/** The state Archsoul's HP thresholds give (seed 002, "Death"): ≤ 0 unconscious, below −2 × Endurance dead. */
export function archsoulState(hp: number, endurance: number): ArchsoulState {
  if (hp < -2 * endurance) return 'dead';
  if (hp <= 0) return 'unconscious';
  return 'conscious';
}

/**
 * Archsoul harm (seed 002, "Death", "Coup de Grâce", "Status Effects"): applies a hit (doubled by a
 * coup de grâce), reads the thresholds, and when the character falls unconscious rolls 1d6 rounds
 * (our reading of "a single dice"), after which it wakes Disabled. A coup de grâce on someone already
 * unconscious adds one round.
 */
export function archsoulCondition(input: ArchsoulConditionInput, dice: Dice): ArchsoulConditionOutcome {
  const body = record(input, 'input');
  const hp = wholeNumber(body.hp, 'hp', -100_000, 100_000);
  const endurance = wholeNumber(body.endurance, 'endurance', 0, 100);
  const rolled = optionalWholeNumber(body.damage, 'damage', 0, 0, 100_000);
  const coup = optionalFlag(body.coupDeGrace, 'coupDeGrace');
  const wasOut = optionalFlag(body.unconscious, 'unconscious');
  if (coup && rolled === 0 && body.damage === undefined)
    throw invalid('A coup de grâce needs the `damage` rolled.', 'damage');
  const log = new HarmLog();
  const start = dice.faces.length;
  const damage = coup ? rolled * 2 : rolled;
  if (coup) log.step('coup-de-grace', `Coup de grâce: ${rolled} doubled to ${damage}`);
  const after = hp - damage;
  if (damage > 0) {
    log.step('hp', `HP ${hp} → ${after}`);
    log.change('hp', -damage, after);
  }
  const state = archsoulState(after, endurance);
  log.step('threshold', `HP ${after}, death below ${-2 * endurance}: ${state}`);
  let unconsciousRounds: number | null = null;
  let wakesWith: ArchsoulStatus | null = null;
  let oddsRounds: Record<string, number> | null = null;
  if (state === 'unconscious' && !wasOut) {
    const faces = dice.pool(1, 6, 'hp');
    unconsciousRounds = faces[0];
    oddsRounds = sumDistribution(1, 6);
    wakesWith = 'disabled';
    log.step('unconscious', `Out for ${faces[0]} rounds (1d6), then Disabled`, faces, oddsRounds);
  } else if (state === 'unconscious' && coup && damage > 0) {
    unconsciousRounds = 1;
    wakesWith = 'disabled';
    log.step('unconscious', 'The coup de grâce keeps the target out one more round.');
  }
  return {
    hp: after,
    deathBelow: -2 * endurance,
    state,
    damage,
    unconsciousRounds,
    wakesWith,
    faces: dice.faces.slice(start),
    steps: log.steps,
    changes: log.changes,
    odds: { unconsciousRounds: oddsRounds },
  };
}

export interface ArchsoulStandUpOutcome {
  /** The sheet's statuses after: Knocked Down gone, the others as they were. */
  statuses: string[];
  /** Action points the rise costs (002:82–90). */
  actionPoints: number;
  steps: HarmStep[];
  faces: number[];
}

/**
 * A Knocked Down Archsoul character stands up (002:82–90, AS-26): Knocked Down leaves its statuses
 * (however it was spelt), at the cost of 1 action point; rising invites reactive attacks, which are
 * the table's (the seed's attacks of opportunity are not modelled). Restrained takes no physical
 * action, so it cannot rise. No dice.
 */
export function archsoulStandUp(input: { statuses: string[] }): ArchsoulStandUpOutcome {
  const body = record(input, 'input');
  if (!Array.isArray(body.statuses) || body.statuses.some((x) => typeof x !== 'string'))
    throw invalid('`statuses` is a list of names.', 'statuses');
  const statuses = body.statuses as string[];
  const named = statuses.map((x) => archsoulStatusNamed(x));
  if (!named.includes('knocked-down')) throw invalid('The character is not Knocked Down.', 'characterId');
  if (named.includes('restrained'))
    throw invalid('Restrained takes no physical action: it cannot stand up.', 'characterId');
  return {
    statuses: statuses.filter((_, i) => named[i] !== 'knocked-down'),
    actionPoints: 1,
    steps: [
      {
        name: 'stand-up',
        detail: 'Standing up costs 1 AP: no longer Knocked Down (speed back; foes in reach may react).',
        faces: [],
        odds: null,
      },
    ],
    faces: [],
  };
}
