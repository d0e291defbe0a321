import { invalid, optionalFlag, record } from '../checks/validate';
import { majorContributor } from '../characters/gm-derivation';
import { CARVING_MATERIALS } from './catalog/ingredients';
import { RuleError } from '../errors';
import { mojoForSilver } from './starting-money';
import { oneOf, wholeNumber } from './validation';

/*
 * The side rules of G&M's equipment lists that carry numbers (seed 001, "Money and Equipment"), as
 * calculators. Money is centisilver and bulk hundredths, as in the catalog; nothing here rolls.
 */

const BIG = 100_000_000;

/** A named modifier an answer applies. */
export interface EquipmentModifier {
  name: string;
  value: number;
}

// M6: carvings in other materials

export type CarvingMaterial = 'wood' | 'bone' | 'metal' | 'stone';
export const CARVING_MATERIAL_IDS: readonly CarvingMaterial[] = ['wood', 'bone', 'metal', 'stone'];

export interface GmCarvingInput {
  /** The wood carving's cost (centisilver): a simple carving is 50, a complex one 200. */
  woodCost: number;
  /** The wood carving's bulk (hundredths): 10 simple, 50 complex. */
  woodBulkHundredths: number;
  material: CarvingMaterial;
}

export interface GmCarvingOutcome {
  material: CarvingMaterial;
  costMultiplier: number;
  bulkMultiplier: number;
  cost: number;
  bulkHundredths: number;
}

/**
 * A carving in bone, metal or stone (001:50): bone and metal cost twice a wood carving, stone four
 * times with four times the bulk. Rare metals and gems are the referee's price.
 */
export function gmCarving(spec: GmCarvingInput): GmCarvingOutcome {
  const input = record(spec, 'input');
  const woodCost = wholeNumber(input.woodCost, 'woodCost', 0, BIG);
  const woodBulk = wholeNumber(input.woodBulkHundredths, 'woodBulkHundredths', 0, BIG);
  const material = oneOf(input.material, CARVING_MATERIAL_IDS, 'material');
  const row = CARVING_MATERIALS.find((m) => m.material === material)!;
  return {
    material,
    costMultiplier: row.costMultiplier,
    bulkMultiplier: row.bulkMultiplier,
    cost: woodCost * row.costMultiplier,
    bulkHundredths: woodBulk * row.bulkMultiplier,
  };
}

// M10: locks

/** The list price of a lock and key (001:98): 8 silver. */
export const BASIC_LOCK_COST = 800;

export interface GmLockInput {
  /** What the lock cost (centisilver), at least the basic 8 silver. */
  cost: number;
}

export interface GmLockOutcome {
  cost: number;
  /** Whole doublings of the basic lock's price. */
  doublings: number;
  /** The penalty on attempts to pick it: 1 a doubling. */
  pickPenalty: number;
}

/** A better lock (001:98): −1 to picking it for each whole doubling of the basic 8-silver price. */
export function gmLock(spec: GmLockInput): GmLockOutcome {
  const input = record(spec, 'input');
  const cost = wholeNumber(input.cost, 'cost', BASIC_LOCK_COST, BIG);
  let doublings = 0;
  while (BASIC_LOCK_COST * 2 ** (doublings + 1) <= cost) doublings++;
  return { cost, doublings, pickPenalty: doublings };
}

// M10: light and the time items take

export type GmLightSource = 'candle' | 'torch' | 'lantern';
export const GM_LIGHT_SOURCES: readonly GmLightSource[] = ['candle', 'torch', 'lantern'];

/** Radius (yards), burn time (minutes) and rounds to light (001:90, 97, 112). */
export const GM_LIGHTS: Readonly<
  Record<
    GmLightSource,
    {
      radiusYards: number;
      burnMinutes: number;
      activationRounds: number;
      dimBeyondYards: number | null;
      dimPenalty: number;
    }
  >
> = {
  // A candle lights six yards but only the nearest yard well: −1 beyond it. Lighting one is not
  // timed in the list; we count the single round any item takes to use.
  candle: { radiusYards: 6, burnMinutes: 360, activationRounds: 1, dimBeyondYards: 1, dimPenalty: 1 },
  torch: { radiusYards: 10, burnMinutes: 180, activationRounds: 2, dimBeyondYards: null, dimPenalty: 0 },
  // Six hours to a flask of oil.
  lantern: { radiusYards: 20, burnMinutes: 360, activationRounds: 1, dimBeyondYards: null, dimPenalty: 0 },
};

export interface GmLightInput {
  source: GmLightSource;
  /** Minutes it has burnt already (a lantern: on this flask). */
  burntMinutes?: number | null;
  /** How far (yards) the action is from the light, for the candle's dim edge. */
  distanceYards?: number | null;
  /** Lit while in combat: an evasion roll is needed to manage it (001:17). */
  inCombat?: boolean | null;
}

export interface GmLightOutcome {
  source: GmLightSource;
  radiusYards: number;
  burnMinutes: number;
  minutesLeft: number;
  activationRounds: number;
  evasionRollToActivate: boolean;
  /** Whether a point at `distanceYards` is lit (null when no distance is sent). */
  lit: boolean | null;
  /** The penalty to actions at `distanceYards` (the candle's −1 beyond a yard). */
  actionPenalty: number;
}

/** A candle, torch or lantern (001:90, 97, 112): how far it lights, how long it lasts, lighting it. */
export function gmLight(spec: GmLightInput): GmLightOutcome {
  const input = record(spec, 'input');
  const source = oneOf(input.source, GM_LIGHT_SOURCES, 'source');
  const light = GM_LIGHTS[source];
  const burnt =
    input.burntMinutes === undefined || input.burntMinutes === null
      ? 0
      : wholeNumber(input.burntMinutes, 'burntMinutes', 0, BIG);
  const distance =
    input.distanceYards === undefined || input.distanceYards === null
      ? null
      : wholeNumber(input.distanceYards, 'distanceYards', 0, BIG);
  const inCombat = optionalFlag(input.inCombat, 'inCombat');
  const minutesLeft = Math.max(0, light.burnMinutes - burnt);
  const lit = distance === null ? null : minutesLeft > 0 && distance <= light.radiusYards;
  const dim =
    distance !== null && lit === true && light.dimBeyondYards !== null && distance > light.dimBeyondYards;
  return {
    source,
    radiusYards: light.radiusYards,
    burnMinutes: light.burnMinutes,
    minutesLeft,
    activationRounds: light.activationRounds,
    evasionRollToActivate: inCombat,
    lit,
    actionPenalty: dim ? light.dimPenalty : 0,
  };
}

export type GmItemTask = 'strike-fire' | 'light-torch' | 'light-lantern' | 'reach-into-backpack';
export const GM_ITEM_TASKS: readonly GmItemTask[] = [
  'strike-fire',
  'light-torch',
  'light-lantern',
  'reach-into-backpack',
];
/** Rounds each task takes (001:56, 94, 97, 112). */
export const GM_ITEM_TASK_ROUNDS: Readonly<Record<GmItemTask, number>> = {
  'strike-fire': 2,
  'light-torch': 2,
  'light-lantern': 1,
  'reach-into-backpack': 1,
};

export interface GmItemTaskInput {
  task: GmItemTask;
  inCombat?: boolean | null;
}

export interface GmItemTaskOutcome {
  task: GmItemTask;
  rounds: number;
  /** In combat, an item with an activation time needs an evasion roll (001:17). */
  evasionRoll: boolean;
}

/**
 * The time items take (001:56, 94, 97, 112): two rounds to start a fire with flint, steel and
 * tinder; two to light a torch; one to light a lantern; one to pull something out of a backpack.
 */
export function gmItemTask(spec: GmItemTaskInput): GmItemTaskOutcome {
  const input = record(spec, 'input');
  const task = oneOf(input.task, GM_ITEM_TASKS, 'task');
  const inCombat = optionalFlag(input.inCombat, 'inCombat');
  // Rummaging in a pack is not an item's activation; the others are.
  return { task, rounds: GM_ITEM_TASK_ROUNDS[task], evasionRoll: inCombat && task !== 'reach-into-backpack' };
}

// M16: the full helmet

export interface GmFullHelmetInput {
  /** The cost (centisilver) of the other armor worn with it (0 for none). */
  otherArmorCost: number;
}

export interface GmFullHelmetOutcome {
  /** The greater of 10 silver and a tenth of the other armor (a fraction rounds up). */
  cost: number;
  defense: number;
  bulkHundredths: number;
  perceptionPenalty: number;
  attackPenalty: number;
  modifiers: EquipmentModifier[];
}

/**
 * The full helmet (001:224, 230): +1 defence, at least 10 silver or a tenth of the other armor's
 * cost, and −1 to perception and attack rolls while worn.
 */
export function gmFullHelmet(spec: GmFullHelmetInput): GmFullHelmetOutcome {
  const input = record(spec, 'input');
  const other = wholeNumber(input.otherArmorCost, 'otherArmorCost', 0, BIG);
  return {
    cost: Math.max(1000, Math.ceil(other / 10)),
    defense: 1,
    bulkHundredths: 400,
    perceptionPenalty: 1,
    attackPenalty: 1,
    modifiers: [
      { name: 'full helmet: perception', value: -1 },
      { name: 'full helmet: attack', value: -1 },
    ],
  };
}

// M21: bows built for strength

export interface GmStrengthBowInput {
  /** The plain weapon's list price (centisilver): a bow is 2500. */
  baseCost: number;
  /** The strength built into the weapon. */
  builtStrength: number;
  /** The wielder's strength (to see whether it can use the weapon's full draw). */
  wielderStrength?: number | null;
}

export interface GmStrengthBowOutcome {
  /** The built strength's major contributor (0 or less: a plain weapon). */
  builtMajor: number;
  /** Times the list price: 1 + the built-in major contributor, at least 1. */
  priceMultiple: number;
  cost: number;
  /** Range bonus: +25 % per point of the built-in major contributor. */
  rangePercent: number;
  /** The wielder is weaker than the weapon (its penalty is resolved by `combat/gm/attacks`). */
  wielderTooWeak: boolean | null;
}

/**
 * A weapon built for strength (001:135–139): twice, three or four times the price and more, by the
 * strength built in as a major contributor; our reading is 1 + that contributor (a 25-silver bow
 * for strength 12–14 costs 50, for 15–16 costs 75, as the seed's example has it).
 */
export function gmStrengthBow(spec: GmStrengthBowInput): GmStrengthBowOutcome {
  const input = record(spec, 'input');
  const baseCost = wholeNumber(input.baseCost, 'baseCost', 0, BIG);
  const built = wholeNumber(input.builtStrength, 'builtStrength', 1, 1000);
  const wielder =
    input.wielderStrength === undefined || input.wielderStrength === null
      ? null
      : wholeNumber(input.wielderStrength, 'wielderStrength', 1, 1000);
  const builtMajor = majorContributor(built);
  const priceMultiple = Math.max(1, 1 + builtMajor);
  return {
    builtMajor,
    priceMultiple,
    cost: baseCost * priceMultiple,
    rangePercent: 25 * Math.max(0, builtMajor),
    wielderTooWeak: wielder === null ? null : wielder < built,
  };
}

// M22: carrying

export interface GmCarriedItemInput {
  name: string;
  /** Bulk (hundredths) as listed. */
  bulkHundredths: number;
  /** A weapon the character will never fight with: half its bulk, at the referee's leave (001:127). */
  neverUsedAsWeapon?: boolean | null;
  /** The item is a weapon (for the hands it takes by bulk). */
  weapon?: boolean | null;
  /** Hands the weapon needs for mechanical reasons (the list's Hands column). */
  hands?: number | null;
  /** Items carried inside this container: they count with it as one item (001:77). */
  contents?: GmCarriedItemInput[] | null;
}

export interface GmLoadInput {
  strength: number;
  items: GmCarriedItemInput[];
}

export interface GmContainedItemOutcome {
  name: string;
  /** Bulk as it counts (hundredths): halved for a weapon never used as one. */
  bulkHundredths: number;
  /** One item on the carry list however much it holds. */
  items: number;
  /** Within the per-item limit (bulk at most strength). */
  withinLimit: boolean;
  /** Hands to wield it without a Carry penalty (weapons only; null otherwise). */
  handsToWield: number | null;
}

export interface GmCarriedItemOutcome extends GmContainedItemOutcome {
  /** What it holds, when it is a container (one level: a container inside it counts as its contents). */
  contents: GmContainedItemOutcome[];
}

export interface GmLoadOutcome {
  strength: number;
  /** The heaviest single item allowed (hundredths): the strength score. */
  maxItemBulkHundredths: number;
  /** Entries on the carry list: a container and what it holds are one. */
  itemCount: number;
  /** Bulk of everything carried (hundredths). */
  totalBulkHundredths: number;
  items: GmCarriedItemOutcome[];
  /** The documents never print the Carry table (Carry from strength and endurance), so no total limit. */
  carryScore: null;
}

const MAX_ITEMS = 200;

/**
 * Carrying (001:77, 123, 127, 356): no single item may be bulkier than the strength score; a weapon
 * needs two hands when its bulk is above half the wielder's strength (our reading of "depending on the
 * wielder's strength"), or when the list says so; a weapon never used as one counts half its bulk; a
 * container is one item on the carry list with whatever it holds. The Carry score's own table is not
 * in the documents, so the total load is reported but not judged.
 */
export function gmLoad(spec: GmLoadInput): GmLoadOutcome {
  const input = record(spec, 'input');
  const strength = wholeNumber(input.strength, 'strength', 1, 1000);
  const limit = strength * 100;
  if (!Array.isArray(input.items) || input.items.length > MAX_ITEMS)
    throw invalid(`\`items\` lists up to ${MAX_ITEMS} items.`, 'items');
  let count = 0;
  const itemOf = (
    raw: unknown,
    field: string,
    depth: number,
  ): GmCarriedItemOutcome | GmContainedItemOutcome => {
    const item = record(raw, field);
    if (typeof item.name !== 'string' || item.name.length === 0 || item.name.length > 100)
      throw invalid('An item has a name of 1 to 100 characters.', `${field}.name`);
    const listed = wholeNumber(item.bulkHundredths, `${field}.bulkHundredths`, 0, BIG);
    const never = optionalFlag(item.neverUsedAsWeapon, `${field}.neverUsedAsWeapon`);
    const weapon = optionalFlag(item.weapon, `${field}.weapon`);
    const hands =
      item.hands === undefined || item.hands === null ? 1 : wholeNumber(item.hands, `${field}.hands`, 1, 2);
    if (never && !weapon)
      throw invalid('Only a weapon can be carried as never used as one.', `${field}.neverUsedAsWeapon`);
    const bulk = never ? Math.ceil(listed / 2) : listed;
    let contents: GmContainedItemOutcome[] = [];
    if (item.contents !== undefined && item.contents !== null) {
      if (!Array.isArray(item.contents) || depth > 1)
        throw invalid(
          '`contents` lists the items inside a carried container (one level).',
          `${field}.contents`,
        );
      contents = item.contents.map((c, i) => itemOf(c, `${field}.contents[${i}]`, depth + 1));
    }
    count++;
    if (count > MAX_ITEMS) throw invalid(`At most ${MAX_ITEMS} items in all.`, 'items');
    const counted: GmContainedItemOutcome = {
      name: item.name,
      bulkHundredths: bulk + contents.reduce((sum, c) => sum + c.bulkHundredths, 0),
      items: 1,
      withinLimit: bulk <= limit,
      handsToWield: weapon && !never ? Math.max(hands, bulk * 2 > limit ? 2 : 1) : null,
    };
    return depth === 1 ? { ...{}, ...counted, contents } : counted;
  };
  const items = (input.items as unknown[]).map(
    (raw, i) => itemOf(raw, `items[${i}]`, 1) as GmCarriedItemOutcome,
  );
  return {
    strength,
    maxItemBulkHundredths: limit,
    itemCount: items.length,
    totalBulkHundredths: items.reduce((sum, i) => sum + i.bulkHundredths, 0),
    items,
    carryScore: null,
  };
}

// M23: riding

export type GmRidingTack = 'saddle' | 'blanket' | 'bareback';
export const GM_RIDING_TACK: readonly GmRidingTack[] = ['saddle', 'blanket', 'bareback'];

export interface GmRidingInput {
  tack: GmRidingTack;
  /** The rider's score for a riding roll, to give the target with the penalty. */
  score?: number | null;
}

export interface GmRidingOutcome {
  tack: GmRidingTack;
  /** Penalty to rolls made while riding. */
  ridingRollPenalty: number;
  /** Cut to the mount's daily Movement. */
  dailyMovementPenalty: number;
  /** The riding roll's target (score − penalty) when a score is sent. */
  target: number | null;
}

/** Riding without a saddle (001:81): on a blanket −2 to riding rolls and −1 daily Movement; bareback −3 and −3. */
export function gmRiding(spec: GmRidingInput): GmRidingOutcome {
  const input = record(spec, 'input');
  const tack = oneOf(input.tack, GM_RIDING_TACK, 'tack');
  const [roll, daily] = tack === 'blanket' ? [2, 1] : tack === 'bareback' ? [3, 3] : [0, 0];
  const score =
    input.score === undefined || input.score === null ? null : wholeNumber(input.score, 'score', 0, 1000);
  return {
    tack,
    ridingRollPenalty: roll,
    dailyMovementPenalty: daily,
    target: score === null ? null : score - roll,
  };
}

// M3: a starting purchase made during first level

export interface GmStartingPurchaseInput {
  /** The character's Cash now (centisilver). */
  cash: number;
  /** The purchase's cost (centisilver). */
  cost: number;
  /** Mojo the character has now. */
  mojo: number;
  /** The character's overall level (the sum of its archetypes' levels). */
  level: number;
}

export interface GmStartingPurchaseOutcome {
  cost: number;
  /** Whole mojo traded at 30 silver each to cover what the purse lacks (fewest that do). */
  mojoTraded: number;
  /** Silver (centisilver) the traded mojo brought. */
  silverGained: number;
  /** The change to Cash: what the mojo brought less the cost. */
  cashDelta: number;
  cashAfter: number;
  mojoAfter: number;
}

/**
 * A starting purchase (seed 001, "Money and Equipment": the starting money may be spent at any point
 * of the character's first level, as if the item had been bought or owned all along). What the purse
 * lacks is covered by trading whole mojo at 30 silver each, as at creation (001:404's worked example).
 * Only a first-level character may; the mojo must be there.
 */
export function gmStartingPurchase(spec: GmStartingPurchaseInput): GmStartingPurchaseOutcome {
  const input = record(spec, 'input');
  const cash = wholeNumber(input.cash, 'cash', 0, 1_000_000_000_000);
  const cost = wholeNumber(input.cost, 'cost', 1, 1_000_000_000);
  const mojo = wholeNumber(input.mojo, 'mojo', 0, 1_000_000);
  const level = wholeNumber(input.level, 'level', 0, 1000);
  if (level > 1)
    throw new RuleError(
      'CONFLICT',
      `Starting purchases are made during the first level; this character is level ${level}.`,
      'cost',
    );
  const trade = mojoForSilver({ available: cash, cost });
  if (trade.mojo > mojo)
    throw new RuleError(
      'CONFLICT',
      `The purse lacks ${cost - cash} centisilver: ${trade.mojo} mojo to trade, and the character has ${mojo}.`,
      'cost',
    );
  return {
    cost,
    mojoTraded: trade.mojo,
    silverGained: trade.silverGained,
    cashDelta: trade.silverGained - cost,
    cashAfter: trade.remaining,
    mojoAfter: mojo - trade.mojo,
  };
}
