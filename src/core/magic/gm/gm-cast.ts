import { RuleError } from '../../errors';
import type { GmMemorizedSpell } from '../../characters/gm-lore';

/*
 * A G&M sorceror casts a memorised spell (001, "Sorcerors", "Injuries", "Surprise"). The rule
 * document gives no roll for casting a spell: a memorised, uncast spell the sorceror may use is
 * simply cast (docs/decisions.md). What decides it:
 *
 * - the spell is memorised and not yet cast since (a cast spell is spent until memorised again);
 * - its level is at most the sorceror's level less its injuries (001:601); the level is the
 *   character's overall level (the sum of its archetype levels: 001:447 keeps archetype levels for
 *   reactions and the Fighting Art only);
 * - the character has the sorceror archetype.
 *
 * Who may act at all (down, dead, surprised) is the engine's state, read by the route.
 * The procedure `magic.gm.cast.v1` draws no dice: it records the decision in the roll log.
 */

export interface GmCastInput {
  /** The spell, as named (matched ignoring case). */
  spell: string;
  /** The sheet's archetypes with their levels. */
  archetypes: Array<{ archetype: string; level: number }>;
  /** The sheet's injuries (current). */
  injuries: number;
  memorizedSpells: GmMemorizedSpell[];
}

export interface GmCastOutcome {
  spell: string;
  level: number;
  /** The index in `memorizedSpells` of the slot spent. */
  slot: number;
  /** The character's overall level. */
  casterLevel: number;
  injuries: number;
  /** The highest spell level it may cast now: level less injuries. */
  highestLevel: number;
}

const SORCEROR = 'sorceror';

function refuse(field: string, message: string): never {
  throw new RuleError('UNPROCESSABLE', message, field);
}

/** Decides a cast; refuses (UNPROCESSABLE naming `spell` or `characterId`) what the rules do not allow. */
export function decideGmCast(input: GmCastInput): GmCastOutcome {
  const archetypes = input.archetypes ?? [];
  if (!archetypes.some((a) => a.archetype.toLowerCase() === SORCEROR))
    refuse('characterId', 'Only a sorceror casts spells: the sheet has no sorceror archetype.');
  const casterLevel = archetypes.reduce((sum, a) => sum + a.level, 0);
  const wanted = input.spell.trim().toLowerCase();
  const named = input.memorizedSpells
    .map((s, slot) => ({ s, slot }))
    .filter(({ s }) => s.name.toLowerCase() === wanted);
  if (named.length === 0)
    refuse(
      'spell',
      `${input.spell} is not memorised (memorizedSpells holds ${
        input.memorizedSpells.length === 0
          ? 'nothing'
          : [...new Set(input.memorizedSpells.map((s) => s.name))].join(', ')
      }).`,
    );
  const ready = named.find(({ s }) => !s.cast);
  if (!ready) refuse('spell', `${named[0].s.name} was already cast since it was memorised.`);
  const injuries = Math.max(0, input.injuries);
  const highestLevel = casterLevel - injuries;
  if (ready.s.level > highestLevel)
    refuse(
      'spell',
      `${ready.s.name} is a level ${ready.s.level} spell: a level ${casterLevel} sorceror with ${injuries} ${
        injuries === 1 ? 'injury' : 'injuries'
      } casts spells up to level ${Math.max(0, highestLevel)}.`,
    );
  return { spell: ready.s.name, level: ready.s.level, slot: ready.slot, casterLevel, injuries, highestLevel };
}

/** The sheet's memorised spells with the slot spent marked cast. */
export function markCast(memorized: GmMemorizedSpell[], slot: number): GmMemorizedSpell[] {
  return memorized.map((s, i) => (i === slot ? { ...{}, ...s, cast: true } : s));
}

/** The logged procedure of a cast (no dice: the log keeps the decision and what it read). */
export const GM_CAST_PROCEDURE = {
  name: 'magic.gm.cast.v1',
  run: (input: GmCastInput): GmCastOutcome => decideGmCast(input),
};
