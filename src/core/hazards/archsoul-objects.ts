import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { AppliedModifier, SheetEffect } from './shared';

export type ObjectMaterial = 'glass' | 'rope' | 'wood' | 'steel' | 'stone';
export type ObjectKind = 'object' | 'tool' | 'weapon' | 'shield' | 'armor';

/**
 * Archsoul hardness by material (seed 002, "Hardness"). Wood and steel have a thin and a thick row;
 * the seed leaves exactly 30 cm of wood and 10 cm of steel between them: we put them in the thick row.
 */
export const HARDNESS_TABLE: readonly {
  material: ObjectMaterial;
  belowCm: number | null;
  hardness: number;
}[] = [
  { material: 'glass', belowCm: null, hardness: 1 },
  { material: 'rope', belowCm: null, hardness: 2 },
  { material: 'wood', belowCm: 30, hardness: 4 },
  { material: 'steel', belowCm: 10, hardness: 6 },
  { material: 'wood', belowCm: null, hardness: 8 },
  { material: 'stone', belowCm: null, hardness: 10 },
  { material: 'steel', belowCm: null, hardness: 12 },
];

/** Hit points of typical items whatever their thickness (seed 002, "Hardness"). */
export const DEFAULT_ITEM_HP: Readonly<Record<Exclude<ObjectKind, 'object'>, number>> = {
  tool: 5,
  weapon: 5,
  shield: 8,
  armor: 8,
};

export function hardnessOf(material: ObjectMaterial, thicknessCm: number): number {
  const row = HARDNESS_TABLE.find(
    (candidate) =>
      candidate.material === material && (candidate.belowCm === null || thicknessCm < candidate.belowCm),
  );
  return row ? row.hardness : 0;
}

export interface ArchsoulObjectInput {
  material: ObjectMaterial;
  /** Whole centimetres. */
  thickness: number;
  kind?: ObjectKind;
  /** Very thick or reinforced (a castle wall): hit points double. */
  reinforced?: boolean;
  /** A blow's rolled damage against the object. */
  damage?: number;
  /** The blow is blunt (ropes cannot be broken by blunt weapons). */
  blunt?: boolean;
  /** The striking weapon's hardness; leave out with `unarmed` for a bare-handed blow. */
  weaponHardness?: number;
  unarmed?: boolean;
}

export interface ArchsoulObjectOutcome {
  material: ObjectMaterial;
  thickness: number;
  hardness: number;
  hitPoints: number;
  blow: {
    damage: number;
    /** Damage the object takes after hardness. */
    objectDamage: number;
    /** The blow was below the object's hardness: the weapon takes it instead, less its own hardness. */
    recoil: boolean;
    weaponDamage: number;
    /** Unarmed recoil: hit points the attacker loses. */
    attackerDamage: number;
    /** A blunt blow on rope does nothing. */
    ineffective: boolean;
  } | null;
  modifiers: AppliedModifier[];
  effects: SheetEffect[];
}

const MATERIALS: ObjectMaterial[] = ['glass', 'rope', 'wood', 'steel', 'stone'];
const KINDS: ObjectKind[] = ['object', 'tool', 'weapon', 'shield', 'armor'];

/**
 * Archsoul objects (seed 002, "Hardness and Attacking Objects"): hardness from the material, hit
 * points from the thickness (1 per cm, doubled when reinforced; 5 for tools and weapons, 8 for
 * shields and armour), and a blow's damage less hardness. A blow below the hardness recoils onto the
 * weapon, less the weapon's own hardness, or onto the attacker's hit points when unarmed.
 */
export function archsoulObject(spec: ArchsoulObjectInput): ArchsoulObjectOutcome {
  const input = record(spec, 'input');
  const material = input.material as ObjectMaterial;
  if (!MATERIALS.includes(material))
    throw invalid(`\`material\` is one of: ${MATERIALS.join(', ')}.`, 'material');
  const thickness = wholeNumber(input.thickness, 'thickness', 0, 1_000_000);
  const kind = (input.kind ?? 'object') as ObjectKind;
  if (!KINDS.includes(kind)) throw invalid(`\`kind\` is one of: ${KINDS.join(', ')}.`, 'kind');
  const reinforced = optionalFlag(input.reinforced, 'reinforced');
  const blunt = optionalFlag(input.blunt, 'blunt');
  const unarmed = optionalFlag(input.unarmed, 'unarmed');
  const weaponHardness = optionalWholeNumber(input.weaponHardness, 'weaponHardness', 0, 0, 1000);
  if (unarmed && input.weaponHardness !== undefined && input.weaponHardness !== null) {
    throw invalid('An unarmed blow has no weapon hardness.', 'weaponHardness');
  }
  const hardness = hardnessOf(material, thickness);
  const modifiers: AppliedModifier[] = [];
  let hitPoints = kind === 'object' ? thickness : DEFAULT_ITEM_HP[kind];
  if (reinforced) {
    hitPoints *= 2;
    modifiers.push({ name: 'reinforced: hit points doubled', value: 2 });
  }
  const effects: SheetEffect[] = [];
  let blow: ArchsoulObjectOutcome['blow'] = null;
  if (input.damage !== undefined && input.damage !== null) {
    const damage = wholeNumber(input.damage, 'damage', 0, 1_000_000);
    const ineffective = blunt && material === 'rope';
    const recoil = !ineffective && damage < hardness;
    const weaponDamage = recoil && !unarmed ? Math.max(0, damage - weaponHardness) : 0;
    const attackerDamage = recoil && unarmed ? damage : 0;
    modifiers.push({ name: 'hardness', value: -hardness });
    if (ineffective) modifiers.push({ name: 'blunt against rope', value: 0 });
    blow = {
      damage,
      objectDamage: ineffective ? 0 : Math.max(0, damage - hardness),
      recoil,
      weaponDamage,
      attackerDamage,
      ineffective,
    };
    if (attackerDamage > 0) effects.push({ track: 'hit-points', change: -attackerDamage, status: null });
  }
  return { material, thickness, hardness, hitPoints, blow, modifiers, effects };
}
