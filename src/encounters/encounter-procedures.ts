import {
  dieOfFate,
  distanceRoll,
  encounterCheck,
  moraleCheck,
  numberAppearing,
  reactionRoll,
  surpriseRoll,
} from '../core/encounters';

/** The encounter rolls as named, replayable procedures. Names are stored in the roll log: never rename. */
export const ENCOUNTER_PROCEDURES = {
  check: { name: 'encounters.check', run: encounterCheck },
  reaction: { name: 'encounters.reaction', run: reactionRoll },
  distance: { name: 'encounters.distance', run: distanceRoll },
  dieOfFate: { name: 'encounters.die-of-fate', run: dieOfFate },
  morale: { name: 'encounters.morale', run: moraleCheck },
  surprise: { name: 'encounters.surprise', run: surpriseRoll },
  numberAppearing: { name: 'encounters.number-appearing', run: numberAppearing },
};
