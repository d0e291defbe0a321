import {
  artifactRoll,
  cacheRoll,
  divideCash,
  harvest,
  hordeCount,
  siteHordes,
  spellbookRoll,
} from '../core/treasure';

/**
 * The treasure procedures as the roll log names them. Names are stored with every logged roll and
 * replayed by them: never rename one.
 */
export const TREASURE_PROCEDURES = {
  cache: { name: 'treasure.cache', run: cacheRoll },
  siteHordes: { name: 'treasure.site-hordes', run: siteHordes },
  hordeCount: { name: 'treasure.horde-count', run: hordeCount },
  artifact: { name: 'treasure.artifact', run: artifactRoll },
  harvest: { name: 'treasure.harvest', run: harvest },
  spellbook: { name: 'treasure.spellbook', run: spellbookRoll },
  division: { name: 'treasure.division', run: divideCash },
};
