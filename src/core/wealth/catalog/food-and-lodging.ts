import { gearTable } from './gear';
import type { GearItem } from './types';

const row = gearTable('food-and-lodging');

/**
 * G&M, Money and Equipment: Food & lodging (seed 001). Cost in centisilver, bulk in hundredths.
 * Pint bulks are for an open vessel; gallon bulks leave out the container.
 */
export const FOOD_AND_LODGING: readonly GearItem[] = [
  row('Beer, pint', 20, 300, { notes: 'One tavern serving.' }),
  row('Beer, half-gallon', 40, 500, { notes: 'Four pints; fills a waterskin.' }),
  row('Beer, three gallons', 200, 2600, { notes: '24 pints, a small keg; keg not included.' }),
  row('Room, common', 40, null, { per: 'night' }),
  row('Room, private', 100, null, { per: 'night', notes: 'Often 0.5 to 1 silver more per extra guest.' }),
  row('Dry food', 500, 1000, { notes: 'A careful week of eating; spoils if kept damp for long.' }),
  row('Meal, simple', 30, 200, { notes: 'Keeps about two days.' }),
  row('Meal, fancy', 200, 200, { notes: 'Keeps about a day.' }),
  row('Wine, pint', 50, 300, { notes: 'One tavern serving.' }),
  row('Wine, half-gallon', 100, 500, { notes: 'Four pints; fills a waterskin.' }),
  row('Wine, three gallons', 500, 2600, { notes: '24 pints, a small keg; keg not included.' }),
];
