import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/*
 * Column types are the portable subset (varchar, integer, text, boolean) so that one set of
 * migrations serves SQLite and PostgreSQL. Times are ISO-8601 UTC strings, which sort as text.
 */

export type Role = 'referee' | 'player' | 'viewer';
export const ROLES: readonly Role[] = ['referee', 'player', 'viewer'];

@Entity('campaigns')
export class CampaignEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** Campaign-wide rule settings (JSON); each domain documents its keys. */
  @Column({ type: 'simple-json' })
  settings: Record<string, unknown>;

  @Column({ name: 'current_session_id', type: 'varchar', length: 36, nullable: true })
  currentSessionId: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

@Entity('api_keys')
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Index()
  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'varchar', length: 16 })
  role: Role;

  @Column({ type: 'varchar', length: 100, nullable: true })
  label: string | null;

  /** For player keys: the characters this key may act for. */
  @Column({ name: 'character_ids', type: 'simple-json' })
  characterIds: string[];

  /** SHA-256 of the secret, hex. Keys are 256 random bits, so a fast hash is the right tool. */
  @Index({ unique: true })
  @Column({ name: 'secret_hash', type: 'varchar', length: 64 })
  secretHash: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Column({ name: 'revoked_at', type: 'varchar', length: 32, nullable: true })
  revokedAt: string | null;
}

@Entity('characters')
export class CharacterEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Index()
  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** COEAC Wealth rating, 0–12 (wealth domain). Changed only through the cash ledger. */
  @Column({ type: 'integer', default: 0 })
  wealth: number;

  /** COEAC Cash, a whole number of dice ≥ 0 (wealth domain). Changed only through the cash ledger. */
  @Column({ type: 'integer', default: 0 })
  cash: number;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

@Entity('game_sessions')
export class GameSessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Index()
  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  /** 1 for the campaign's first session, then 2, 3 … */
  @Column({ type: 'integer' })
  number: number;

  @Column({ name: 'started_at', type: 'varchar', length: 32 })
  startedAt: string;

  @Column({ name: 'ended_at', type: 'varchar', length: 32, nullable: true })
  endedAt: string | null;
}

@Entity('rolls')
@Index(['campaignId', 'seq'])
@Index('IDX_rolls_campaign_procedure_seq', ['campaignId', 'procedure', 'seq'])
@Index('IDX_rolls_campaign_character_seq', ['campaignId', 'characterId', 'seq'])
export class RollEntity {
  /** Insertion order; the keyset cursor of the roll log. */
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  seq: number;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'session_id', type: 'varchar', length: 36, nullable: true })
  sessionId: string | null;

  @Column({ name: 'key_id', type: 'varchar', length: 36 })
  keyId: string;

  @Column({ type: 'varchar', length: 16 })
  role: Role;

  @Column({ type: 'varchar', length: 64 })
  procedure: string;

  @Column({ type: 'simple-json' })
  inputs: Record<string, unknown>;

  @Column({ type: 'varchar', length: 128 })
  seed: string;

  @Column({ type: 'varchar', length: 64 })
  rng: string;

  @Column({ type: 'simple-json' })
  faces: number[];

  @Column({ type: 'simple-json' })
  outcome: Record<string, unknown>;

  /** The character the roll was made for (its effects' `characterId`), or null: the log's filter. */
  @Column({ name: 'character_id', type: 'varchar', length: 36, nullable: true })
  characterId: string | null;

  /** What the roll changed in the campaign (domains fill this), or null for a plain check. */
  @Column({ type: 'simple-json', nullable: true })
  effects: Record<string, unknown> | null;

  /** A secret roll is sealed for every key but the referee's until it is revealed. */
  @Column({ type: 'boolean', default: false })
  secret: boolean;

  /** For a secret roll: 128 random bits (hex) mixed into its commitment. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  salt: string | null;

  /** For a secret roll: SHA-256 (hex) of `salt + "." + JCS({ procedure, inputs, seed, rng, faces, outcome })`. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  commitment: string | null;

  /** When the referee revealed a secret roll; null while it is sealed. */
  @Column({ name: 'revealed_at', type: 'varchar', length: 32, nullable: true })
  revealedAt: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  /**
   * The receipt of the roll shown whole: the id of the key that signed it and its Ed25519 signature
   * (base64url). Signed when the roll is logged and kept, so that reading the log never signs; null
   * for rolls logged before receipts were stored, signed and kept the first time one is asked for.
   */
  @Column({ name: 'receipt_key_id', type: 'varchar', length: 64, nullable: true })
  receiptKeyId?: string | null;

  @Column({ name: 'receipt_signature', type: 'varchar', length: 128, nullable: true })
  receiptSignature?: string | null;

  /** The same for a secret roll's sealed view (over its commitment); null for an open roll. */
  @Column({ name: 'sealed_receipt_key_id', type: 'varchar', length: 64, nullable: true })
  sealedReceiptKeyId?: string | null;

  @Column({ name: 'sealed_receipt_signature', type: 'varchar', length: 128, nullable: true })
  sealedReceiptSignature?: string | null;
}

@Entity('idempotency_records')
export class IdempotencyRecordEntity {
  /** SHA-256 over (scope, key): one row per client key. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'request_hash', type: 'varchar', length: 64 })
  requestHash: string;

  @Column({ type: 'varchar', length: 16 })
  state: 'pending' | 'done';

  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus: number | null;

  @Column({ name: 'response_body', type: 'text', nullable: true })
  responseBody: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Index()
  @Column({ name: 'expires_at', type: 'varchar', length: 32 })
  expiresAt: string;
}

export const WATCHES = ['morning', 'afternoon', 'night'] as const;
export type Watch = (typeof WATCHES)[number];
export const SCALES = ['haven', 'overland', 'exploration', 'water', 'combat'] as const;
export type Scale = (typeof SCALES)[number];

/** The campaign's in-game clock and scale of play (one row a campaign). */
export type HavenKind = 'town' | 'camp';

@Entity('campaign_clocks')
export class CampaignClockEntity {
  @PrimaryColumn({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'integer', default: 1 })
  day: number;

  @Column({ type: 'varchar', length: 16, default: 'morning' })
  watch: Watch;

  @Column({ type: 'integer', default: 0 })
  turn: number;

  @Column({ type: 'varchar', length: 16, default: 'haven' })
  scale: Scale;

  @Column({ name: 'night_watch', type: 'boolean', default: false })
  nightWatch: boolean;

  /** Exploration turns that make a watch (0: turns never reach watches). */
  @Column({ name: 'turns_per_watch', type: 'integer', default: 0 })
  turnsPerWatch: number;

  /** The haven's kind: treasure turns into Cash only in a town. */
  @Column({ name: 'haven_kind', type: 'varchar', length: 8, default: 'town' })
  havenKind: HavenKind;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

/** The company treasury: a campaign-level Cash balance, changed only with a treasury ledger entry. */
@Entity('campaign_treasuries')
export class CampaignTreasuryEntity {
  @PrimaryColumn({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'integer', default: 0 })
  cash: number;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

/** Append-only: one row for every change of the treasury; the deltas add up to its Cash. */
@Entity('treasury_ledger')
@Index(['campaignId', 'seq'])
export class TreasuryLedgerEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  seq: number;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'cash_delta', type: 'integer' })
  cashDelta: number;

  @Column({ name: 'cash_after', type: 'integer' })
  cashAfter: number;

  /** transfer, adjustment, company-income, set-aside, … */
  @Column({ type: 'varchar', length: 32 })
  reason: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  note: string | null;

  /** The character on the other side of a transfer, if any. */
  @Column({ name: 'character_id', type: 'varchar', length: 36, nullable: true })
  characterId: string | null;

  @Column({ name: 'roll_id', type: 'varchar', length: 36, nullable: true })
  rollId: string | null;

  @Column({ name: 'session_id', type: 'varchar', length: 36, nullable: true })
  sessionId: string | null;

  @Column({ name: 'key_id', type: 'varchar', length: 36 })
  keyId: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

/** The characters activated for a session (COEAC's stable); no rows means no roster. */
@Entity('session_rosters')
@Index(['sessionId', 'characterId'], { unique: true })
export class SessionRosterEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  seq: number;

  @Column({ name: 'session_id', type: 'varchar', length: 36 })
  sessionId: string;

  @Column({ name: 'character_id', type: 'varchar', length: 36 })
  characterId: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

/** A character's one downtime action of a session; the unique index makes a second one impossible. */
@Entity('downtime_actions')
@Index(['sessionId', 'characterId'], { unique: true })
export class DowntimeActionEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer' })
  seq: number;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ name: 'session_id', type: 'varchar', length: 36 })
  sessionId: string;

  @Column({ name: 'character_id', type: 'varchar', length: 36 })
  characterId: string;

  /** What the action was spent on (a free-form activity, or the procedure that claimed it). */
  @Column({ type: 'varchar', length: 200 })
  activity: string;

  @Column({ name: 'roll_id', type: 'varchar', length: 36, nullable: true })
  rollId: string | null;

  @Column({ name: 'key_id', type: 'varchar', length: 36 })
  keyId: string;

  /** The campaign clock's day when it was spent (the one-a-week rule, J5); null before issue 43. */
  @Column({ name: 'clock_day', type: 'integer', nullable: true })
  clockDay: number | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

/**
 * Referee tables kept once per version, content-addressed, so that a roll on a table (an encounter
 * check, a draw, the clock's checks) refers to the table instead of carrying a copy of it: a hundred
 * overland watches on an 80 kB table used to add 8 MB to the roll log.
 *
 * A version is the RFC 8785 canonical JSON of the table's definition exactly as the roll used it;
 * its id is the lowercase hex SHA-256 of that text. The roll's inputs keep a small reference in its
 * place, `{ id, name, formula, version }`, which replay and the single-roll reads resolve. Versions
 * are never changed or deleted (a stored roll may name one), and the same version is stored once
 * per campaign however many rolls use it.
 */
@Entity('table_versions')
export class TableVersionEntity {
  @PrimaryColumn({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  /** SHA-256 (hex) of `definition`. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  version: string;

  /** The table's definition as RFC 8785 canonical JSON. */
  @Column({ type: 'text' })
  definition: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;
}

export const FOUNDATION_ENTITIES = [
  CampaignClockEntity,
  CampaignTreasuryEntity,
  TreasuryLedgerEntity,
  SessionRosterEntity,
  DowntimeActionEntity,
  CampaignEntity,
  ApiKeyEntity,
  CharacterEntity,
  GameSessionEntity,
  RollEntity,
  TableVersionEntity,
  IdempotencyRecordEntity,
];
