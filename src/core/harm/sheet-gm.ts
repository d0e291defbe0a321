import { EXPERIENCE_PER_MOJO } from '../advancement/gm-mojo';
import { invalid, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import type { Dice } from '../random';
import { gmHeroicLastEffort, type GmHeroicEffortOutcome } from './gm-death-roll';
import type { HarmStep } from './harm-steps';

/*
 * The G&M procedures on a stored sheet that are not damage or rest (SPEC 6.2, seed 001 "A time to
 * die", "Unconsciousness", "Temporary bonus pools"; seed 000 "Semi-conscious"). Each is logged, so
 * the ledger entries it causes name a roll and the feed carries it.
 */

const BIG = 100_000;

export interface SheetHeroicEffortInput {
  /** The ability or reaction rolled (its name, as the sheet has it). */
  rating: string;
  score: number;
  level: number;
  /** Mojo from every contributor, by character. */
  contributions: Array<{ characterId: string; mojo: number }>;
  bonus?: number | null;
  penalty?: number | null;
}

export interface SheetHeroicEffortOutcome extends GmHeroicEffortOutcome {
  rating: string;
  level: number;
  /** All the mojo contributed: a bonus on the roll. */
  mojo: number;
  contributions: Array<{ characterId: string; mojo: number }>;
  /** Experience each contributor gains: as if they had spent all the mojo (001:621). */
  experienceEach: number;
  /** The character dies at the end of the effort (001:623). */
  state: 'dead';
}

/**
 * The heroic last effort on a sheet (001:619–623): one roll of the named ability or reaction at
 * +level, with no injury penalty, every contributor's mojo a bonus on it; each contributor gains
 * experience for all of it (50 a mojo); the character dies at the end of the effort.
 */
export function sheetHeroicEffort(input: SheetHeroicEffortInput, dice: Dice): SheetHeroicEffortOutcome {
  const body = record(input, 'input');
  if (typeof body.rating !== 'string' || body.rating.length === 0 || body.rating.length > 100)
    throw invalid('rating is a text of 1 to 100 characters.', 'rating');
  const list = body.contributions;
  if (!Array.isArray(list) || list.length > 32)
    throw invalid('contributions is a list of at most 32.', 'contributions');
  const contributions = list.map((raw, i) => {
    const c = record(raw, `contributions[${i}]`);
    if (typeof c.characterId !== 'string' || c.characterId.length === 0)
      throw invalid(`contributions[${i}].characterId is a character id.`, `contributions[${i}].characterId`);
    return { characterId: c.characterId, mojo: wholeNumber(c.mojo, `contributions[${i}].mojo`, 0, BIG) };
  });
  const mojo = contributions.reduce((s, c) => s + c.mojo, 0);
  const bonus = optionalWholeNumber(body.bonus, 'bonus', 0, 0, BIG);
  const effort = gmHeroicLastEffort(
    {
      score: wholeNumber(body.score, 'score', 0, BIG),
      level: wholeNumber(body.level, 'level', 0, 1000),
      bonus: mojo + bonus,
      penalty: optionalWholeNumber(body.penalty, 'penalty', 0, 0, BIG),
    },
    dice,
  );
  const steps: HarmStep[] = [...effort.steps];
  if (mojo > 0)
    steps.splice(0, 0, {
      name: 'mojo',
      detail: `${mojo} mojo from ${contributions.filter((c) => c.mojo > 0).length} contributor(s): +${mojo}; each gains ${EXPERIENCE_PER_MOJO * mojo} experience.`,
      faces: [],
      odds: null,
    });
  return {
    ...effort,
    steps,
    rating: body.rating,
    level: body.level as number,
    mojo,
    contributions,
    experienceEach: EXPERIENCE_PER_MOJO * mojo,
    state: 'dead',
  };
}

/** Semi-consciousness bought with 1 mojo (001:609): no dice; logged for the ledger entry. */
export function sheetSemiConsciousness(input: { mojoBefore: number }) {
  const body = record(input, 'input');
  const before = wholeNumber(body.mojoBefore, 'mojoBefore', 1, BIG);
  const detail =
    'One mojo spent: the character is semi-conscious (movement only; a willpower roll or d4 rounds to respond; no agility bonus to defense; unconscious for death rolls).';
  return {
    mojoSpent: 1,
    mojoAfter: before - 1,
    state: 'semi-conscious' as const,
    steps: [{ name: 'semi-consciousness', detail, faces: [], odds: null }] as HarmStep[],
  };
}

/** A temporary survival pool granted or removed (001:641–645): no dice; logged for the ledger entry. */
export function sheetTemporaryPool(input: {
  before: number;
  amount: number;
  source: string | null;
  turns: number | null;
  rounds: number | null;
}) {
  const body = record(input, 'input');
  const before = wholeNumber(body.before, 'before', 0, BIG);
  const amount = wholeNumber(body.amount, 'amount', 0, BIG);
  const source = typeof body.source === 'string' ? body.source : null;
  const turns =
    body.turns === null || body.turns === undefined ? null : wholeNumber(body.turns, 'turns', 1, 1000);
  const rounds =
    body.rounds === null || body.rounds === undefined ? null : wholeNumber(body.rounds, 'rounds', 1, 1000);
  const lasts =
    amount === 0
      ? 'removed'
      : turns !== null
        ? `for ${turns} turn(s)`
        : rounds !== null
          ? `for ${rounds} round(s)`
          : 'until its effect ends (the referee removes it)';
  const detail =
    amount === 0
      ? `Temporary survival pool${source ? ` (${source})` : ''} ${before} → 0: removed.`
      : `Temporary survival pool${source ? ` (${source})` : ''} ${before} → ${amount}, ${lasts}.`;
  return {
    before,
    after: amount,
    source,
    turns,
    rounds,
    steps: [{ name: 'temporary', detail, faces: [], odds: null }] as HarmStep[],
  };
}
