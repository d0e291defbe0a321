import { gearTable } from './gear';
import type { GearItem } from './types';

const row = gearTable('ammunition');

/**
 * G&M, Money and Equipment: Ammunition (seed 001). Prices and bulk are for one piece (one shot of
 * powder); sellers usually sell by the ten to twenty. Cost in centisilver, bulk in hundredths.
 */
export const AMMUNITION: readonly GearItem[] = [
  row('Arrow', 10, 20, { improvisedWeapon: { damage: 'd3', attackPenalty: 2, bulkHundredths: null } }),
  row('Crossbow Bolt', 10, 20, { improvisedWeapon: { damage: '1', attackPenalty: 2, bulkHundredths: null } }),
  row('Crossbow Bolt, heavy', 20, 30, {
    improvisedWeapon: { damage: 'd2', attackPenalty: 2, bulkHundredths: null },
  }),
  row('Gun bullets', 5, 5),
  row('Gun powder (1 use)', 30, 5, { notes: 'Useless once wet.' }),
  row('Powder bag', 100, 20, { notes: 'Carries 6 charges of powder.' }),
  row('Powder horn', 400, 50, { notes: 'Carries 20 charges of powder.' }),
  row('Quiver', 100, 100, { notes: 'Takes 20 arrows or bolts.' }),
  row('Sling Bullets', 1, 5),
];
