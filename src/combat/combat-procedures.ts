import {
  archsoulAttack,
  archsoulAttackV2,
  cairnAction,
  cairnActionV2,
  coeacAction,
  coeacActionV2,
  coeacActionV3,
  cairnAttack,
  cairnDexSaves,
  cairnStruggle,
  coeacAmbush,
  coeacExchange,
  gmAttack,
  gmGroupEffort,
  gmManeuver,
  gmMassConflict,
  gmPsychic,
  gmPsychicV1,
} from '../core/combat';

/**
 * The combat resolutions as named, replayable procedures. Names go into the roll log: never rename;
 * a changed answer takes a `.vN` name.
 */
export const COMBAT_PROCEDURES = {
  coeacExchange: { name: 'combat.coeac-exchange', run: coeacExchange },
  coeacAmbush: { name: 'combat.coeac-ambush', run: coeacAmbush },
  /** A stored combat's COEAC exchange: the exchange and each sheet it harms on one stream. */
  coeacAction: { name: 'combat.coeac-action.v3', run: coeacActionV3 },
  /** Version 2: the harm by the core alone, its events told apart (before issue 39's engine in the roll); kept so they replay. */
  coeacActionV2: { name: 'combat.coeac-action.v2', run: coeacActionV2 },
  /** Logged before issue 39's COEAC part (a tie on a channeler cost nothing); kept so they replay. */
  coeacActionV1: { name: 'combat.coeac-action', run: coeacAction },
  cairnAttack: { name: 'combat.cairn-attack', run: cairnAttack },
  cairnDexSaves: { name: 'combat.cairn-dex-saves', run: cairnDexSaves },
  /** CA-02: a struggle, the side most at risk saves (stateless and a stored combat's `struggle`). */
  cairnStruggle: { name: 'combat.cairn-struggle', run: cairnStruggle },
  /**
   * A stored combat's Cairn action: the attack and each target's harm through the engine's transition
   * (`applyChange`) on one stream, with its events (issue 39).
   */
  cairnAction: { name: 'combat.cairn-action.v2', run: cairnActionV2 },
  /** Logged before the engine's transition ran in the roll (the harm by the core alone); kept so they replay. */
  cairnActionV1: { name: 'combat.cairn-action', run: cairnAction },
  gmAttack: { name: 'combat.gm-attack', run: gmAttack },
  gmGroupEffort: { name: 'combat.gm-group-effort', run: gmGroupEffort },
  gmMassConflict: { name: 'combat.gm-mass-conflict', run: gmMassConflict },
  /** An unwilling target resists `enter` with its own charisma (issue 43, X4). */
  gmPsychic: { name: 'combat.gm-psychic.v2', run: gmPsychic },
  /** Version 1 (the attacker's charisma helped the target resist), kept so its rolls replay. */
  gmPsychicV1: { name: 'combat.gm-psychic', run: gmPsychicV1 },
  gmManeuver: { name: 'combat.gm-maneuver', run: gmManeuver },
  /** AS-26: an Archsoul attack as the statuses of both sides rule it (issue 43). */
  archsoulAttack: { name: 'combat.archsoul-attack', run: archsoulAttack },
  /**
   * A stored Archsoul attack (issue 39): the attack and, on a hit, the target's harm through the
   * engine's transition on one stream, with its events (v1 logged the harm as a second roll).
   */
  archsoulAttackStored: { name: 'combat.archsoul-attack.v2', run: archsoulAttackV2 },
};

export type CombatProcedureKind = keyof typeof COMBAT_PROCEDURES;
