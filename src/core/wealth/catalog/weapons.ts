import type { WeaponClass, WeaponItem } from './types';

/**
 * One weapon row in the seed's column order: damage, fire actions, range (yards), hands, space
 * (yards), bulk (whole units), cost (centisilver). null is a blank cell.
 */
function weapon(weaponClass: WeaponClass) {
  return (
    name: string,
    damage: string,
    fireActions: number | null,
    range: number | null,
    hands: number | null,
    space: number | null,
    bulk: number,
    cost: number,
    notes: string | null = null,
  ): WeaponItem => ({
    name,
    category: 'weapons',
    weaponClass,
    damage,
    fireActions,
    range,
    hands,
    space,
    bulkHundredths: bulk * 100,
    cost,
    per: null,
    atLeast: false,
    notes,
  });
}

const simple = weapon('simple');
const basic = weapon('basic');
const warrior = weapon('warrior');

/**
 * G&M, Money and Equipment: Weapons (seed 001): the simple (anyone), basic (warriors and the basic
 * weapons Fighting Art skill) and warrior (warriors only) tables, for medium-sized weapons.
 */
export const WEAPONS: readonly WeaponItem[] = [
  simple('Club', 'd4', 2, 2, null, 1, 10, 10),
  simple('Dagger', 'd4', 1, 3, null, null, 2, 200),
  simple('Dart', 'd3', 1, 4, null, null, 2, 40),
  simple('Hand Gun', 'd6', 4, 8, 2, null, 9, 4500),
  simple('Knife', 'd3', 1, 3, null, null, 2, 100),
  simple('Quarterstaff', 'd6', 2, 1, null, 2, 12, 50, 'Bulk 6 if only ever a walking staff.'),
  simple('Sling', 'd4', 1, 10, 2, 2, 4, 200),
  simple('Wheel Lock', 'd8', 2, 10, 2, null, 14, 15000),
  simple('Wheel Lock Pistol', 'd6', 2, 5, 2, null, 8, 10000),

  basic('Arquebus', 'd8', 3, 10, 2, null, 13, 5500),
  basic('Brass Knuckles', 'd3', null, null, null, null, 1, 100),
  basic('Crossbow', 'd6', 2, 15, 2, null, 11, 3500),
  basic('Hand Axe', 'd6', 1, 3, null, 1, 8, 200),
  basic('Matchlock Pistol', 'd6', 3, 5, 2, null, 10, 5000),
  basic('Metal Glove', 'd4', null, null, null, null, 1, 400),
  basic('Short sword', 'd6', 2, 2, null, 1, 6, 800),
  basic('Spear', 'd6', 1, 6, null, null, 8, 80),

  warrior('Battleaxe', 'd10', 2, 2, null, 2, 18, 700),
  warrior('Bow', 'd6', 1, 20, 2, null, 8, 2500),
  warrior('Great sword', '2d6', 2, 2, null, 2, 22, 4000),
  warrior('Heavy Crossbow', 'd8', 3, 25, 2, null, 17, 7500),
  warrior('Javelin', 'd4', 1, 5, null, null, 4, 60),
  warrior('Lance', 'd12', 2, 2, null, null, 16, 1400, 'Mounted use only.'),
  warrior('Longbow', 'd6', 1, 25, 2, null, 12, 5000),
  warrior('Long sword', 'd8', 2, 3, null, 1, 8, 2000),
  warrior('Mace', 'd6', 2, 1, null, 1, 12, 300),
  warrior('Morning Star', 'd8', 2, 4, null, 2, 17, 600),
  warrior('Rapier', 'd6', 2, 3, null, 1, 7, 2000),
  warrior('Scimitar', 'd8', 2, 2, null, 1, 8, 1500),
  warrior('War hammer', 'd8', 2, 4, null, 2, 16, 500),
];
