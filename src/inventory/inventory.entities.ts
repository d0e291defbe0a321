import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { CarrierKind, ItemKind } from '../core/treasure';

export type { ItemKind } from '../core/treasure';

/** One thing a character carries, in COEAC inventory slots. */
@Entity('inventory_items')
@Index(['characterId', 'createdAt', 'id'])
export class InventoryItemEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'character_id', type: 'varchar', length: 36 })
  characterId: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  kind: ItemKind;

  @Column({ type: 'integer', default: 1 })
  slots: number;

  /** Value in Cash (treasure and commodities); null when it has none. */
  @Column({ type: 'integer', nullable: true })
  cash: number | null;

  /** The depletion score (d20 at or above it: one use left); null when it does not deplete. */
  @Column({ type: 'integer', nullable: true })
  depletion: number | null;

  @Column({ name: 'last_use', type: 'boolean', default: false })
  lastUse: boolean;

  /** Broken (COEAC Broken Gear) until repaired: a broken item gives no Armor. */
  @Column({ type: 'boolean', default: false })
  broken: boolean;

  /** Materials counted in dice ("Refined Cybalt Ore (4d)"). */
  @Column({ type: 'integer', nullable: true })
  dice: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  notes: string | null;

  /** A Foundry Cairn item's data (`type` and `system`) as JSON text, kept for the export (issue 40). */
  @Column({ type: 'text', nullable: true })
  foundry?: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

/** A carrier a character keeps: porters, followers, pack animals and carts add slots. */
@Entity('inventory_carriers')
@Index(['characterId', 'createdAt', 'id'])
export class InventoryCarrierEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'character_id', type: 'varchar', length: 36 })
  characterId: string;

  @Column({ type: 'varchar', length: 16 })
  kind: CarrierKind;

  @Column({ type: 'varchar', length: 100, nullable: true })
  name: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}
