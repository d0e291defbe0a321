import {
  chase,
  dieOfFate,
  drawTable,
  distanceRoll,
  encounterCheck,
  encounterCheckV1,
  encounterCheckV2,
  moraleCheck,
  numberAppearing,
  reactionRoll,
  surpriseRoll,
} from '../core/encounters';

/**
 * The encounter rolls as named, replayable procedures. Names are stored in the roll log: never rename.
 * When a procedure's answer changes shape, the new one takes a `.vN` name and the old name stays
 * registered for replay only (docs/decisions.md).
 */
export const ENCOUNTER_PROCEDURES = {
  check: { name: 'encounters.check.v3', run: encounterCheck },
  checkV2: { name: 'encounters.check.v2', run: encounterCheckV2 },
  checkV1: { name: 'encounters.check', run: encounterCheckV1 },
  reaction: { name: 'encounters.reaction', run: reactionRoll },
  distance: { name: 'encounters.distance', run: distanceRoll },
  dieOfFate: { name: 'encounters.die-of-fate', run: dieOfFate },
  morale: { name: 'encounters.morale', run: moraleCheck },
  surprise: { name: 'encounters.surprise', run: surpriseRoll },
  numberAppearing: { name: 'encounters.number-appearing', run: numberAppearing },
  tableDraw: { name: 'encounters.table-draw', run: drawTable },
  chase: { name: 'encounters.chase', run: chase },
};
