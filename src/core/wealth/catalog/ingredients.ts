import { gearTable } from './gear';
import type { GearItem } from './types';

const row = gearTable('ingredients');

/** G&M, Money and Equipment: Ingredients (seed 001). Cost in centisilver, bulk in hundredths. */
export const INGREDIENTS: readonly GearItem[] = [
  row('Animal part, common', 30, 30, { notes: "Small part of a common beast, e.g. a crow's beak." }),
  row('Animal part, uncommon', 150, 30, { notes: "Small part of a less common beast, e.g. a wolf's claw." }),
  row('Animal part, rare', 400, 30, { notes: "Small part of a rare beast, e.g. an eagle's feather." }),
  row('Carving, simple', 50, 10, { notes: 'Small plain wood carving, e.g. tiny arrows.' }),
  row('Carving, complex', 200, 50, { notes: 'Small detailed wood carving, e.g. a face or a pattern.' }),
  row('Herb, common', 10, 10),
  row('Herb, uncommon', 50, 10),
  row('Herb, rare', 100, 30, { notes: 'Packed with extra care, hence the bulk.' }),
];

/** Carvings in other materials: multipliers on a wood carving's cost and bulk (seed 001). */
export const CARVING_MATERIALS: readonly {
  material: string;
  costMultiplier: number;
  bulkMultiplier: number;
}[] = [
  { material: 'wood', costMultiplier: 1, bulkMultiplier: 1 },
  { material: 'bone', costMultiplier: 2, bulkMultiplier: 1 },
  { material: 'metal', costMultiplier: 2, bulkMultiplier: 1 },
  { material: 'stone', costMultiplier: 4, bulkMultiplier: 4 },
];
