import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** An Archsoul crafting project; money columns are whole eighths of a copper. */
@Entity('crafting_projects')
@Index(['campaignId', 'createdAt', 'id'])
export class CraftingProjectEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'varchar', length: 100 })
  item: string;

  /** Whole copper. */
  @Column({ type: 'integer' })
  price: number;

  @Column({ name: 'prebuilt_value', type: 'integer' })
  prebuiltValue: number;

  @Column({ name: 'scavenged_value', type: 'integer' })
  scavengedValue: number;

  @Column({ name: 'effective_price', type: 'integer' })
  effectivePrice: number;

  @Column({ type: 'integer' })
  complexity: number;

  @Column({ type: 'simple-json' })
  skills: string[];

  @Column({ name: 'successes_needed', type: 'integer' })
  successesNeeded: number;

  @Column({ name: 'material_cost_eighths', type: 'integer' })
  materialCostEighths: number;

  @Column({ name: 'materials_owed_eighths', type: 'integer' })
  materialsOwedEighths: number;

  @Column({ name: 'materials_spent_eighths', type: 'integer' })
  materialsSpentEighths: number;

  @Column({ name: 'copies_paid', type: 'integer' })
  copiesPaid: number;

  @Column({ name: 'copies_made', type: 'integer' })
  copiesMade: number;

  /** Successes toward the copy in progress, by skill. */
  @Column({ type: 'simple-json' })
  progress: Record<string, number>;

  @Column({ name: 'abandoned_at', type: 'varchar', length: 32, nullable: true })
  abandonedAt: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

/** One crafting roll; the unique index allows one per project, character and in-game day. */
@Entity('crafting_rolls')
@Index(['projectId', 'characterId', 'day'], { unique: true })
export class CraftingRollEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  seq: number;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'project_id', type: 'varchar', length: 36 })
  projectId: string;

  @Column({ name: 'character_id', type: 'varchar', length: 36 })
  characterId: string;

  @Column({ type: 'integer' })
  day: number;

  @Column({ name: 'skill_name', type: 'varchar', length: 50 })
  skillName: string;

  @Column({ type: 'integer' })
  successes: number;

  @Column({ name: 'roll_id', type: 'varchar', length: 36 })
  rollId: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

/** A COEAC project clock. */
@Entity('project_clocks')
@Index(['campaignId', 'createdAt', 'id'])
export class ProjectClockEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'integer' })
  ticks: number;

  @Column({ type: 'integer' })
  filled: number;

  @Column({ name: 'character_ids', type: 'simple-json' })
  characterIds: string[];

  /** 'public' or 'referee'. */
  @Column({ type: 'varchar', length: 10 })
  visibility: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

/** A character attuned to an artifact; one per character and item. */
@Entity('attunements')
@Index(['characterId', 'itemId'], { unique: true })
export class AttunementEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'character_id', type: 'varchar', length: 36 })
  characterId: string;

  @Column({ name: 'item_id', type: 'varchar', length: 36 })
  itemId: string;

  /** 'ritual' or 'downtime'. */
  @Column({ type: 'varchar', length: 10 })
  method: string;

  @Column({ type: 'integer' })
  day: number;

  @Column({ name: 'roll_id', type: 'varchar', length: 36, nullable: true })
  rollId: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

/** One attunement ritual (Discipline test); the unique index allows one per character, item and day. */
@Entity('attunement_rituals')
@Index(['characterId', 'itemId', 'day'], { unique: true })
export class AttunementRitualEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  seq: number;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'character_id', type: 'varchar', length: 36 })
  characterId: string;

  @Column({ name: 'item_id', type: 'varchar', length: 36 })
  itemId: string;

  @Column({ type: 'integer' })
  day: number;

  @Column({ type: 'boolean' })
  passed: boolean;

  @Column({ name: 'roll_id', type: 'varchar', length: 36 })
  rollId: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

/** An Affix Spell ritual (creating an artifact). */
@Entity('artifact_rituals')
@Index(['characterId', 'createdAt'])
export class ArtifactRitualEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'character_id', type: 'varchar', length: 36 })
  characterId: string;

  @Column({ type: 'varchar', length: 100 })
  spell: string;

  @Column({ name: 'channeling_objective', type: 'integer' })
  channelingObjective: number;

  @Column({ name: 'anchor_item_id', type: 'varchar', length: 36, nullable: true })
  anchorItemId: string | null;

  @Column({ type: 'integer' })
  streak: number;

  @Column({ name: 'last_day', type: 'integer', nullable: true })
  lastDay: number | null;

  /** 'channeling' or 'complete'. */
  @Column({ type: 'varchar', length: 12 })
  status: string;

  @Column({ name: 'artifact_item_id', type: 'varchar', length: 36, nullable: true })
  artifactItemId: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

/** One day's channeling; the unique index allows one per ritual and day. */
@Entity('artifact_channelings')
@Index(['ritualId', 'day'], { unique: true })
export class ArtifactChannelingEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  seq: number;

  @Column({ name: 'ritual_id', type: 'varchar', length: 36 })
  ritualId: string;

  @Column({ type: 'integer' })
  day: number;

  @Column({ type: 'boolean' })
  passed: boolean;

  @Column({ name: 'roll_id', type: 'varchar', length: 36 })
  rollId: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

/** An orb integration attempt (its downtime action is the once-per-session limit). */
@Entity('orb_integrations')
export class OrbIntegrationEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'character_id', type: 'varchar', length: 36 })
  characterId: string;

  @Column({ name: 'orb_item_id', type: 'varchar', length: 36 })
  orbItemId: string;

  @Column({ name: 'into_item_id', type: 'varchar', length: 36 })
  intoItemId: string;

  @Column({ type: 'boolean' })
  integrated: boolean;

  @Column({ name: 'roll_id', type: 'varchar', length: 36 })
  rollId: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

export const CRAFTING_ENTITIES = [
  CraftingProjectEntity,
  CraftingRollEntity,
  ProjectClockEntity,
  AttunementEntity,
  AttunementRitualEntity,
  ArtifactRitualEntity,
  ArtifactChannelingEntity,
  OrbIntegrationEntity,
];
