import {
  archsoulCondition,
  cairnDamage,
  coeacEating,
  downAndOut,
  gmDamage,
  gmDeathRoll,
  gmHealing,
  gmHeroicLastEffort,
  gmNpcSurvival,
} from '../core/harm';

/**
 * The harm procedures that roll dice, as named, replayable procedures. Names go into the roll log
 * once the campaign half logs them: never rename; a changed answer takes a `.vN` name.
 */
export const HARM_PROCEDURES = {
  cairnDamage: { name: 'harm.cairn-damage', run: cairnDamage },
  downAndOut: { name: 'harm.coeac-down-and-out', run: downAndOut },
  coeacEating: { name: 'harm.coeac-eating', run: coeacEating },
  archsoulCondition: { name: 'harm.archsoul-condition', run: archsoulCondition },
  gmDamage: { name: 'harm.gm-damage', run: gmDamage },
  gmDeathRoll: { name: 'harm.gm-death-roll', run: gmDeathRoll },
  gmHeroicLastEffort: { name: 'harm.gm-heroic-last-effort', run: gmHeroicLastEffort },
  gmHealing: { name: 'harm.gm-healing', run: gmHealing },
  gmNpcSurvival: { name: 'harm.gm-npc-survival', run: gmNpcSurvival },
};

export type HarmProcedureKind = keyof typeof HARM_PROCEDURES;
