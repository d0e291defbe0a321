import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One piece of advancement state of a campaign, by scope: `gm:<characterId>` (level gains to spend,
 * practical mojo, purchases), `reputation:<faction>`, `study:<projectId>`, `specialty:<class>`,
 * `retired:<characterId>`. Changed only inside a campaign mutation (which takes the campaign's turn).
 */
@Entity('advancement_state')
@Index(['campaignId', 'scope'], { unique: true })
export class AdvancementStateEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'varchar', length: 240 })
  scope: string;

  @Column({ type: 'simple-json' })
  data: Record<string, unknown>;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

/** The append-only history of advancement changes (a bid, a purchase, Boons, a Reputation change). */
@Entity('advancement_history')
@Index(['campaignId', 'kind', 'refersTo'], { unique: true })
export class AdvancementHistoryEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'varchar', length: 32 })
  kind: string;

  @Column({ type: 'varchar', length: 240 })
  scope: string;

  @Column({ name: 'character_id', type: 'varchar', length: 36, nullable: true })
  characterId: string | null;

  /** What this change may happen to only once (a bid's roll id); null for the rest. */
  @Column({ name: 'refers_to', type: 'varchar', length: 80, nullable: true })
  refersTo: string | null;

  @Column({ name: 'roll_id', type: 'varchar', length: 36, nullable: true })
  rollId: string | null;

  @Column({ name: 'session_id', type: 'varchar', length: 36, nullable: true })
  sessionId: string | null;

  @Column({ type: 'simple-json' })
  data: Record<string, unknown>;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

export const ADVANCEMENT_ENTITIES = [AdvancementStateEntity, AdvancementHistoryEntity];
