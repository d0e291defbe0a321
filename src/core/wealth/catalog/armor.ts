import { wholeNumber } from '../validation';
import type { ArmorItem } from './types';

/** One armor row: defense, cost (centisilver), worn bulk (whole units), carried-bulk multiplier, levels. */
function armor(
  name: string,
  defense: number,
  cost: number,
  bulk: number,
  carriedBulkMultiplier: number,
  warriorLevel: number | null,
  thiefProphetMonkLevel: number | null,
  extras: { atLeast?: boolean; notes?: string } = {},
): ArmorItem {
  return {
    name,
    category: 'armor',
    defense,
    cost,
    bulkHundredths: bulk * 100,
    carriedBulkMultiplier,
    warriorLevel,
    thiefProphetMonkLevel,
    per: null,
    atLeast: extras.atLeast ?? false,
    notes: extras.notes ?? null,
  };
}

/**
 * G&M, Money and Equipment: Armor (seed 001). Bulk is as worn. The seed leaves cloth's level cells
 * blank although cloth is basic armor: we read that as usable from level 1 by warriors, thieves,
 * prophets and monks. Elsewhere a blank thief/prophet/monk cell means they cannot learn it (sorcerers
 * learn no armor at all). Carried bulk doubles for cloth, leather (banded too), chain and shields and
 * triples for splint and plate; scale mail and the helmet are not named, so they stay as listed.
 */
export const ARMOR: readonly ArmorItem[] = [
  armor('Cloth', 1, 300, 8, 2, 1, 1),
  armor('Leather', 2, 800, 5, 2, 1, 1),
  armor('Banded Leather', 3, 1500, 8, 2, 1, 1),
  armor('Scale Mail', 4, 4500, 20, 1, 1, null),
  armor('Chain Mail', 5, 8000, 15, 2, 1, 2, {
    notes: 'Thieves, prophets and monks only in magically lightened chain.',
  }),
  armor('Splint Mail', 6, 7000, 25, 3, 2, null),
  armor('Plate Mail', 7, 30000, 25, 3, 3, null),
  armor('Full Plate', 8, 100000, 30, 3, 4, null),
  armor('Ceremonial Plate', 9, 200000, 40, 3, 5, null),
  armor('Shield', 1, 500, 6, 2, 1, 2, { notes: 'Needs a free hand.' }),
  armor('Large Shield', 2, 1500, 12, 2, 2, null, { notes: 'Needs a free hand.' }),
  armor('Small Shield', 1, 500, 2, 2, 3, null, {
    notes: 'Defends against one opponent a round, chosen at the start of the round.',
  }),
  armor('Full Helmet', 1, 1000, 4, 1, 1, null, {
    atLeast: true,
    notes:
      'Costs 10 silver or a tenth of the other armor worn, whichever is more; -1 to perception and attack.',
  }),
];

/**
 * G&M, Money and Equipment: Armor, full helmet (seed 001). A full helmet costs the greater of 10 silver
 * and 10 % of the other armor worn (centisilver in, centisilver out; a fraction rounds up).
 */
export function fullHelmetCost(otherArmorCost: number): number {
  const other = wholeNumber(otherArmorCost, 'otherArmorCost', 0);
  return Math.max(1000, Math.ceil(other / 10));
}
