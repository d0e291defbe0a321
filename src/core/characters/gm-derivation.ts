import { RuleError } from '../errors';
import { fieldPath, invalid, optionalWholeNumber, record, wholeNumber } from '../checks/validate';

/**
 * Gods & Monsters character derivation (seed 001, "Creating a character", the Toromeen example and
 * "Level advancement"): contributors, the six reactions, survival, verve, mojo, defense, attack and
 * damage bonuses, from six ability scores and an archetype. Pure: no dice are rolled here (the
 * d10s of later levels are reported as dice still to roll). See docs/characters-builder.md.
 */

export type GmAbility = 'strength' | 'agility' | 'endurance' | 'intelligence' | 'wisdom' | 'charisma';
export type GmAbilities = Record<GmAbility, number>;

export const GM_ABILITIES: readonly GmAbility[] = [
  'strength',
  'agility',
  'endurance',
  'intelligence',
  'wisdom',
  'charisma',
];

export type GmReaction = 'health' | 'fortitude' | 'willpower' | 'evasion' | 'reason' | 'perception';
export type GmReactions = Record<GmReaction, number>;

export const GM_REACTIONS: readonly GmReaction[] = [
  'health',
  'fortitude',
  'willpower',
  'evasion',
  'reason',
  'perception',
];

/**
 * Which ability is the major and which the minor contributor of each reaction (seed 001, the
 * Toromeen reactions table, 001:362–368: the only place the documents give the pairing).
 */
export const GM_REACTION_ABILITIES: Readonly<Record<GmReaction, { major: GmAbility; minor: GmAbility }>> = {
  health: { major: 'endurance', minor: 'strength' },
  fortitude: { major: 'strength', minor: 'endurance' },
  willpower: { major: 'wisdom', minor: 'charisma' },
  evasion: { major: 'agility', minor: 'intelligence' },
  reason: { major: 'intelligence', minor: 'wisdom' },
  perception: { major: 'charisma', minor: 'agility' },
};

/**
 * The contributor table: the major contributor of a score is the `major` of the first band whose
 * `upTo` is at least the score (scores below the first band take its value); past the last band it
 * rises by `perPointAbove` for each point. The minor contributor is the major halved toward zero.
 */
export interface GmContributorTable {
  readonly bands: readonly { readonly upTo: number; readonly major: number }[];
  readonly perPointAbove: number;
}

/**
 * Our default (SPEC 6.1): the seeds use the table but never print it; this one reproduces every
 * value they give (Toromeen: 8 → −1, 10 → 0, 12 → +1, 15 → +2, 18 → +4; the bow: 12–14 → +1,
 * 15–16 → +2). A campaign may replace it.
 */
export const DEFAULT_GM_CONTRIBUTORS: GmContributorTable = {
  bands: [
    { upTo: 2, major: -4 },
    { upTo: 3, major: -3 },
    { upTo: 5, major: -2 },
    { upTo: 8, major: -1 },
    { upTo: 11, major: 0 },
    { upTo: 14, major: 1 },
    { upTo: 16, major: 2 },
    { upTo: 17, major: 3 },
    { upTo: 18, major: 4 },
  ],
  perPointAbove: 1,
};

/** The highest ability score we accept (keeps every sum exact; no real character comes near). */
export const MAX_GM_SCORE = 1000;

/** The major contributor of an ability score. */
export function majorContributor(score: number, table: GmContributorTable = DEFAULT_GM_CONTRIBUTORS): number {
  const bands = table.bands;
  for (const band of bands) if (score <= band.upTo) return band.major;
  const last = bands[bands.length - 1];
  return last.major + (score - last.upTo) * table.perPointAbove;
}

/** The minor contributor: the major halved, rounded toward zero. */
export function minorContributor(score: number, table: GmContributorTable = DEFAULT_GM_CONTRIBUTORS): number {
  const half = Math.trunc(majorContributor(score, table) / 2);
  return half === 0 ? 0 : half; // never −0
}

export type GmArchetypeId = 'warrior' | 'thief' | 'sorceror' | 'prophet' | 'monk';

/** One row of the archetype table (seed 001, "Level advancement", 001:426–431). */
export interface GmArchetype {
  readonly id: GmArchetypeId;
  readonly name: string;
  readonly archetypalAbility: GmAbility;
  readonly archetypalReaction: GmReaction;
  readonly verveContributor: GmAbility;
  /** The Fighting Art bonus rises by one every `fightingArtEvery` levels (warriors: every level). */
  readonly fightingArtEvery: number;
}

/**
 * The archetype table. The seed's header says "every even level" for thieves, prophets and monks
 * and its prose says "at second level, and every two levels thereafter": the same schedule. The
 * seed spells "sorceror"; we keep its spelling.
 */
export const GM_ARCHETYPES: Readonly<Record<GmArchetypeId, GmArchetype>> = {
  warrior: {
    id: 'warrior',
    name: 'Warrior',
    archetypalAbility: 'strength',
    archetypalReaction: 'fortitude',
    verveContributor: 'intelligence',
    fightingArtEvery: 1,
  },
  thief: {
    id: 'thief',
    name: 'Thief',
    archetypalAbility: 'agility',
    archetypalReaction: 'evasion',
    verveContributor: 'wisdom',
    fightingArtEvery: 2,
  },
  sorceror: {
    id: 'sorceror',
    name: 'Sorceror',
    archetypalAbility: 'intelligence',
    archetypalReaction: 'reason',
    verveContributor: 'charisma',
    fightingArtEvery: 3,
  },
  prophet: {
    id: 'prophet',
    name: 'Prophet',
    archetypalAbility: 'wisdom',
    archetypalReaction: 'willpower',
    verveContributor: 'strength',
    fightingArtEvery: 2,
  },
  monk: {
    id: 'monk',
    name: 'Monk',
    archetypalAbility: 'charisma',
    archetypalReaction: 'perception',
    verveContributor: 'endurance',
    fightingArtEvery: 2,
  },
};

export const GM_ARCHETYPE_IDS = Object.keys(GM_ARCHETYPES) as GmArchetypeId[];

/** The highest level we derive for (the seed's table stops at 10; the rules go on). */
export const MAX_GM_LEVEL = 100;

/** Referee data the seeds leave to species and specialties (the "special" column of the reactions). */
export interface GmSpecials {
  /** Special contributors to each reaction (a dwarf's +2 health, say). */
  reactions?: Partial<Record<GmReaction, number>>;
  /** The species' base Movement (a dwarf's 8); without it Movement is not derived. */
  baseMovement?: number;
}

/** One archetype of a character and its level (a sheet's `archetypes`). */
export interface GmArchetypeLevel {
  archetype: string;
  level: number;
}

export interface GmDerivationInput {
  abilities: GmAbilities;
  /** The archetype (one archetype); leave it out when `archetypes` is sent. */
  archetype?: string;
  /** Archetype level; 1 by default. */
  level?: number;
  /** Several archetypes through a specialty (001:447, 503–505); replaces `archetype` and `level`. */
  archetypes?: readonly GmArchetypeLevel[];
  specials?: GmSpecials;
  contributors?: GmContributorTable;
}

export interface GmContributorPair {
  major: number;
  minor: number;
}

/** How one reaction was reached, term by term, as in the seed's reactions table. */
export interface GmReactionParts {
  base: number;
  major: { ability: GmAbility; value: number };
  minor: { ability: GmAbility; value: number };
  /** +level for the archetypal reaction, +1 per even level for the others. */
  level: number;
  special: number;
  total: number;
}

/** Dice a character still rolls on reaching its level (d10 each, plus a modifier per die). */
export interface GmLevelDice {
  dice: number;
  sides: 10;
  modifierPerDie: number;
}

/** One archetype of the character with its level and the Fighting Art bonus it gives. */
export interface GmArchetypeShare {
  archetype: GmArchetypeId;
  level: number;
  fightingArt: number;
}

export interface GmDerivation {
  /** The (first listed) archetype. */
  archetype: GmArchetype;
  /** The character's (overall) level: the sum of its archetype levels. */
  level: number;
  /** Each archetype with its level (one entry for a single archetype). */
  archetypes: GmArchetypeShare[];
  /** The archetype whose archetypal ability gives the verve modifier: the highest level's. */
  verveArchetype: GmArchetypeId;
  contributors: Record<GmAbility, GmContributorPair>;
  reactions: GmReactions;
  reactionParts: Record<GmReaction, GmReactionParts>;
  /** First-level survival: 5 + endurance (major). */
  survival: number;
  /** First-level verve: 5 + archetypal ability (minor) + verve contributor (minor). */
  verve: number;
  /** First-level mojo: 12 + strength (major). */
  mojo: number;
  /** Defense from agility (minor, our reading), before armour. */
  defense: number;
  attack: {
    /** Strength (minor). */
    close: number;
    /** Agility (minor, our reading). */
    thrown: number;
    /** Agility (minor, our reading). */
    propelled: number;
  };
  damage: {
    /** Strength (major). */
    close: number;
    /** Strength (minor). */
    thrown: number;
  };
  /** Range increments a thrown weapon goes without an attack penalty: strength (minor), at least 0. */
  thrownRangePenaltyReduction: number;
  /** Species base Movement + strength (minor); null without `specials.baseMovement`. */
  movement: number | null;
  /** The bulk limit of one carried item: the strength score. */
  maxItemBulk: number;
  /** Silver at the start of play: the archetypal ability score. */
  startingSilver: number;
  /** The Fighting Art field bonus at this level (summed over the archetypes, each by its level). */
  fightingArt: number;
  /** What levels 2..level add beyond the first-level values above. */
  advancement: {
    survival: GmLevelDice;
    verve: GmLevelDice;
    /** Mojo gained at levels 2..level (10 + level each). */
    mojo: number;
  };
}

/** The archetype row for an id, or a RuleError naming `field`. */
export function gmArchetype(id: unknown, field = 'archetype'): GmArchetype {
  if (typeof id !== 'string' || !Object.prototype.hasOwnProperty.call(GM_ARCHETYPES, id)) {
    throw new RuleError(
      'INVALID_INPUT',
      `\`${field}\` must be one of ${GM_ARCHETYPE_IDS.join(', ')}.`,
      field,
    );
  }
  return GM_ARCHETYPES[id as GmArchetypeId];
}

/** Checks six scores (whole numbers from 1 to MAX_GM_SCORE) and returns them. */
export function gmAbilities(value: unknown, field = 'abilities'): GmAbilities {
  const source = record(value, field);
  const out = {} as GmAbilities;
  for (const ability of GM_ABILITIES) {
    out[ability] = wholeNumber(source[ability], fieldPath(field, ability), 1, MAX_GM_SCORE);
  }
  return out;
}

export function checkTable(table: GmContributorTable): GmContributorTable {
  const bands = Array.isArray(table?.bands) ? table.bands : [];
  if (bands.length === 0)
    throw invalid('`contributors.bands` needs at least one band.', 'contributors.bands');
  let previous = -Infinity;
  bands.forEach((band, i) => {
    const at = `contributors.bands[${i}]`;
    wholeNumber(band?.upTo, `${at}.upTo`, Number.MIN_SAFE_INTEGER);
    wholeNumber(band?.major, `${at}.major`, -MAX_GM_SCORE);
    if (band.major > MAX_GM_SCORE) throw invalid(`\`${at}.major\` is too large.`, `${at}.major`);
    if (band.upTo <= previous) throw invalid('Bands rise by `upTo`.', `${at}.upTo`);
    previous = band.upTo;
  });
  wholeNumber(table.perPointAbove, 'contributors.perPointAbove', 0, 100);
  return table;
}

/** Derives a G&M character's numbers. Throws a RuleError naming the field at fault. */
export function deriveGm(input: GmDerivationInput): GmDerivation {
  if (input.archetypes !== undefined && input.archetypes !== null) {
    if (input.archetype !== undefined && input.archetype !== null) {
      throw invalid('Send `archetype` (and `level`) or `archetypes`, not both.', 'archetype');
    }
    return deriveGmArchetypes(input, input.archetypes);
  }
  return deriveSingle(input);
}

function deriveSingle(input: GmDerivationInput): GmDerivation {
  const abilities = gmAbilities(input.abilities);
  const archetype = gmArchetype(input.archetype);
  const level = optionalWholeNumber(input.level, 'level', 1, 1, MAX_GM_LEVEL);
  const table = input.contributors === undefined ? DEFAULT_GM_CONTRIBUTORS : checkTable(input.contributors);
  const specials =
    input.specials === undefined || input.specials === null
      ? {}
      : (record(input.specials, 'specials') as GmSpecials);
  const specialReactions =
    specials.reactions === undefined || specials.reactions === null
      ? {}
      : (record(specials.reactions, 'specials.reactions') as Partial<Record<GmReaction, number>>);
  for (const key of Object.keys(specialReactions)) {
    if (!(GM_REACTIONS as readonly string[]).includes(key)) {
      throw invalid(`\`specials.reactions\` takes ${GM_REACTIONS.join(', ')}.`, `specials.reactions.${key}`);
    }
  }
  const baseMovement =
    specials.baseMovement === undefined || specials.baseMovement === null
      ? null
      : wholeNumber(specials.baseMovement, 'specials.baseMovement', 0, MAX_GM_SCORE);

  const contributors = {} as Record<GmAbility, GmContributorPair>;
  for (const ability of GM_ABILITIES) {
    contributors[ability] = {
      major: majorContributor(abilities[ability], table),
      minor: minorContributor(abilities[ability], table),
    };
  }
  const major = (a: GmAbility) => contributors[a].major;
  const minor = (a: GmAbility) => contributors[a].minor;

  const reactions = {} as GmReactions;
  const reactionParts = {} as Record<GmReaction, GmReactionParts>;
  for (const reaction of GM_REACTIONS) {
    const pair = GM_REACTION_ABILITIES[reaction];
    const special = wholeNumber(
      specialReactions[reaction] ?? 0,
      `specials.reactions.${reaction}`,
      -MAX_GM_SCORE,
      MAX_GM_SCORE,
    );
    const levelBonus = reaction === archetype.archetypalReaction ? level : Math.floor(level / 2);
    const parts: GmReactionParts = {
      base: 4,
      major: { ability: pair.major, value: major(pair.major) },
      minor: { ability: pair.minor, value: minor(pair.minor) },
      level: levelBonus,
      special,
      total: 4 + major(pair.major) + minor(pair.minor) + levelBonus + special,
    };
    reactionParts[reaction] = parts;
    reactions[reaction] = parts.total;
  }

  const verveModifier = minor(archetype.archetypalAbility) + minor(archetype.verveContributor);
  let mojoLater = 0;
  for (let l = 2; l <= level; l++) mojoLater += 10 + l;

  return {
    archetype,
    level,
    archetypes: [
      { archetype: archetype.id, level, fightingArt: Math.floor(level / archetype.fightingArtEvery) },
    ],
    verveArchetype: archetype.id,
    contributors,
    reactions,
    reactionParts,
    survival: 5 + major('endurance'),
    verve: 5 + verveModifier,
    mojo: 12 + major('strength'),
    defense: minor('agility'),
    attack: { close: minor('strength'), thrown: minor('agility'), propelled: minor('agility') },
    damage: { close: major('strength'), thrown: minor('strength') },
    thrownRangePenaltyReduction: Math.max(0, minor('strength')),
    movement: baseMovement === null ? null : baseMovement + minor('strength'),
    maxItemBulk: abilities.strength,
    startingSilver: abilities[archetype.archetypalAbility],
    fightingArt: Math.floor(level / archetype.fightingArtEvery),
    advancement: {
      // d10 survival at 3, 5, 7…; d10 verve at 2, 4, 6… (001:473)
      survival: { dice: Math.floor((level - 1) / 2), sides: 10, modifierPerDie: major('endurance') },
      verve: { dice: Math.floor(level / 2), sides: 10, modifierPerDie: verveModifier },
      mojo: mojoLater,
    },
  };
}

/** At most this many archetypes on one character (there are five). */
export const MAX_GM_ARCHETYPES = GM_ARCHETYPE_IDS.length;

/**
 * Several archetypes (001:447, 503–505). Our reading of the seed's rule:
 * - the character's level is the sum of its archetype levels; survival and verve dice, the mojo
 *   gained and everything else that reads "level" use it;
 * - each archetype's own level gives its reaction and Fighting Art bonuses, and they add up: an
 *   archetype of level L gives +L to its archetypal reaction and +⌊L/2⌋ to each other reaction, and
 *   ⌊L / its schedule⌋ to the Fighting Art;
 * - the verve modifier reads the archetype with the highest level; on a tie the one listed first
 *   (the seed: "the new level's archetype", which a client lists first);
 * - starting silver reads the first listed archetype (the one the character began with).
 * One archetype derives exactly as `archetype` and `level` do.
 */
export function deriveGmArchetypes(
  input: Omit<GmDerivationInput, 'archetypes' | 'archetype' | 'level'>,
  list: readonly GmArchetypeLevel[],
): GmDerivation {
  if (!Array.isArray(list) || list.length === 0) {
    throw invalid('`archetypes` needs at least one archetype.', 'archetypes');
  }
  if (list.length > MAX_GM_ARCHETYPES) {
    throw invalid(`\`archetypes\` holds at most ${MAX_GM_ARCHETYPES} archetypes.`, 'archetypes');
  }
  const shares = list.map((entry, i) => {
    const at = `archetypes[${i}]`;
    const row = record(entry, at);
    const archetype = gmArchetype(
      typeof row.archetype === 'string' ? row.archetype.toLowerCase() : row.archetype,
      `${at}.archetype`,
    );
    const level = wholeNumber(row.level, `${at}.level`, 1, MAX_GM_LEVEL);
    return { archetype, level };
  });
  shares.forEach((share, i) => {
    if (shares.findIndex((s) => s.archetype.id === share.archetype.id) !== i) {
      throw invalid('An archetype is listed once.', `archetypes[${i}].archetype`);
    }
  });
  const overall = shares.reduce((sum, s) => sum + s.level, 0);
  if (overall > MAX_GM_LEVEL) {
    throw invalid(`The archetype levels add up to at most ${MAX_GM_LEVEL}.`, 'archetypes');
  }
  if (shares.length === 1) {
    return deriveSingle({ ...{}, ...input, archetype: shares[0].archetype.id, level: shares[0].level });
  }
  let verve = shares[0];
  for (const share of shares) if (share.level > verve.level) verve = share;
  const base = deriveSingle({ ...{}, ...input, archetype: verve.archetype.id, level: overall });
  const reactions = { ...base.reactions };
  const reactionParts = { ...base.reactionParts };
  for (const reaction of GM_REACTIONS) {
    const levelBonus = shares.reduce(
      (sum, s) => sum + (s.archetype.archetypalReaction === reaction ? s.level : Math.floor(s.level / 2)),
      0,
    );
    const parts = base.reactionParts[reaction];
    const total = parts.total - parts.level + levelBonus;
    reactionParts[reaction] = { ...{}, ...parts, level: levelBonus, total };
    reactions[reaction] = total;
  }
  const archetypes = shares.map((s) => ({
    archetype: s.archetype.id,
    level: s.level,
    fightingArt: Math.floor(s.level / s.archetype.fightingArtEvery),
  }));
  return {
    ...{},
    ...base,
    archetype: shares[0].archetype,
    level: overall,
    archetypes,
    verveArchetype: verve.archetype.id,
    reactions,
    reactionParts,
    startingSilver: gmAbilities(input.abilities)[shares[0].archetype.archetypalAbility],
    fightingArt: archetypes.reduce((sum, a) => sum + a.fightingArt, 0),
  };
}
