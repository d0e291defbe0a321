import { fieldPath, invalid, optionalFlag, record, wholeNumber } from '../checks/validate';
import {
  cairnSheetDamageWithCore,
  HARM_STATES,
  type HarmState,
  type SheetDamageOutcome,
} from '../harm/campaign';
import { MAX_CAIRN_HP } from '../harm/cairn-damage';
import type { Dice } from '../random';
import { applyChange } from '../engine/apply';
import type { EngineEvent } from '../engine/events';
import type { CairnDamageChange, CairnState } from '../engine/state';
import type { CairnDamageOutcome } from '../harm/cairn-damage';
import { cairnAttack, type CairnAttacker, type CairnAttackOutcome, type CairnTarget } from './cairn-attack';

/** A target of a stored combat's Cairn action: its sheet's numbers and the harm it keeps. */
export interface CairnActionTarget extends CairnTarget {
  maxHp: number;
  dex: number;
  wil: number;
  maxDex: number;
  maxWil: number;
  /** Max STR (scar 6 raises it); absent in rolls logged before, which replay as they were. */
  maxStr?: number | null;
  /** The harm state the sheet kept before the blow (default up). */
  stateBefore?: HarmState | null;
  /** The sheet carries the `doomed` condition (a later critical save clears it). */
  doomed?: boolean | null;
  /** `false`: an NPC target rolls no scar (004:76, 115); absent in rolls logged before issue 39. */
  npcScars?: boolean | null;
}

export interface CairnActionInput {
  attackers: CairnAttacker[];
  targets: CairnActionTarget[];
  blast?: boolean | null;
  countTargets?: boolean | null;
}

export interface CairnActionOutcome {
  /** The attack as `combat.cairn-attack` answers it, each target's `harm` from the sheet's own damage. */
  attack: CairnAttackOutcome;
  /** What the blow does to each target's sheet, index for index with `attack.targets`, exactly as `harm.sheet-damage` computes it. */
  harm: SheetDamageOutcome[];
  faces: number[];
}

/**
 * A Cairn action of a stored combat on one seeded stream (issue 20): the attack (every attacker's
 * die, the highest kept, blasts per target, the target-count roll) and, for every target it reaches,
 * the damage on the sheet through the same core `harm.sheet-damage` uses (Armor, HP, scar, STR, the
 * critical-damage save), so one logged roll replays the whole action.
 */
export function cairnAction(input: CairnActionInput, dice: Dice): CairnActionOutcome {
  const body = record(input, 'input');
  if (!Array.isArray(body.targets) || body.targets.length < 1)
    throw invalid('`targets` lists at least one target.', 'targets');
  const extra = (body.targets as unknown[]).map((raw, i) => {
    const field = `targets[${i}]`;
    const t = record(raw, field);
    const state = t.stateBefore ?? 'up';
    if (!HARM_STATES.includes(state as HarmState))
      throw invalid(`\`stateBefore\` is one of: ${HARM_STATES.join(', ')}.`, fieldPath(field, 'stateBefore'));
    return {
      stateBefore: state as HarmState,
      doomed: optionalFlag(t.doomed, fieldPath(field, 'doomed')),
      npcScars: t.npcScars === false ? false : null,
      maxHp: wholeNumber(t.maxHp, fieldPath(field, 'maxHp'), 0, MAX_CAIRN_HP),
      dex: wholeNumber(t.dex, fieldPath(field, 'dex'), 0, 30),
      wil: wholeNumber(t.wil, fieldPath(field, 'wil'), 0, 30),
      maxDex: wholeNumber(t.maxDex, fieldPath(field, 'maxDex'), 0, 30),
      maxWil: wholeNumber(t.maxWil, fieldPath(field, 'maxWil'), 0, 30),
      maxStr:
        t.maxStr === undefined || t.maxStr === null
          ? null
          : wholeNumber(t.maxStr, fieldPath(field, 'maxStr'), 0, 30),
    };
  });
  const start = dice.faces.length;
  const harm: SheetDamageOutcome[] = [];
  const attack = cairnAttack(
    {
      attackers: body.attackers as CairnAttacker[],
      targets: body.targets as CairnTarget[],
      blast: (body.blast as boolean | null | undefined) ?? null,
      countTargets: (body.countTargets as boolean | null | undefined) ?? null,
    },
    dice,
    (index, t, kept) => {
      const sheet = extra[index];
      const { outcome, core } = cairnSheetDamageWithCore(
        {
          system: 'cairn',
          hp: t.hp,
          maxHp: sheet.maxHp,
          str: t.str,
          dex: sheet.dex,
          wil: sheet.wil,
          maxDex: sheet.maxDex,
          maxWil: sheet.maxWil,
          ...(sheet.maxStr === null ? {} : { maxStr: sheet.maxStr }),
          armor: t.armor,
          damage: kept,
          die: null,
          target: 'hp',
          doomed: sheet.doomed,
          // A detachment is routed, not killed, by critical damage.
          npc: t.npc && !t.detachment,
          ...(sheet.npcScars === false ? { npcScars: false } : {}),
        },
        sheet.stateBefore,
        dice,
      );
      harm[index] = outcome;
      return core;
    },
  );
  return { attack, harm, faces: dice.faces.slice(start) };
}

/** `combat.cairn-action.v2`'s input: v1's, with each target's engine state (issue 39). */
export interface CairnActionV2Input {
  attackers: CairnAttacker[];
  /** The attack's numbers of each target (as v1 sends them; the harm reads `states`). */
  targets: CairnTarget[];
  /** Each target's state as the engine reads it from its stored sheet, index for index. */
  states: CairnState[];
  blast?: boolean | null;
  countTargets?: boolean | null;
}

/** `combat.cairn-action.v2`'s answer: v1's, with the events of each target's transition. */
export interface CairnActionV2Outcome extends CairnActionOutcome {
  /** The engine's events of each target's harm, index for index with `states` (empty: not caught). */
  events: EngineEvent[][];
}

/**
 * `combat.cairn-action.v2` (issue 39: one trip down and back): the attack as v1 rolls it and, for each
 * target it reaches, the engine's transition (`applyChange`, a `damage` change of the kept die) on
 * that target's state, on the same stream; the events are the transition's, so the service writes
 * the harm and tells it without a second read. The Armor is the attack's (a held shield's +1 in it).
 */
export function cairnActionV2(input: CairnActionV2Input, dice: Dice): CairnActionV2Outcome {
  const body = record(input, 'input');
  if (!Array.isArray(body.targets) || body.targets.length < 1)
    throw invalid('`targets` lists at least one target.', 'targets');
  const states = body.states;
  if (!Array.isArray(states) || states.length !== body.targets.length)
    throw invalid('`states` holds one state a target.', 'states');
  states.forEach((s, i) => {
    if (record(s, `states[${i}]`).system !== 'cairn')
      throw invalid('A target’s state is a Cairn state.', `states[${i}].system`);
  });
  const start = dice.faces.length;
  const harm: SheetDamageOutcome[] = [];
  const events: EngineEvent[][] = states.map(() => []);
  const attack = cairnAttack(
    {
      attackers: body.attackers as CairnAttacker[],
      targets: body.targets as CairnTarget[],
      blast: (body.blast as boolean | null | undefined) ?? null,
      countTargets: (body.countTargets as boolean | null | undefined) ?? null,
    },
    dice,
    (index, t, kept) => {
      const state = { ...{}, ...(states[index] as CairnState), armor: t.armor };
      const change: CairnDamageChange = {
        kind: 'damage',
        amount: kept,
        die: null,
        target: 'hp',
        ...(t.detachment ? { detachment: true } : {}),
      };
      const applied = applyChange(state, change, dice);
      const outcome = applied.outcome as SheetDamageOutcome;
      harm[index] = outcome;
      events[index] = applied.events;
      // The damage core's answer, as the attack tells it: what the sheet's outcome was made from.
      return {
        ...{},
        ...(outcome.detail.cairnDamage as object),
        steps: outcome.steps,
        changes: outcome.fieldChanges,
        faces: outcome.faces,
      } as unknown as CairnDamageOutcome;
    },
  );
  return { attack, harm, events, faces: dice.faces.slice(start) };
}
