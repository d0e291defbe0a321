import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The cash ledger: append-only, one row for every change of a character's Cash or Wealth. The
 * cash deltas of a character always add up to its Cash, and the wealth deltas to its Wealth.
 */
@Entity('cash_ledger')
@Index(['characterId', 'seq'])
export class LedgerEntryEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  seq: number;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'character_id', type: 'varchar', length: 36 })
  characterId: string;

  @Column({ name: 'cash_delta', type: 'integer' })
  cashDelta: number;

  @Column({ name: 'wealth_delta', type: 'integer' })
  wealthDelta: number;

  @Column({ name: 'cash_after', type: 'integer' })
  cashAfter: number;

  @Column({ name: 'wealth_after', type: 'integer' })
  wealthAfter: number;

  /** opening, purchase, sale, income, wealth-improvement or adjustment. */
  @Column({ type: 'varchar', length: 32 })
  reason: string;

  /** The item bought or sold, or the referee's words for an adjustment. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  note: string | null;

  @Column({ name: 'roll_id', type: 'varchar', length: 36, nullable: true })
  rollId: string | null;

  @Column({ name: 'session_id', type: 'varchar', length: 36, nullable: true })
  sessionId: string | null;

  @Column({ name: 'key_id', type: 'varchar', length: 36 })
  keyId: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

/** "Once per session" uses: the unique index makes a second use in the same session impossible. */
@Entity('session_uses')
@Index(['sessionId', 'characterId', 'kind'], { unique: true })
export class SessionUseEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  seq: number;

  @Column({ name: 'session_id', type: 'varchar', length: 36 })
  sessionId: string;

  @Column({ name: 'character_id', type: 'varchar', length: 36 })
  characterId: string;

  /** income or wealth-improvement (strongholds will add their own). */
  @Column({ type: 'varchar', length: 32 })
  kind: string;

  @Column({ name: 'roll_id', type: 'varchar', length: 36, nullable: true })
  rollId: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}
