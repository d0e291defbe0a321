import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A condition a combatant carries in a stored combat (G&M: surprised, held, called-shot …). */
export interface CombatCondition {
  name: string;
  round: number;
  by: string | null;
  value: number | null;
}

/** One combatant of a stored combat: a character or an NPC of the campaign, on a side. */
export interface StoredCombatant {
  kind: 'character' | 'npc';
  id: string;
  side: string;
  /** Conditions kept on the combat (G&M grapples, surprise, psychic conflict); absent when none. */
  conditions?: CombatCondition[];
}

/** A campaign combat (issue 20): its system, round and combatants. */
@Entity('combats')
@Index(['campaignId', 'createdAt'])
export class CombatEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 36 })
  campaignId: string;

  @Column({ type: 'varchar', length: 16 })
  system: string;

  @Column({ type: 'integer' })
  round: number;

  /** `active` or `ended`. */
  @Column({ type: 'varchar', length: 16 })
  status: string;

  /** Every attack of a secret combat is sealed for players. */
  @Column({ type: 'boolean', default: false })
  secret: boolean;

  @Column({ type: 'simple-json' })
  combatants: StoredCombatant[];

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'varchar', length: 32 })
  updatedAt: string;
}

export const COMBAT_ENTITIES = [CombatEntity];
