import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { CacheDifficulty } from '../core/treasure';
import type { HordeItemKind } from './treasure.inputs';

/** An item of a horde, kept on the horde until the division puts it into an inventory. */
export interface StoredHordeItem {
  id: string;
  name: string;
  kind: HordeItemKind;
  cash: number | null;
  slots: number;
}

/** A horde placed by the referee: secret to other keys until `discoveredAt` is set. */
@Entity('hordes')
@Index(['campaignId', 'createdAt', 'id'])
export class HordeEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'varchar', length: 200 })
  site: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  difficulty: CacheDifficulty | null;

  @Column({ type: 'integer' })
  cash: number;

  @Column({ type: 'simple-json' })
  items: StoredHordeItem[];

  /** Its own secret rolls (the cache roll), revealed at discovery. */
  @Column({ name: 'roll_ids', type: 'simple-json' })
  rollIds: string[];

  /** Hordes placed together by one site placement share it; its count roll is revealed with the last. */
  @Column({ name: 'placement_id', type: 'varchar', length: 36, nullable: true })
  placementId: string | null;

  @Column({ name: 'placement_roll_id', type: 'varchar', length: 36, nullable: true })
  placementRollId: string | null;

  @Column({ name: 'discovered_at', type: 'varchar', length: 32, nullable: true })
  discoveredAt: string | null;

  @Column({ name: 'divided_at', type: 'varchar', length: 32, nullable: true })
  dividedAt: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}
