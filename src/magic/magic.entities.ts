import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A COEAC spell a character channeled that is still live, or the spell it holds bound. One row per
 * character and spell: only one instance of a spell exists, so a new cast replaces the row.
 */
@Entity('coeac_spell_instances')
@Index(['characterId', 'spellId'], { unique: true })
export class CoeacSpellInstanceEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'character_id', type: 'varchar', length: 36 })
  characterId: string;

  @Column({ name: 'spell_id', type: 'varchar', length: 64 })
  spellId: string;

  @Column({ type: 'boolean', default: false })
  bound: boolean;

  @Column({ type: 'integer' })
  potency: number;

  @Column({ type: 'integer' })
  objective: number;

  @Column({ name: 'roll_id', type: 'varchar', length: 36 })
  rollId: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

/** A campaign's magic settings: the referee table a COEAC mutation is rolled on (null: a note). */
@Entity('magic_settings')
export class MagicSettingsEntity {
  @PrimaryColumn({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'mutation_table_id', type: 'varchar', length: 36, nullable: true })
  mutationTableId: string | null;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

export const MAGIC_ENTITIES = [CoeacSpellInstanceEntity, MagicSettingsEntity];
