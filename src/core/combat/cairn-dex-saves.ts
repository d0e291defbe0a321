import { rollUnderSave, saveSuccessChance } from '../checks/roll-under-save';
import { fieldPath, invalid, optionalFlag, record, wholeNumber } from '../checks/validate';
import type { Dice } from '../random';
import { CombatLog, type CombatModifier, type CombatStep } from './combat-steps';

export const CAIRN_DEX_SAVE_KINDS = ['first-round', 'retreat'] as const;
export type CairnDexSaveKind = (typeof CAIRN_DEX_SAVE_KINDS)[number];
export const MAX_CAIRN_SAVERS = 50;

export interface CairnDexSaveInput {
  /** `first-round`: each PC saves to act in the first round; `retreat`: each saves to get away. */
  kind: CairnDexSaveKind;
  characters: { name?: string | null; dex: number }[];
  /** A joint effort: the lowest DEX saves for everyone (seed 004, "Saves"). */
  joint?: boolean | null;
}

export interface CairnDexSaveResult {
  index: number;
  name: string | null;
  dex: number;
  /** Null for characters a joint save covered without rolling. */
  roll: number | null;
  passed: boolean;
  /** first-round: acts this round; retreat: gets away. */
  effect: string;
  odds: { pass: number };
}

export interface CairnDexSaveOutcome {
  kind: CairnDexSaveKind;
  joint: boolean;
  /** Who rolled for a joint save (0-based). */
  saver: number | null;
  results: CairnDexSaveResult[];
  modifiers: CombatModifier[];
  steps: CombatStep[];
  faces: number[];
}

/**
 * Cairn DEX saves of a fight (seed 004, "Combat Rounds", "Retreat", "Saves"): in the first round
 * every PC must pass a DEX save to act; a retreat needs a DEX save. In a joint effort the character
 * with the lowest DEX rolls for all.
 */
export function cairnDexSaves(input: CairnDexSaveInput, dice: Dice): CairnDexSaveOutcome {
  const body = record(input, 'input');
  if (!CAIRN_DEX_SAVE_KINDS.includes(body.kind as CairnDexSaveKind))
    throw invalid('`kind` is first-round or retreat.', 'kind');
  const kind = body.kind as CairnDexSaveKind;
  if (
    !Array.isArray(body.characters) ||
    body.characters.length < 1 ||
    body.characters.length > MAX_CAIRN_SAVERS
  ) {
    throw invalid(`\`characters\` lists 1 to ${MAX_CAIRN_SAVERS} characters.`, 'characters');
  }
  const people = (body.characters as unknown[]).map((raw, i) => {
    const c = record(raw, `characters[${i}]`);
    return {
      name: c.name === undefined || c.name === null ? null : String(c.name),
      dex: wholeNumber(c.dex, fieldPath(`characters[${i}]`, 'dex'), 0, 30),
    };
  });
  const joint = optionalFlag(body.joint, 'joint');
  const log = new CombatLog();
  if (joint) log.modifier('joint', 0, 'a joint effort: the lowest DEX saves for everyone');
  const start = dice.faces.length;
  const effect = (passed: boolean) =>
    kind === 'first-round'
      ? passed
        ? 'acts this round'
        : 'loses the first turn'
      : passed
        ? 'gets away'
        : 'is still in the fight';
  let saver: number | null = null;
  let results: CairnDexSaveResult[];
  if (joint) {
    saver = people.reduce((low, p, i) => (p.dex < people[low].dex ? i : low), 0);
    const save = rollUnderSave({ attribute: people[saver].dex }, dice);
    log.step(
      'joint-save',
      `lowest DEX ${people[saver].dex} saves for all: rolled ${save.roll}, ${save.passed ? 'passed' : 'failed'}`,
      save.faces,
      {
        pass: save.odds.success,
        fail: 1 - save.odds.success,
      },
    );
    results = people.map((p, i) => ({
      index: i,
      name: p.name,
      dex: p.dex,
      roll: i === saver ? save.roll : null,
      passed: save.passed,
      effect: effect(save.passed),
      odds: { pass: save.odds.success },
    }));
  } else {
    results = people.map((p, i) => {
      const save = rollUnderSave({ attribute: p.dex }, dice);
      log.step(
        'dex-save',
        `${p.name ?? `character ${i + 1}`} DEX ${p.dex}: rolled ${save.roll}, ${effect(save.passed)}`,
        save.faces,
        {
          pass: saveSuccessChance(p.dex),
          fail: 1 - saveSuccessChance(p.dex),
        },
      );
      return {
        index: i,
        name: p.name,
        dex: p.dex,
        roll: save.roll,
        passed: save.passed,
        effect: effect(save.passed),
        odds: { pass: save.odds.success },
      };
    });
  }
  return {
    kind,
    joint,
    saver,
    results,
    modifiers: log.modifiers,
    steps: log.steps,
    faces: dice.faces.slice(start),
  };
}
