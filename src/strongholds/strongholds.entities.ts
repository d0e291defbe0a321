import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A stronghold of a character (owner set) or of the whole company (owner null). */
@Entity('strongholds')
@Index(['campaignId', 'createdAt', 'id'])
@Index(['ownerCharacterId'])
export class StrongholdEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 50, nullable: true })
  kind: string | null;

  /** Null: the company's. */
  @Column({ name: 'owner_character_id', type: 'varchar', length: 36, nullable: true })
  ownerCharacterId: string | null;

  /** 0 (planned) to 12. */
  @Column({ type: 'integer', default: 0 })
  rank: number;

  /** Set when the referee removes it; removed strongholds are kept for the roll log's sake. */
  @Column({ name: 'removed_at', type: 'varchar', length: 32, nullable: true })
  removedAt: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

/** One tag (facility) of a stronghold; names are unique per stronghold, case-insensitively. */
@Entity('stronghold_tags')
@Index(['strongholdId', 'nameKey'], { unique: true })
export class StrongholdTagEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  seq: number;

  @Column({ name: 'stronghold_id', type: 'varchar', length: 36 })
  strongholdId: string;

  @Column({ type: 'varchar', length: 40 })
  name: string;

  /** The name as matched: trimmed, spaces collapsed, lower case. */
  @Column({ name: 'name_key', type: 'varchar', length: 40 })
  nameKey: string;

  @Column({ type: 'boolean', default: false })
  economic: boolean;

  /** Added by the referee beyond the rank's allowance. */
  @Column({ type: 'boolean', default: false })
  earned: boolean;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

/** One improvement attempt; the unique index allows one per stronghold per session. */
@Entity('stronghold_improvements')
@Index(['sessionId', 'strongholdId'], { unique: true })
export class StrongholdImprovementEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  seq: number;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'session_id', type: 'varchar', length: 36 })
  sessionId: string;

  @Column({ name: 'stronghold_id', type: 'varchar', length: 36 })
  strongholdId: string;

  @Column({ name: 'roll_id', type: 'varchar', length: 36 })
  rollId: string;

  @Column({ name: 'key_id', type: 'varchar', length: 36 })
  keyId: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

/** The company strongholds' income roll of a session; the unique index allows one per session. */
@Entity('company_incomes')
export class CompanyIncomeEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  seq: number;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Index({ unique: true })
  @Column({ name: 'session_id', type: 'varchar', length: 36 })
  sessionId: string;

  @Column({ name: 'roll_id', type: 'varchar', length: 36 })
  rollId: string;

  @Column({ name: 'key_id', type: 'varchar', length: 36 })
  keyId: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}
