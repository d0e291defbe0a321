import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A unit of a stored mass conflict (G&M G8–G10): many members fighting as one combatant. */
export interface StoredUnit {
  id: string;
  name: string;
  side: string;
  size: number;
  /** The group bonus of its size (G1). */
  bonus: number;
  medianSurvival: number;
  medianMovement: number | null;
  medianAttackBonus: number;
  medianDefense: number;
  medianEvasion: number;
  /** The members' median spontaneous reaction, for morale checks (G5). */
  moraleTarget: number;
  /** The leader's charisma (G7); null without a leader. */
  leaderCharisma: number | null;
  /** The weapon's damage dice. */
  damage: string;
  /** Survival as a unit (median + median × bonus) and what is left of it. */
  maxSurvival: number;
  survival: number;
  injuries: number;
  /** Survival and injury damage taken in the whole fight (the aftermath divides it). */
  damageTaken: number;
  /** The last round it took damage (morale is checked at the end of that round). */
  hitRound: number | null;
  /** Rounds a failed morale check still holds it back (it does not attack meanwhile). */
  delay: number;
  /** No survival left: it no longer fights as a group (G9). */
  broken: boolean;
  /** Rolled when the conflict ends (G10): the aftermath roll of this unit. */
  aftermathRollId: string | null;
}

/** A stored G&M mass conflict (issue 20): units, rounds, losses and morale kept between rounds. */
@Entity('mass_conflicts')
@Index(['campaignId', 'createdAt'])
export class MassConflictEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'integer' })
  round: number;

  /** `active` or `ended`. */
  @Column({ type: 'varchar', length: 16 })
  status: string;

  /** A secret conflict is the referee's: not shown to other keys, its rolls sealed. */
  @Column({ type: 'boolean', default: false })
  secret: boolean;

  @Column({ type: 'simple-json' })
  units: StoredUnit[];

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

export const MASS_CONFLICT_ENTITIES = [MassConflictEntity];
