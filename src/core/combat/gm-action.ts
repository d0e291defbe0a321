import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { HARM_STATES, sheetDamage, type HarmState, type SheetDamageOutcome } from '../harm/campaign';
import type { Dice } from '../random';
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
  const body = record(input, 'input');
  const given = (['attack', 'groupAttack', 'psychic'] as const).filter(
    (k) => body[k] !== undefined && body[k] !== null,
  );
  if (given.length !== 1) throw invalid('Exactly one of attack, groupAttack and psychic.', 'input');
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
  const start = dice.faces.length;
  const harmOf = (damage: number, archetypal: boolean, weaponDice: number): SheetDamageOutcome =>
    sheetDamage(
      {
        system: 'gm',
        stateBefore: state,
        ...target,
        damage,
        archetypal,
        weaponDice,
        evaded: false,
        unconscious: state === 'unconscious',
      },
      dice,
    );
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
    // Killing and knockout blows send their points to injuries: at least as many forced injuries.
    const forced = Math.min(attack.damage, Math.max(attack.weaponDice, attack.toInjuries));
    harm = harmOf(attack.damage, false, forced);
  }
  return {
    kind: given[0] === 'attack' ? 'attack' : 'group-attack',
    attack,
    psychic: null,
    harm,
    faces: dice.faces.slice(start),
  };
}
