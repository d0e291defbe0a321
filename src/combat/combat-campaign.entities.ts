import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { CairnTurn } from '../core/combat/cairn-turn';
import type { GmTurn } from '../core/combat/gm-turn';

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
  /** Cairn: a detachment (a unit of many fighting as one; seed 004, "Detachments"). */
  detachment?: boolean;
  /** Cairn: a detachment routed by critical damage; it no longer acts. */
  routed?: boolean;
  /** Cairn: a detachment destroyed (STR 0). */
  destroyed?: boolean;
  /**
   * Cairn: the round in which a blow left it unable to act (out, critical, dead …). The results of a
   * round are simultaneous (004:64): it still takes its action in that round, not after.
   */
  fellInRound?: number;
  /** Cairn: got away by a retreat DEX save; it no longer acts. */
  fled?: boolean;
  /** Cairn: failed the first-round DEX save and loses its turn in round 1. */
  lostFirstTurn?: boolean;
  /** Cairn: the roll of its first-round DEX save. */
  firstRoundRollId?: string;
  /** Cairn: the morale triggers its side has already saved for (first-casualty, half). */
  moraleChecked?: string[];
  /** Cairn turn allowance (CA-17) in round `round`: feet moved, the action taken, extra actions granted. */
  cairn?: CairnTurn;
  /** COEAC round state (combat-actions.coeac.ts): rounds it acted, declared full defence, was surprised. */
  coeac?: {
    acted?: number;
    defending?: number;
    defenseSkill?: string;
    channeling?: number;
    channelSpell?: string;
    surprised?: number;
    ambushed?: boolean;
    /** The round its threats were declared in, and whom it threatens (B1). */
    threatensRound?: number;
    threatens?: string[];
    /** The round its declared channeling resolved as its defence (so the round's end does not cast it). */
    channeled?: number;
  };
  /** G&M round (CB4, CB17, G2, PC1, Movement) in round `round`: actions taken, feet moved. */
  gmTurn?: GmTurn;
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
