import {
  EXPERIENCE_PER_MOJO,
  MOJO_COST_KINDS,
  mojoBid,
  mojoCost,
  TECHNIQUE_SCOPES,
  type MojoCostKind,
  type TechniqueScope,
} from '../advancement/gm-mojo';
import { abilityRoll } from '../checks/ability-roll';
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
  /** Mojo from every contributor, by character (v2: with the improvement that applies to the roll). */
  contributions: Array<{ characterId: string; mojo: number; improvement?: HeroicImprovementInput | null }>;
  bonus?: number | null;
  penalty?: number | null;
}

/** What mojo can win on a roll (MJ7, 001:994–998): a field bonus, a skill or a field; never an ability. */
export const HEROIC_IMPROVEMENT_KINDS = MOJO_COST_KINDS.filter((k) => k !== 'ability');

/**
 * The next bonus, skill or field that applies to the heroic effort's roll for one contributor (the
 * G&M sheet keeps no fields: the caller names it, as a bid names its `nextImprovementCost`).
 */
export interface HeroicImprovementInput {
  kind: Exclude<MojoCostKind, 'ability'>;
  /** The field, skill or technique (its name). */
  subject: string;
  /** Field: its current bonus (the next costs 4 + it). */
  current?: number | null;
  /** Skill: outside the field's preferred archetype (7 instead of 5). */
  outsideArchetype?: boolean | null;
  /** Technique: what is bought. */
  techniqueScope?: TechniqueScope | null;
  /** Weapon skill: the contributor is a warrior (the service reads it from the sheet). */
  warrior?: boolean | null;
}

/** One contributor's MJ7 comparison: the whole pool against the price of what applies. */
export interface HeroicImprovement {
  characterId: string;
  kind: string;
  subject: string;
  /** Its price in mojo (the mojo-cost schedule, 001:954–972). */
  cost: number;
  rule: string;
  /** The mojo compared with the price: all of the effort's mojo (001:621). */
  mojoCounted: number;
  /** The pool reached the price: the contributor gains it. */
  gained: boolean;
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

/** v2 (`harm.sheet-heroic-effort.v2`): the improvements each contributor's share of the pool won. */
export interface SheetHeroicEffortOutcomeV2 extends SheetHeroicEffortOutcome {
  improvements: HeroicImprovement[];
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
    ...{},
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

/**
 * The heroic last effort with MJ7 (`harm.sheet-heroic-effort.v2`): the v1 roll, and for each
 * contributor who offered mojo and named the improvement that applies to the roll, its price from the
 * mojo-cost schedule compared with **all** the effort's mojo (each gains "as if they had spent the
 * full mojo", 001:621) by the bid's own rule (`mojoBid`, 001:994–998): at least the price, it is gained.
 */
export function sheetHeroicEffortV2(input: SheetHeroicEffortInput, dice: Dice): SheetHeroicEffortOutcomeV2 {
  const effort = sheetHeroicEffort(input, dice);
  const list = (record(input, 'input').contributions ?? []) as unknown[];
  const improvements: HeroicImprovement[] = [];
  list.forEach((raw, i) => {
    const c = record(raw, `contributions[${i}]`);
    if (c.improvement === undefined || c.improvement === null) return;
    const field = `contributions[${i}].improvement`;
    const imp = record(c.improvement, field);
    if (!(HEROIC_IMPROVEMENT_KINDS as readonly unknown[]).includes(imp.kind))
      throw invalid(`${field}.kind is one of ${HEROIC_IMPROVEMENT_KINDS.join(', ')}.`, `${field}.kind`);
    if (typeof imp.subject !== 'string' || imp.subject.length === 0 || imp.subject.length > 100)
      throw invalid(`${field}.subject is a text of 1 to 100 characters.`, `${field}.subject`);
    if (
      imp.techniqueScope !== undefined &&
      imp.techniqueScope !== null &&
      !(TECHNIQUE_SCOPES as readonly unknown[]).includes(imp.techniqueScope)
    )
      throw invalid(
        `${field}.techniqueScope is one of ${TECHNIQUE_SCOPES.join(', ')}.`,
        `${field}.techniqueScope`,
      );
    if (imp.kind === 'field' && (imp.current === undefined || imp.current === null))
      throw invalid(`${field}.current (the field's bonus now) prices its next bonus.`, `${field}.current`);
    const price = mojoCost({
      kind: imp.kind as MojoCostKind,
      ...(imp.kind === 'field' ? { current: wholeNumber(imp.current, `${field}.current`, 1, 1000) } : {}),
      outsideArchetype: imp.outsideArchetype === true,
      warrior: imp.warrior === true,
      ...(imp.techniqueScope ? { techniqueScope: imp.techniqueScope as TechniqueScope } : {}),
    });
    const contributed = effort.contributions[i].mojo;
    // The bid's rule: a spend that needed all of the pool (so all of it is lost) against the price.
    const counted = Math.min(effort.mojo, price.cost);
    const gained =
      contributed > 0 &&
      counted > 0 &&
      mojoBid({ roll: 20, target: 20 - counted, bid: counted, nextImprovementCost: price.cost })
        .improvementGained;
    improvements.push({
      characterId: effort.contributions[i].characterId,
      kind: imp.kind as string,
      subject: imp.subject,
      cost: price.cost,
      rule: price.rule,
      mojoCounted: contributed > 0 ? effort.mojo : 0,
      gained,
    });
  });
  const steps = [...effort.steps];
  for (const g of improvements)
    steps.push({
      name: 'mojo-increase',
      detail: g.gained
        ? `${g.mojoCounted} mojo reach the ${g.cost} that ${describe(g)} costs: ${g.characterId} gains it.`
        : g.mojoCounted === 0
          ? `${g.characterId} offered no mojo: no ${describe(g)}.`
          : `${g.mojoCounted} mojo fall short of the ${g.cost} that ${describe(g)} costs: nothing gained.`,
      faces: [],
      odds: null,
    });
  return { ...{}, ...effort, steps, improvements };
}

function describe(g: { kind: string; subject: string }): string {
  switch (g.kind) {
    case 'field':
      return `the next bonus in ${g.subject}`;
    case 'new-field':
      return `the field ${g.subject}`;
    case 'technique':
      return `the technique ${g.subject}`;
    default:
      return `the ${g.kind === 'weapon-skill' ? 'weapon skill' : 'skill'} ${g.subject}`;
  }
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

export interface SemiConsciousnessInput {
  mojoBefore: number;
  /** The sheet's willpower reaction (null when the sheet derives none: the referee rolls it). */
  willpower: number | null;
  /** The injury penalty on reaction rolls (001:601). */
  injuries: number;
}

/**
 * Semi-consciousness with its willpower roll (`harm.semi-consciousness.v2`; 001:609, 000:194–198):
 * 1 mojo, then the willpower reaction at −injuries (d20 at or under passes; G&M has no automatic
 * results). A failure means d4 rounds before the character can react or reply, rolled at once. The
 * odds are exact: `responds` and `delayed` (sum 1), and each delay in rounds.
 */
export function sheetSemiConsciousnessV2(input: SemiConsciousnessInput, dice: Dice) {
  const body = record(input, 'input');
  const before = wholeNumber(body.mojoBefore, 'mojoBefore', 1, BIG);
  const injuries = wholeNumber(body.injuries, 'injuries', 0, BIG);
  const willpower =
    body.willpower === null || body.willpower === undefined
      ? null
      : wholeNumber(body.willpower, 'willpower', 0, BIG);
  const first = sheetSemiConsciousness({ mojoBefore: before });
  const steps: HarmStep[] = [
    {
      name: 'semi-consciousness',
      detail:
        'One mojo spent: the character is semi-conscious (it may only move; no agility bonus to defense; unconscious for death rolls).',
      faces: [],
      odds: null,
    },
  ];
  if (willpower === null) {
    steps.push({
      name: 'willpower',
      detail: 'The sheet derives no willpower reaction: the referee rolls whether the character can respond.',
      faces: [],
      odds: null,
    });
    return { ...{}, ...first, steps, willpower: null, delayRounds: null, faces: [] as number[], odds: {} };
  }
  const roll = abilityRoll({ score: willpower, penalty: injuries }, dice);
  const responds = roll.odds.success;
  let delayRounds: number | null = null;
  steps.push({
    name: 'willpower',
    detail: `Willpower ${willpower} at −${injuries} (injuries): ${roll.target} or less to respond; rolled ${roll.roll}, ${roll.passed ? 'it can react and reply' : 'too slow'}.`,
    faces: roll.faces,
    odds: { responds, delayed: 1 - responds },
  });
  const faces = [...roll.faces];
  if (!roll.passed) {
    const delay = dice.pool(1, 4, 'delay');
    delayRounds = delay[0];
    faces.push(...delay);
    steps.push({
      name: 'delay',
      detail: `d4: ${delayRounds} round(s) before the character can react or reply.`,
      faces: delay,
      odds: { '1': 0.25, '2': 0.25, '3': 0.25, '4': 0.25 },
    });
  }
  const delayOdds: Record<string, number> = {};
  for (const r of [1, 2, 3, 4]) delayOdds[String(r)] = (1 - responds) / 4;
  return {
    ...{},
    ...first,
    steps,
    willpower: { score: willpower, injuries, target: roll.target, roll: roll.roll, passed: roll.passed },
    delayRounds,
    faces,
    odds: { responds, delayed: 1 - responds, delayRounds: delayOdds },
  };
}
