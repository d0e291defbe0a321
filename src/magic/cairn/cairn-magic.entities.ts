import { Column, Entity, PrimaryColumn } from 'typeorm';

export const CAIRN_MAGIC_ROW_KINDS = ['spellbook', 'scroll', 'relic', 'fatigue'] as const;
export type CairnMagicRowKind = (typeof CAIRN_MAGIC_ROW_KINDS)[number];

/**
 * What makes an inventory item Cairn magic: a spellbook or scroll (its spell), a relic (its spell or
 * power, charges and recharge condition), or a Fatigue. Keyed by the item, so it moves with the item
 * when handed over and goes when the item goes (ON DELETE CASCADE).
 */
@Entity('cairn_magic_items')
export class CairnMagicItemEntity {
  @PrimaryColumn({ name: 'item_id', type: 'varchar', length: 36 })
  itemId: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'varchar', length: 16 })
  kind: CairnMagicRowKind;

  @Column({ name: 'spell_number', type: 'integer', nullable: true })
  spellNumber: number | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  power: string | null;

  @Column({ type: 'integer', nullable: true })
  charges: number | null;

  @Column({ name: 'max_charges', type: 'integer', nullable: true })
  maxCharges: number | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  recharge: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}
