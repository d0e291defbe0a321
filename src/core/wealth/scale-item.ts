import { findCatalogItem } from './catalog/catalog';
import { scaleByPowerOfTwo, SIZES, sizeIndex, stepDamage, parseDamage, type Size } from './sizes';
import { oneOf, requireObject, wholeNumber } from './validation';

/** The stats that change with size; every catalog row fits (weapons also carry damage and range). */
export interface ScalableStats {
  name?: string;
  /** Price in centisilver, in a culture of the item's own size. */
  cost: number;
  /** Bulk in hundredths for a creature of the item's own size; null when it has none. */
  bulkHundredths: number | null;
  /** Weapon damage; null or absent for gear. */
  damage?: string | null;
  /** Throwing or firing range in yards; null or absent when it has none. */
  range?: number | null;
}

export interface ScaleItemInput {
  /** A G&M catalog item by name (case-insensitive), or stats of your own. */
  item: string | ScalableStats;
  /** The size the stats are for; medium by default (the whole catalog is medium). */
  baseSize?: Size;
  /** The size of creature the item is made for. */
  madeFor: Size;
  /** The size of creature carrying or using it; `madeFor` by default. */
  usedBy?: Size;
  /** The size of the culture it is bought in; `baseSize` by default. */
  culture?: Size;
}

export interface ScaledItem {
  name: string | null;
  baseSize: Size;
  madeFor: Size;
  usedBy: Size;
  culture: Size;
  /** Centisilver: doubled for each size between `madeFor` and `culture`. */
  cost: number;
  /** Hundredths: doubled for each size `madeFor` is above `usedBy`, halved for each below. */
  bulkHundredths: number | null;
  /** One step along the damage progression per size between `baseSize` and `madeFor`. */
  damage: string | null;
  /** Yards, doubled or halved per size between `baseSize` and `madeFor`, rounded, at least 1. */
  range: number | null;
  /** Penalty to attack rolls: one per size between `madeFor` and `usedBy`. */
  attackPenalty: number;
}

/**
 * G&M, Money and Equipment: Equipment for different-sized creatures (seed 001). Scales an item made
 * for one size, used by another, bought in a culture of a third. Damage and range follow the size the
 * item is made for; bulk follows the gap between the item and its user; cost follows the gap between
 * the item and the culture selling it. Defense of armor does not change with size. Scaled bulk that
 * falls below a hundredth rounds to the nearest hundredth (halves up) and never below one.
 */
export function scaleItem(input: ScaleItemInput): ScaledItem {
  requireObject(input);
  const stats = typeof input.item === 'string' ? findCatalogItem(input.item) : checkStats(input.item);
  const baseSize = oneOf(input.baseSize, SIZES, 'baseSize', 'medium');
  const madeFor = oneOf(input.madeFor, SIZES, 'madeFor');
  const usedBy = oneOf(input.usedBy, SIZES, 'usedBy', madeFor);
  const culture = oneOf(input.culture, SIZES, 'culture', baseSize);

  const design = sizeIndex(madeFor) - sizeIndex(baseSize);
  const carry = sizeIndex(madeFor) - sizeIndex(usedBy);
  const market = Math.abs(sizeIndex(madeFor) - sizeIndex(culture));

  const damage = 'damage' in stats && stats.damage != null ? stepDamage(stats.damage, design) : null;
  const baseRange = 'range' in stats && stats.range != null ? stats.range : null;
  const bulk = stats.bulkHundredths;
  return {
    name: stats.name ?? null,
    baseSize,
    madeFor,
    usedBy,
    culture,
    cost: scaleByPowerOfTwo(stats.cost, market),
    bulkHundredths: bulk === null ? null : Math.max(bulk > 0 ? 1 : 0, scaleByPowerOfTwo(bulk, carry)),
    damage,
    range: baseRange === null ? null : Math.max(1, scaleByPowerOfTwo(baseRange, design)),
    attackPenalty: Math.abs(carry),
  };
}

// Seven doublings (fine to titanic) must stay exact.
const MAX_SCALABLE = Math.floor(Number.MAX_SAFE_INTEGER / 2 ** (SIZES.length - 1));

function checkStats(stats: ScalableStats): ScalableStats {
  requireObject(stats, 'item');
  const checked: ScalableStats = {
    cost: wholeNumber(stats.cost, 'item.cost', 0, MAX_SCALABLE),
    bulkHundredths:
      stats.bulkHundredths == null
        ? null
        : wholeNumber(stats.bulkHundredths, 'item.bulkHundredths', 0, MAX_SCALABLE),
    damage: stats.damage == null ? null : parseDamage(stats.damage, 'item.damage').text,
    range: stats.range == null ? null : wholeNumber(stats.range, 'item.range', 1, MAX_SCALABLE),
  };
  if (stats.name !== undefined) checked.name = String(stats.name);
  return checked;
}
