import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { HARM_STATES, sheetDamage, type HarmState, type SheetDamageOutcome } from '../harm/campaign';
import type { Dice } from '../random';
import { applyChange } from '../engine/apply';
import type { EngineEvent } from '../engine/events';
import type { GmDamageChange, GmState } from '../engine/state';
import { gmAttack, type GmAttackInput, type GmAttackOutcome } from './gm-attack';
import { gmGroupAttack, type GmGroupAttackInput, type GmGroupAttackOutcome } from './gm-group-attack';
import { gmPsychic, type GmPsychicInput, type GmPsychicOutcome } from './gm-psychic';

const BIG = 100_000;

/** The target of a stored combat's G&M action: what G&M damage reads from its sheet. */
export interface GmActionTarget {
  survival: number;
  verve: number;
  injuries: number;
  /** The reaction the consciousness roll uses (fortitude from the sheet); null when none. */
  consciousness?: number | null;
  /** Endurance, for the death roll (the sheet's ability; 10 when it has none). */
  endurance: number;
  /** The harm state the sheet kept before the blow (default up). */
  stateBefore?: HarmState | null;
  /**
   * `combat.gm-action.v2` only: the target is a warrior player character, so a loss in combat is
   * archetypal and verve takes it first (001:583, test 4; the Orc example 001:567). The server
   * decides it from the stored sheet; a non-player character has no verve (001:629).
   */
  warrior?: boolean | null;
}

/** Exactly one of `attack`, `groupAttack` and `psychic` (an `attack` psychic action). */
export interface GmActionInput {
  attack?: GmAttackInput | null;
  groupAttack?: GmGroupAttackInput | null;
  psychic?: GmPsychicInput | null;
  target: GmActionTarget;
}

export interface GmActionOutcome {
  kind: 'attack' | 'group-attack' | 'psychic';
  /** The attack exactly as `combat.gm-attack` (or `combat.gm-group-attack`) answers it on this stream. */
  attack: GmAttackOutcome | GmGroupAttackOutcome | null;
  /** The psychic attack exactly as `combat.gm-psychic` answers it on this stream. */
  psychic: GmPsychicOutcome | null;
  /** What the hit does to the target's sheet, exactly as `harm.sheet-damage` computes it (null: no damage). */
  harm: SheetDamageOutcome | null;
  faces: number[];
}

/**
 * A G&M action of a stored combat that harms, on one seeded stream (issue 20: one roll per action):
 * the attack (single or group, or a psychic attack) and, on damage, the target's G&M damage through
 * the same core `harm.sheet-damage` uses (survival, verve, forced injuries, the consciousness roll,
 * the death roll), so one logged roll replays the whole action. A killing blow's half and a failed
 * knockout's points go in as forced injuries (the larger of the weapon's dice and the blow's points);
 * a psychic attack's damage is an archetypal loss (verve, then survival, then injuries) unless the
 * defender takes it from survival (`defender.fromSurvival`).
 */
export function gmAction(input: GmActionInput, dice: Dice): GmActionOutcome {
  return resolveGmAction(input, dice, 1);
}

/**
 * `combat.gm-action.v2` (issue 39): a hit in a stored combat is damage subtracted from survival
 * (001:748, 776), with verve first when the target is a warrior (001:583, test 4); a weapon's dice
 * force injuries only in contests (001:667), so only a killing or knockout blow's points go to
 * injuries here. The Yeti fight (001:903–912) and the Orc example (001:567) lose verve and nothing
 * else. Version 1 (every weapon die an injury, never archetypal) stays for the rolls logged with it.
 */
export function gmActionV2(input: GmActionInput, dice: Dice): GmActionOutcome {
  return resolveGmAction(input, dice, 2);
}

/** `combat.gm-action.v3`'s input: the action's part and the target's engine state (issue 39). */
export interface GmActionV3Input {
  attack?: GmAttackInput | null;
  groupAttack?: GmGroupAttackInput | null;
  psychic?: GmPsychicInput | null;
  /** The target's state as the engine reads it from its stored sheet (`sheetState`). */
  state: GmState;
  /** The target is a warrior player character: a loss in combat is archetypal (001:583, test 4). */
  warrior?: boolean | null;
}

/** `combat.gm-action.v3`'s answer: v2's, with the events of the engine's transition. */
export interface GmActionV3Outcome extends GmActionOutcome {
  /** The engine's events of the harm, in order (empty when nothing harmed). */
  events: EngineEvent[];
}

/**
 * `combat.gm-action.v3` (issue 39: one trip down and back): the attack as v2 rolls it and, on damage,
 * the engine's transition (`applyChange`, a `damage` change) on the target's state, on the same
 * stream: the harm is what `harm.sheet-damage` answers for the input the engine builds (which also
 * reads a temporary survival pool and counts semi-conscious as unconscious for the death roll), and
 * the events are the transition's, so the service writes them and tells them without a second read.
 */
export function gmActionV3(input: GmActionV3Input, dice: Dice): GmActionV3Outcome {
  const body = record(input, 'input');
  const state = record(body.state, 'state') as unknown as GmState;
  if (state.system !== 'gm') throw invalid('The target’s state is a G&M state.', 'state.system');
  const warrior = optionalFlag(body.warrior, 'warrior');
  let events: EngineEvent[] = [];
  const outcome = resolveGmAction(
    { ...{}, attack: body.attack, groupAttack: body.groupAttack, psychic: body.psychic } as GmActionInput,
    dice,
    2,
    (damage, archetypal, forcedInjuries) => {
      const applied = applyChange(
        state,
        {
          kind: 'damage',
          amount: damage,
          archetypal,
          weaponDice: 0,
          ...(forcedInjuries > 0 ? { forcedInjuries } : {}),
          evaded: false,
        } as GmDamageChange,
        dice,
      );
      events = applied.events;
      return applied.outcome as SheetDamageOutcome;
    },
    warrior,
  );
  return { ...{}, ...outcome, events };
}

type Harming = (damage: number, archetypal: boolean, forcedInjuries: number) => SheetDamageOutcome;

function resolveGmAction(
  input: GmActionInput,
  dice: Dice,
  version: 1 | 2,
  engine?: Harming,
  engineWarrior = false,
): GmActionOutcome {
  const body = record(input, 'input');
  const given = (['attack', 'groupAttack', 'psychic'] as const).filter(
    (k) => body[k] !== undefined && body[k] !== null,
  );
  if (given.length !== 1) throw invalid('Exactly one of attack, groupAttack and psychic.', 'input');
  const start = dice.faces.length;
  const { harmOf, warrior } = engine
    ? {
        harmOf: (damage: number, archetypal: boolean, _weaponDice: number, forcedInjuries = 0) =>
          engine(damage, archetypal, forcedInjuries),
        warrior: engineWarrior,
      }
    : targetHarm(body, dice, version);
  if (given[0] === 'psychic') {
    const p = body.psychic as GmPsychicInput;
    if (record(p, 'psychic').action !== 'attack')
      throw invalid('Only a psychic attack harms: enter and exit are rolled alone.', 'psychic.action');
    const psychic = gmPsychic(p, dice);
    const fromSurvival = optionalFlag(p.defender?.fromSurvival, 'psychic.defender.fromSurvival');
    const harm = psychic.success && psychic.damage > 0 ? harmOf(psychic.damage, !fromSurvival, 0) : null;
    return { kind: 'psychic', attack: null, psychic, harm, faces: dice.faces.slice(start) };
  }
  const attack =
    given[0] === 'attack'
      ? gmAttack(body.attack as GmAttackInput, dice)
      : gmGroupAttack(body.groupAttack as GmGroupAttackInput, dice);
  let harm: SheetDamageOutcome | null = null;
  if (attack.hit && attack.damage > 0) {
    // Killing and knockout blows send their points to injuries. Version 1 also forced one injury a
    // weapon die (a contest's rule, 001:667); version 2 does not, and a warrior spends verve first.
    harm =
      version === 1
        ? harmOf(
            attack.damage,
            false,
            Math.min(attack.damage, Math.max(attack.weaponDice, attack.toInjuries)),
          )
        : harmOf(attack.damage, warrior, 0, Math.min(attack.damage, attack.toInjuries));
  }
  return {
    kind: given[0] === 'attack' ? 'attack' : 'group-attack',
    attack,
    psychic: null,
    harm,
    faces: dice.faces.slice(start),
  };
}

/** Versions 1 and 2: the target's numbers as sent, harmed by `harm.sheet-damage`'s core. */
function targetHarm(body: Record<string, unknown>, dice: Dice, version: 1 | 2) {
  const t = record(body.target, 'target');
  const state = (t.stateBefore ?? 'up') as HarmState;
  if (!HARM_STATES.includes(state))
    throw invalid(`\`stateBefore\` is one of: ${HARM_STATES.join(', ')}.`, 'target.stateBefore');
  const target = {
    survival: wholeNumber(t.survival, 'target.survival', 0, BIG),
    verve: wholeNumber(t.verve, 'target.verve', 0, BIG),
    injuries: wholeNumber(t.injuries, 'target.injuries', 0, BIG),
    consciousness:
      t.consciousness === undefined || t.consciousness === null
        ? null
        : wholeNumber(t.consciousness, 'target.consciousness', 0, BIG),
    endurance: optionalWholeNumber(t.endurance, 'target.endurance', 10, 0, 1000),
  };
  const warrior = version === 2 && optionalFlag(t.warrior, 'target.warrior');
  const harmOf = (
    damage: number,
    archetypal: boolean,
    weaponDice: number,
    forcedInjuries = 0,
  ): SheetDamageOutcome =>
    sheetDamage(
      {
        system: 'gm',
        stateBefore: state,
        ...target,
        damage,
        archetypal,
        weaponDice,
        ...(forcedInjuries > 0 ? { forcedInjuries } : {}),
        evaded: false,
        unconscious: state === 'unconscious',
      },
      dice,
    );
  return { harmOf, warrior };
}
