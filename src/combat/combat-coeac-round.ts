import type { StoredCombatant } from './combat-campaign.entities';
import type { CoeacCombatantRound } from './combat-actions.coeac.results';

/**
 * A COEAC combatant's round as the combat's answer shows it (B1, docs/combat.md "Ordering the
 * round"): what it declared this round (its threats, full defence or a channeling) and whether it
 * has made its combat check. `shown`: the combatants this key may see (threats against a hidden NPC
 * are not named to players).
 */
export function coeacRound(
  c: StoredCombatant,
  round: number,
  shown: ReadonlySet<string>,
): CoeacCombatantRound {
  const s = c.coeac ?? {};
  const channeling = s.channeling === round;
  return {
    round,
    acted: s.acted === round,
    threatens: s.threatensRound === round ? (s.threatens ?? []).filter((id) => shown.has(id)) : null,
    defense: channeling ? 'channeling' : s.defending === round ? 'full-defense' : null,
    channelSpell: channeling ? (s.channelSpell ?? null) : null,
    channeled: s.channeled === round,
    surprised: s.surprised === round,
  };
}
