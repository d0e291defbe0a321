import { RuleError } from '../errors';
import type { Dice } from '../random';
import { invalid, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { formulaDistribution } from '../encounters/referee-table';
import { COEAC_COSTS, type CoeacCostEntry } from '../wealth/coeac-costs';

/**
 * Followers, hirelings and animals as NPC sheets (COEAC seed 003, "Followers, Hirelings, and Animal
 * Companions", 003:910–942, and "Hirelings, Followers, and Pack Animals", 003:809–813; Cairn seed
 * 004, "Hirelings", 004:49–53). Pure and stateless: a campaign's NPC service stores what these
 * return. Readings are in docs/characters-builder.md.
 */

export type NpcKind = 'hireling' | 'follower' | 'animal';

/** COEAC: what an NPC is described by (003:912): Pool, Role and HP; tests roll the Pool as it is. */
export interface CoeacNpcSheet {
  pool: number;
  hp: number;
  maxHp: number;
  role: string;
  /** Inventory slots of gear it carries for its employer or leader (003:811–813). */
  carrierSlots: number;
}

export interface CoeacNpc {
  kind: NpcKind;
  name: string | null;
  /** Whether it makes morale checks, and how (see `moraleRule`). */
  morale: MoraleRule;
  sheets: { coeac: CoeacNpcSheet };
  /** For a hireling bought from the Cost table: the line and its Cost. */
  hire: { item: string; cost: number; note: string | null } | null;
}

/** Gear slots a person carries (003:811): porters and every other human hireling or follower. */
export const PERSON_CARRIER_SLOTS = 3;
/** Gear slots a pack animal carries (003:813). */
export const PACK_ANIMAL_CARRIER_SLOTS = 6;

/** The Cost-table lines that hire a person. */
export const COEAC_HIRELINGS: readonly CoeacCostEntry[] = COEAC_COSTS.filter(
  (line) => line.hireling !== null,
);

const NAME_MAX = 100;

function optionalName(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length === 0 || value.length > NAME_MAX) {
    throw invalid(`\`${field}\` is 1 to ${NAME_MAX} characters.`, field);
  }
  return value;
}

/**
 * A COEAC hireling from its line of the Cost table (matched case-insensitively), e.g. a Porter:
 * Pool 2, 2 HP, carrying 3 slots. The role is the line's name unless one is given.
 */
export function coeacHireling(input: { item: string; name?: string; role?: string }): CoeacNpc {
  const body = record(input, 'input');
  if (typeof body.item !== 'string') throw invalid('`item` names a hireling line of the Cost table.', 'item');
  const wanted = body.item.trim().toLowerCase();
  const line = COEAC_HIRELINGS.find((entry) => entry.item.toLowerCase() === wanted);
  if (!line || !line.hireling) {
    throw new RuleError(
      'INVALID_INPUT',
      `\`item\` is one of: ${COEAC_HIRELINGS.map((entry) => entry.item).join(', ')}.`,
      'item',
    );
  }
  return {
    kind: 'hireling',
    name: optionalName(body.name, 'name'),
    morale: moraleRule('hireling'),
    sheets: {
      coeac: {
        pool: line.hireling.pool,
        hp: line.hireling.hp,
        maxHp: line.hireling.hp,
        role: optionalName(body.role, 'role') ?? line.item,
        carrierSlots: PERSON_CARRIER_SLOTS,
      },
    },
    hire: { item: line.item, cost: line.cost, note: line.note },
  };
}

export type FollowerSource = 'feat' | 'fiction';
export type AnimalTraining = 'untrained' | 'trained' | 'companion' | 'familiar';

/**
 * A COEAC follower or animal: the referee gives its Pool, HP and Role (the seed prints no table for
 * them). Human followers carry 3 slots, pack animals 6 (`packAnimal`), other animals none.
 */
export function coeacFollower(input: {
  kind: 'follower' | 'animal';
  pool: number;
  hp: number;
  role: string;
  name?: string;
  training?: AnimalTraining;
  packAnimal?: boolean;
}): CoeacNpc {
  const body = record(input, 'input');
  if (body.kind !== 'follower' && body.kind !== 'animal')
    throw invalid('`kind` is follower or animal.', 'kind');
  const kind = body.kind;
  const pool = wholeNumber(body.pool, 'pool', 0, 1000);
  const hp = wholeNumber(body.hp, 'hp', 1, 1000);
  const role = optionalName(body.role, 'role');
  if (role === null) throw invalid('`role` is 1 to 100 characters.', 'role');
  let training: AnimalTraining | null = null;
  if (kind === 'animal') {
    const t = body.training ?? 'trained';
    if (!['untrained', 'trained', 'companion', 'familiar'].includes(t as string)) {
      throw invalid('`training` is untrained, trained, companion or familiar.', 'training');
    }
    training = t as AnimalTraining;
  } else if (body.training !== undefined && body.training !== null) {
    throw invalid('`training` is for animals.', 'training');
  }
  if (body.packAnimal !== undefined && body.packAnimal !== null && typeof body.packAnimal !== 'boolean') {
    throw invalid('`packAnimal` is true or false.', 'packAnimal');
  }
  if (body.packAnimal === true && kind !== 'animal')
    throw invalid('Only an animal is a pack animal.', 'packAnimal');
  const carrierSlots =
    kind === 'follower' ? PERSON_CARRIER_SLOTS : body.packAnimal === true ? PACK_ANIMAL_CARRIER_SLOTS : 0;
  return {
    kind,
    name: optionalName(body.name, 'name'),
    morale: moraleRule(kind === 'follower' ? 'follower' : (`${training}-animal` as MoraleSubject)),
    sheets: { coeac: { pool, hp, maxHp: hp, role, carrierSlots } },
    hire: null,
  };
}

export type MoraleSubject =
  'hireling' | 'follower' | 'companion-animal' | 'familiar-animal' | 'trained-animal' | 'untrained-animal';

export interface MoraleRule {
  /** 'versus': the controlling player's pool against the hirelings' (POST /v1/encounters/morale-checks, system coeac-hirelings); 'rating': a d6 morale check (system coeac); 'none': exempt; 'referee': acts as the referee decides. */
  check: 'versus' | 'rating' | 'none' | 'referee';
  reason: string;
}

/**
 * Who makes morale checks (003:924, 934, 938–942). Followers, animal companions and familiars are
 * loyal and exempt (our reading of "not generally"); hirelings check like monsters, by default the
 * contested form the encounters module already offers; trained animals obey until they fail a
 * morale check (the d6 rating check); untrained ones act as the referee decides.
 */
export function moraleRule(subject: MoraleSubject): MoraleRule {
  switch (subject) {
    case 'hireling':
      return { check: 'versus', reason: 'Hirelings are not loyal beyond their contract: they check morale.' };
    case 'follower':
      return { check: 'none', reason: 'Followers are loyal: no morale checks.' };
    case 'companion-animal':
    case 'familiar-animal':
      return { check: 'none', reason: 'Animal companions and familiars follow the follower rules.' };
    case 'trained-animal':
      return { check: 'rating', reason: 'A trained animal obeys until it fails a morale check.' };
    case 'untrained-animal':
      return { check: 'referee', reason: 'An untrained animal acts as the referee decides.' };
    default:
      throw invalid('Unknown morale subject.', 'kind');
  }
}

export interface FollowerLossOutcome {
  /** True for a Feat-granted follower: the position refills. */
  replaceable: boolean;
  /** Days it takes to recruit the replacement (003:926). */
  recruitDays: number | null;
  /** The session number from which the replacement joins: the one after the loss. */
  availableFromSession: number | null;
}

/**
 * When a follower dies, departs or is dismissed (003:926–928): a Feat-granted follower is replaced
 * after a week of recruiting, so the replacement joins at the start of the next session; one gained
 * through the fiction is simply lost.
 */
export function followerLoss(input: { source: FollowerSource; lostInSession: number }): FollowerLossOutcome {
  const body = record(input, 'input');
  if (body.source !== 'feat' && body.source !== 'fiction')
    throw invalid('`source` is feat or fiction.', 'source');
  const session = wholeNumber(body.lostInSession, 'lostInSession', 1);
  if (body.source === 'fiction') return { replaceable: false, recruitDays: null, availableFromSession: null };
  return { replaceable: true, recruitDays: 7, availableFromSession: session + 1 };
}

/** Cairn: an attribute as the sheet keeps it. */
export interface CairnAttribute {
  current: number;
  max: number;
}

export interface CairnHirelingOutcome {
  kind: 'hireling';
  name: string | null;
  role: string | null;
  sheets: {
    cairn: {
      str: CairnAttribute;
      dex: CairnAttribute;
      wil: CairnAttribute;
      hp: number;
      maxHp: number;
      armor: number;
    };
  };
  rolls: { str: number[]; dex: number[]; wil: number[]; hp: number[] };
  faces: number[];
  /** The exact chance of each 3d6 attribute total (3–18) and each HP (1–6). */
  odds: { attribute: { total: number; probability: number }[]; hp: { total: number; probability: number }[] };
}

/** The exact distribution of one 3d6 attribute, from the shared dice-sum counter. */
function threeD6(): { total: number; probability: number }[] {
  const { min, ways, outcomes } = formulaDistribution({
    kind: 'sum',
    terms: [{ count: 3, sides: 6 }],
    constant: 0,
  });
  return ways.map((count, i) => ({ total: min + i, probability: Number(count) / Number(outcomes) }));
}

/**
 * Cairn hireling (004:52): 3d6 for STR, DEX and WIL in that order, then 1d6 HP. The role, gear and
 * traits come from tables the seed names but does not print: the referee gives the role, and the
 * Armor of what it wears (0 by default).
 */
export function cairnHireling(
  input: { name?: string; role?: string; armor?: number },
  dice: Dice,
): CairnHirelingOutcome {
  const body = record(input, 'input');
  const name = optionalName(body.name, 'name');
  const role = optionalName(body.role, 'role');
  const armor = optionalWholeNumber(body.armor, 'armor', 0, 0, 3);
  const str = dice.pool(3, 6, 'seed');
  const dex = dice.pool(3, 6, 'seed');
  const wil = dice.pool(3, 6, 'seed');
  const hp = dice.pool(1, 6, 'seed');
  const sum = (faces: number[]) => faces.reduce((a, b) => a + b, 0);
  const attribute = (faces: number[]): CairnAttribute => ({ current: sum(faces), max: sum(faces) });
  return {
    kind: 'hireling',
    name,
    role,
    sheets: {
      cairn: {
        str: attribute(str),
        dex: attribute(dex),
        wil: attribute(wil),
        hp: hp[0],
        maxHp: hp[0],
        armor,
      },
    },
    rolls: { str, dex, wil, hp },
    faces: [...str, ...dex, ...wil, ...hp],
    odds: {
      attribute: threeD6(),
      hp: [1, 2, 3, 4, 5, 6].map((total) => ({ total, probability: 1 / 6 })),
    },
  };
}
