import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { TableEntry } from '../core/encounters';

/** A referee table (SPEC 5.4): hidden from other keys unless its visibility is `players`. */
@Entity('referee_tables')
@Index(['campaignId', 'createdAt', 'id'])
export class RefereeTableEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 64 })
  formula: string;

  @Column({ type: 'simple-json' })
  entries: TableEntry[];

  @Column({ type: 'varchar', length: 200, nullable: true })
  area: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  scale: string | null;

  /** referee (default) or players. */
  @Column({ type: 'varchar', length: 16 })
  visibility: string;

  /** Foundry's "draw with replacement", kept for the export; Arbiter always draws with replacement. */
  @Column({ type: 'boolean' })
  replacement: boolean;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Totals no entry covers mean "nothing happens" (Foundry tolerates gaps); false refuses gaps. */
  @Column({ name: 'allow_gaps', type: 'boolean', default: false })
  allowGaps: boolean;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

/** A recurring character or monster of the referee's cast. */
@Entity('recurring_cast')
@Index(['campaignId', 'createdAt', 'id'])
export class RecurringCastEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** character or monster. */
  @Column({ type: 'varchar', length: 16 })
  kind: string;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  notes: string | null;

  /** The NPC that plays this member, when the referee keeps one (cleared when the NPC is deleted). */
  @Column({ name: 'npc_id', type: 'varchar', length: 36, nullable: true })
  npcId: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

/** The campaign's encounter settings: a default table per scale and the recurring chance. */
@Entity('encounter_settings')
export class EncounterSettingsEntity {
  @PrimaryColumn({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  /** Table id by scale (overland, exploration, water). */
  @Column({ name: 'default_tables', type: 'simple-json' })
  defaultTables: Record<string, string>;

  @Column({ name: 'recurring_chance', type: 'integer' })
  recurringChance: number;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}
