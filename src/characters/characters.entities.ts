import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { AnimalTraining, FollowerSource } from '../core/characters/hirelings';
import type { Sheet, SheetSystem } from '../core/characters/sheets';

/** Whose sheet or ledger entry: a campaign character or an NPC. */
export type OwnerKind = 'character' | 'npc';

/**
 * One sheet of one character or NPC in one system (SPEC 6.1). `data` is the sheet in the game's
 * words, normalised by the core; its tracked values change only through the condition ledger.
 */
@Entity('character_sheets')
@Index(['ownerId', 'system'], { unique: true })
export class CharacterSheetEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'owner_kind', type: 'varchar', length: 16 })
  ownerKind: OwnerKind;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId: string;

  @Column({ type: 'varchar', length: 16 })
  system: SheetSystem;

  @Column({ type: 'simple-json' })
  data: Sheet;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

/**
 * The condition ledger: append-only, one row for every change of a tracked value. The deltas of one
 * owner's field always add up to its value.
 */
@Entity('condition_ledger')
@Index(['ownerId', 'seq'])
export class ConditionEntryEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  seq: number;

  /** A UUID of version 7; not indexed: the ledger is read by owner, never by entry (docs/decisions.md). */
  @Column({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'owner_kind', type: 'varchar', length: 16 })
  ownerKind: OwnerKind;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId: string;

  @Column({ type: 'varchar', length: 16 })
  system: SheetSystem;

  /** The tracked value's path in the sheet: `hp`, `str.current`, `classResources.Luck.current`. */
  @Column({ type: 'varchar', length: 200 })
  field: string;

  @Column({ type: 'integer' })
  delta: number;

  @Column({ name: 'value_after', type: 'integer' })
  valueAfter: number;

  /** roll, procedure, adjustment (the referee's) or sheet (the referee's PUT of the sheet). */
  @Column({ type: 'varchar', length: 16 })
  cause: string;

  /** The procedure that made the change (`check.save`, `harm.damage`, …), when there was one. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  procedure: string | null;

  @Column({ name: 'roll_id', type: 'varchar', length: 36, nullable: true })
  rollId: string | null;

  /** The referee's words for an adjustment. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  reason: string | null;

  @Column({ name: 'session_id', type: 'varchar', length: 36, nullable: true })
  sessionId: string | null;

  @Column({ name: 'key_id', type: 'varchar', length: 36 })
  keyId: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

export const NPC_KINDS = ['adversary', 'monster', 'hireling', 'follower', 'animal', 'other'] as const;
export type NpcKind = (typeof NPC_KINDS)[number];
export const NPC_VISIBILITIES = ['referee', 'players'] as const;
export type NpcVisibility = (typeof NPC_VISIBILITIES)[number];

/** A campaign's NPC: adversaries, monsters, hirelings, followers, animals. Referee-only by default. */
@Entity('npcs')
@Index(['campaignId', 'createdAt', 'id'])
export class NpcEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  kind: NpcKind;

  /** COEAC adversary grade (minor … severe), when made from one. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  grade: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  tag: string | null;

  /** The character it serves (hirelings, followers, animals). */
  @Column({ name: 'bound_to', type: 'varchar', length: 36, nullable: true })
  boundTo: string | null;

  @Column({ type: 'varchar', length: 16 })
  visibility: NpcVisibility;

  /** For a shown NPC: whether other keys also see its sheets (numbers). */
  @Column({ name: 'show_numbers', type: 'boolean', default: false })
  showNumbers: boolean;

  /** What other keys see of a shown NPC's state ("wounded", "fleeing"); free text. */
  @Column({ name: 'visible_state', type: 'varchar', length: 200, nullable: true })
  visibleState: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** Followers (and companion animals): `feat` (the position refills) or `fiction` (003:926–928). */
  @Column({ name: 'follower_source', type: 'varchar', length: 16, nullable: true })
  followerSource: FollowerSource | null;

  /** Animals: untrained, trained, companion or familiar (their morale rule, 003:938–942). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  training: AnimalTraining | null;

  /** The session number in which it was lost (died, departed, dismissed); null while with its master. */
  @Column({ name: 'lost_in_session', type: 'integer', nullable: true })
  lostInSession: number | null;

  /** A Feat-granted follower: the session whose start brings it back. */
  @Column({ name: 'returns_at_session', type: 'integer', nullable: true })
  returnsAtSession: number | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

/**
 * The last attempt at one named task (G&M CH6, 001:671–675): a failed task is not rolled again, not
 * even by another character, unless it is reframed or a new session has started.
 */
@Entity('task_attempts')
@Index(['campaignId', 'scope', 'taskKey'], { unique: true })
export class TaskAttemptEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  /** Whose tasks: `characters` (every character of the campaign shares them, 001:675) or an NPC's id. */
  @Column({ type: 'varchar', length: 36 })
  scope: string;

  /** Who made the attempt. */
  @Column({ name: 'owner_kind', type: 'varchar', length: 16 })
  ownerKind: OwnerKind;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId: string;

  /** The task's name, trimmed and lower-cased: what two checks compare. */
  @Column({ name: 'task_key', type: 'varchar', length: 200 })
  taskKey: string;

  @Column({ type: 'varchar', length: 200 })
  task: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  framing: string | null;

  @Column({ type: 'boolean' })
  passed: boolean;

  @Column({ name: 'session_id', type: 'varchar', length: 36, nullable: true })
  sessionId: string | null;

  @Column({ name: 'roll_id', type: 'varchar', length: 36 })
  rollId: string;

  @Column({ type: 'boolean', default: false })
  secret: boolean;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

export const CHARACTER_ENTITIES = [CharacterSheetEntity, ConditionEntryEntity, NpcEntity, TaskAttemptEntity];
