import type { SheetEffect } from '../hazards/shared';
import { sheetDamage, type SheetDamageInput, type SheetDamageOutcome } from '../harm/campaign';
import type { Dice } from '../random';

/*
 * The campaign engine (issue 39): harm has one transition per system, `harm.sheet-damage` in
 * ../harm/campaign.ts, and it alone decides what a loss does to a character (verve, survival,
 * injuries, Down and Out, the unconscious and death thresholds, the timers that follow). A hazard,
 * a spell's cost or a blow only says what was lost; this file turns a hazard's sheet effects into
 * that transition's change, and leaves to the condition ledger only what is not harm (recovery,
 * fatigue, Endurance lost to a hazard, statuses).
 */

/**
 * The seed of the harm a hazard or a spell does (its own logged roll, `harm.sheet-damage`): derived
 * from the seed of the roll that caused it, so the pair replays from that one seed; a party member's
 * harm also from its place in the party.
 */
export function harmSeed(seed: string, member: number | null = null): string {
  return `${seed.slice(0, 96)}/harm${member === null ? '' : `/${member}`}`;
}

/** What a hazard does to a stored sheet, split between the harm transition and the plain ledger. */
export interface HazardHarm {
  /** The loss the harm transition takes: the points lost and, of them, the ones forced to injuries. */
  damage: { amount: number; forcedInjuries: number } | null;
  /** The hazard itself killed (an Archsoul drowning that ran out of Endurance, 002:95). */
  fatal: boolean;
  /** The effects that are not harm, for the ledger as before. */
  rest: SheetEffect[];
}

/**
 * G&M: survival lost and injuries gained are one loss (a fall's dice each force an injury, 000:83), so
 * survival lost past 0 becomes injuries and the consciousness and death rolls follow (001:597–615).
 * Archsoul: hit points lost go below 0 through the same thresholds as a blow (002:32); a drowning's
 * death is the transition's to write. Survival or hit points given back, and injuries healed, are not
 * harm: they stay ledger changes.
 */
export function hazardHarm(system: 'gm' | 'archsoul', effects: readonly SheetEffect[]): HazardHarm {
  let amount = 0;
  let forced = 0;
  let fatal = false;
  const rest: SheetEffect[] = [];
  for (const effect of effects) {
    if (effect.change === 0) continue;
    if (system === 'gm' && effect.track === 'survival' && effect.change < 0) amount += -effect.change;
    else if (system === 'gm' && effect.track === 'injuries' && effect.change > 0) {
      amount += effect.change;
      forced += effect.change;
    } else if (system === 'archsoul' && effect.track === 'hit-points' && effect.change < 0)
      amount += -effect.change;
    else if (
      system === 'archsoul' &&
      effect.track === 'status' &&
      effect.status === 'dead' &&
      effect.change > 0
    )
      fatal = true;
    else rest.push(effect);
  }
  return { damage: amount > 0 ? { amount, forcedInjuries: forced } : null, fatal, rest };
}

/**
 * The harm transition's input for a hazard's loss: the sheet's numbers before it (`state`, what the
 * service read, with no loss in it) and the loss `hazardHarm` found in the hazard's effects.
 */
export type HazardHarmState = Extract<SheetDamageInput, { system: 'gm' | 'archsoul' }>;

/**
 * A hazard's harm inside the hazard's own roll (issue 39, `hazard.campaign.v1`): the loss its effects
 * name goes through `harm.sheet-damage` on the same dice, after the hazard's own. Null when the hazard
 * harmed nobody (no loss, no fatal drowning) or when no harm state was sent.
 */
export function hazardHarmOutcome(
  effects: readonly SheetEffect[] | undefined,
  state: HazardHarmState | null,
  dice: Dice,
): SheetDamageOutcome | null {
  if (state === null) return null;
  const harm = hazardHarm(state.system, effects ?? []);
  if (harm.damage === null && !harm.fatal) return null;
  const amount = harm.damage?.amount ?? 0;
  if (state.system === 'gm')
    return sheetDamage(
      { ...{}, ...state, damage: amount, weaponDice: harm.damage?.forcedInjuries ?? 0 },
      dice,
    );
  return sheetDamage({ ...{}, ...state, damage: amount, ...(harm.fatal ? { fatal: true } : {}) }, dice);
}
