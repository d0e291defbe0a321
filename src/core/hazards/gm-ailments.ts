import type { Dice } from '../random';
import { passingFaces } from '../checks/ability-roll';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { AppliedModifier, Chance, SheetEffect } from './shared';

export type AilmentKind = 'one-shot' | 'chronic' | 'inescapable' | 'chronic-inescapable';
export const AILMENT_KINDS: readonly AilmentKind[] = [
  'one-shot',
  'chronic',
  'inescapable',
  'chronic-inescapable',
];
/** How the ailment reaches the victim: it picks the reaction (seed 000, "Ailment strength"). */
export type AilmentContact = 'willing' | 'avoidable' | 'forced';
export const AILMENT_CONTACTS: readonly AilmentContact[] = ['willing', 'avoidable', 'forced'];
export type AilmentEffectKind = 'injuries' | 'paralysis-minutes' | 'sleep-minutes' | 'penalty';
export const AILMENT_EFFECTS: readonly AilmentEffectKind[] = [
  'injuries',
  'paralysis-minutes',
  'sleep-minutes',
  'penalty',
];
export type ActionTimeUnit = 'round' | 'minute' | 'hour' | 'day';

export interface AilmentDefinition {
  id: string;
  name: string;
  kind: AilmentKind;
  strength: number;
  actionTime: { amount: number; unit: ActionTimeUnit };
  /** `dice` d `sides` of `effect` each time it lands (sides 1: a fixed amount). */
  effect: { kind: AilmentEffectKind; dice: number; sides: number; scores: string[] };
}

/**
 * The example ailments (seed 000, "Example ailments"). Blank cells in the seed: black widow and sleep
 * gas have no strength (0: "most poisons have a strength of zero"); the spiders have no type (one-shot);
 * sleep gas is inescapable as the text's example treats it.
 */
export const EXAMPLE_AILMENTS: readonly AilmentDefinition[] = [
  {
    id: 'alcohol',
    name: 'Alcohol',
    kind: 'chronic',
    strength: -1,
    actionTime: { amount: 20, unit: 'minute' },
    effect: {
      kind: 'penalty',
      dice: 1,
      sides: 1,
      scores: ['agility', 'concentration', 'evasion', 'fortitude'],
    },
  },
  {
    id: 'common-cold',
    name: 'Common cold',
    kind: 'chronic',
    strength: 1,
    actionTime: { amount: 1, unit: 'day' },
    effect: { kind: 'penalty', dice: 1, sides: 1, scores: ['concentration', 'evasion', 'fortitude'] },
  },
  {
    id: 'food-poisoning',
    name: 'Food poisoning',
    kind: 'chronic',
    strength: 3,
    actionTime: { amount: 1, unit: 'hour' },
    effect: { kind: 'injuries', dice: 1, sides: 1, scores: [] },
  },
  {
    id: 'black-widow',
    name: 'Black widow',
    kind: 'one-shot',
    strength: 0,
    actionTime: { amount: 30, unit: 'minute' },
    effect: { kind: 'injuries', dice: 1, sides: 2, scores: [] },
  },
  {
    id: 'giant-spider',
    name: 'Giant spider',
    kind: 'one-shot',
    strength: 4,
    actionTime: { amount: 1, unit: 'round' },
    effect: { kind: 'paralysis-minutes', dice: 1, sides: 4, scores: [] },
  },
  {
    id: 'huge-spider',
    name: 'Huge spider',
    kind: 'one-shot',
    strength: 2,
    actionTime: { amount: 1, unit: 'round' },
    effect: { kind: 'injuries', dice: 1, sides: 3, scores: [] },
  },
  {
    id: 'large-spider',
    name: 'Large spider',
    kind: 'one-shot',
    strength: 1,
    actionTime: { amount: 1, unit: 'round' },
    effect: { kind: 'injuries', dice: 1, sides: 2, scores: [] },
  },
  {
    id: 'shadow-spider',
    name: 'Shadow spider',
    kind: 'one-shot',
    strength: 1,
    actionTime: { amount: 2, unit: 'round' },
    effect: { kind: 'injuries', dice: 1, sides: 6, scores: [] },
  },
  {
    id: 'sleep-gas',
    name: 'Sleep gas',
    kind: 'inescapable',
    strength: 0,
    actionTime: { amount: 1, unit: 'round' },
    effect: { kind: 'sleep-minutes', dice: 2, sides: 10, scores: [] },
  },
];
export const AILMENT_IDS = EXAMPLE_AILMENTS.map((a) => a.id);

export const MAX_ACTION_TIMES = 1000;

export interface GmAilmentInput {
  /** An example ailment by id; or send kind, strength and the effect dice. */
  ailment?: string;
  kind?: AilmentKind;
  strength?: number;
  effect?: AilmentEffectKind;
  effectDice?: number;
  effectSides?: number;
  contact: AilmentContact;
  /** The score of the reaction the contact calls for (health when willing). */
  reaction: number;
  /** Health score for a chronic ailment's throw-off rolls (the reaction score when left out). */
  health?: number;
  /** Inescapable kinds: action times spent in it (1 by default). */
  actionTimesExposed?: number;
  /** Chronic kinds: action times followed after the onset, or after leaving the area (0 by default). */
  actionTimesAfter?: number;
  /** An illusory ("invisible") effect: no effect at all unless `knowable`; otherwise +10. */
  illusory?: boolean;
  knowable?: boolean;
}

export interface AilmentStep {
  /** 0 = the contracting roll; n = the n-th action time after it. */
  actionTime: number;
  phase: 'contact' | 'exposed' | 'course';
  strength: number;
  /** Null when no roll is made (a chronic inescapable ailment that already struck). */
  target: number | null;
  roll: number | null;
  passed: boolean | null;
  /** The effect landed at this action time. */
  applied: boolean;
  amount: number;
  effectFaces: number[];
  odds: { success: number } | null;
}

export interface GmAilmentOutcome {
  ailment: string | null;
  name: string;
  kind: AilmentKind;
  strength: number;
  reaction: 'health' | 'perception' | 'evasion';
  actionTime: { amount: number; unit: ActionTimeUnit };
  effect: AilmentEffectKind;
  effectScores: string[];
  /** Whether the victim succumbed at all. */
  contracted: boolean;
  /** Whether the ailment is still running at the end of what was followed. */
  ongoing: boolean;
  steps: AilmentStep[];
  faces: number[];
  applications: number;
  /** The effect's total: injuries, minutes paralysed or asleep, or the penalty to each score. */
  total: number;
  modifiers: AppliedModifier[];
  effects: SheetEffect[];
  odds: { contract: number; applications: Chance[] };
}

/**
 * G&M ailments (seed 000, "Ailments"). The contracting roll is the contact's reaction at −strength (a
 * willing victim rolls health at a further −4). One-shot: the effect lands once after the action time.
 * Chronic: each later action time a health roll at −(strength − action times passed) throws it off;
 * each failure lands the effect again. Inescapable: one roll each action time in it, each failure
 * landing the effect. Chronic and inescapable: rolls until the first failure, then the effect every
 * action time with no roll and strength +1 each; on leaving, strength is back to normal and the chronic
 * course follows. Effects add up.
 */
export function gmAilment(spec: GmAilmentInput, dice: Dice): GmAilmentOutcome {
  const input = record(spec, 'input');
  let def: AilmentDefinition | undefined;
  if (input.ailment !== undefined && input.ailment !== null) {
    def = EXAMPLE_AILMENTS.find((a) => a.id === input.ailment);
    if (!def) throw invalid(`\`ailment\` is one of: ${AILMENT_IDS.join(', ')}.`, 'ailment');
  }
  const kind = (input.kind ?? def?.kind) as AilmentKind | undefined;
  if (kind === undefined) throw invalid('Send `ailment` or `kind`.', 'kind');
  if (!AILMENT_KINDS.includes(kind))
    throw invalid(`\`kind\` is one of: ${AILMENT_KINDS.join(', ')}.`, 'kind');
  const strength =
    input.strength === undefined || input.strength === null
      ? (def?.strength ?? 0)
      : wholeNumber(input.strength, 'strength', -20, 20);
  const effect = (input.effect ?? def?.effect.kind ?? 'injuries') as AilmentEffectKind;
  if (!AILMENT_EFFECTS.includes(effect))
    throw invalid(`\`effect\` is one of: ${AILMENT_EFFECTS.join(', ')}.`, 'effect');
  const effectDice = optionalWholeNumber(input.effectDice, 'effectDice', def?.effect.dice ?? 1, 0, 100);
  const effectSides = optionalWholeNumber(input.effectSides, 'effectSides', def?.effect.sides ?? 1, 1, 100);
  const contact = input.contact as AilmentContact;
  if (!AILMENT_CONTACTS.includes(contact))
    throw invalid(`\`contact\` is one of: ${AILMENT_CONTACTS.join(', ')}.`, 'contact');
  const reactionScore = wholeNumber(input.reaction, 'reaction', 0, 1000);
  const health = optionalWholeNumber(input.health, 'health', reactionScore, 0, 1000);
  const exposed = optionalWholeNumber(input.actionTimesExposed, 'actionTimesExposed', 1, 1, MAX_ACTION_TIMES);
  const after = optionalWholeNumber(input.actionTimesAfter, 'actionTimesAfter', 0, 0, MAX_ACTION_TIMES);
  const illusory = optionalFlag(input.illusory, 'illusory');
  const knowable = optionalFlag(input.knowable, 'knowable');
  const reaction = contact === 'willing' ? 'health' : contact === 'avoidable' ? 'perception' : 'evasion';

  const modifiers: AppliedModifier[] = [{ name: 'ailment strength', value: -strength }];
  if (contact === 'willing') modifiers.push({ name: 'accepted willingly', value: -4 });
  if (illusory && knowable) modifiers.push({ name: 'illusory effect', value: 10 });
  const baseTarget = reactionScore - strength - (contact === 'willing' ? 4 : 0) + (illusory ? 10 : 0);
  const chronic = kind === 'chronic' || kind === 'chronic-inescapable';
  const steps: AilmentStep[] = [];
  const faces: number[] = [];
  let applications = 0;
  let total = 0;

  const land = (): { amount: number; effectFaces: number[] } => {
    if (effectSides === 1) return { amount: effectDice, effectFaces: [] };
    const rolled = dice.pool(effectDice, effectSides, 'effectDice');
    faces.push(...rolled);
    return { amount: rolled.reduce((a, b) => a + b, 0), effectFaces: rolled };
  };
  const rollAgainst = (target: number) => {
    const roll = dice.pool(1, 20, 'reaction')[0];
    faces.push(roll);
    return { roll, passed: roll <= target, odds: { success: passingFaces(target) / 20 } };
  };
  const record_ = (step: Omit<AilmentStep, 'amount' | 'effectFaces'>) => {
    let amount = 0;
    let effectFaces: number[] = [];
    if (step.applied) {
      ({ amount, effectFaces } = land());
      applications++;
      total += amount;
    }
    steps.push({ ...{}, ...step, amount, effectFaces });
  };

  // An illusory effect the victim could not know of never lands (seed 000, "Illusions").
  const immune = illusory && !knowable;
  if (immune) modifiers.push({ name: 'illusory effect the victim cannot know of: no effect', value: 0 });
  let contracted = false;
  let ongoing = false;
  // Exact distribution of applications, as a map count → probability, built beside the roll.
  let dist = new Map<number, number>([[0, 1]]);
  const pass = passingFaces(baseTarget) / 20;

  if (!immune) {
    const inescapable = kind === 'inescapable' || kind === 'chronic-inescapable';
    // The exposure rolls: one for the contact, or one per action time for inescapable kinds.
    let struck = false;
    let struckAt = 0;
    const rounds = inescapable ? exposed : 1;
    for (let t = 0; t < rounds; t++) {
      if (kind === 'chronic-inescapable' && struck) {
        record_({
          actionTime: t,
          phase: 'exposed',
          strength: strength + (t - struckAt),
          target: null,
          roll: null,
          passed: null,
          applied: true,
          odds: null,
        });
        continue;
      }
      const r = rollAgainst(baseTarget);
      if (!r.passed && !struck) {
        struck = true;
        struckAt = t;
      }
      record_({
        actionTime: t,
        phase: t === 0 ? 'contact' : 'exposed',
        strength,
        target: baseTarget,
        roll: r.roll,
        passed: r.passed,
        applied: !r.passed,
        odds: r.odds,
      });
    }
    contracted = struck;
    // Odds of the exposure phase.
    if (kind === 'chronic-inescapable') {
      // First failure at t (0-based) → applications = rounds − t.
      dist = new Map<number, number>();
      dist.set(0, pass ** rounds);
      for (let t = 0; t < rounds; t++) {
        const p = pass ** t * (1 - pass);
        dist.set(rounds - t, (dist.get(rounds - t) ?? 0) + p);
      }
    } else {
      dist = new Map<number, number>([[0, 1]]);
      for (let t = 0; t < rounds; t++) {
        const next = new Map<number, number>();
        for (const [k, p] of dist) {
          next.set(k, (next.get(k) ?? 0) + p * pass);
          next.set(k + 1, (next.get(k + 1) ?? 0) + p * (1 - pass));
        }
        dist = next;
      }
    }

    // The chronic course: a health roll each action time at the fading strength.
    if (chronic) {
      const courseTarget = (i: number) => health - (strength - i);
      let stillIll = struck;
      for (let i = 1; i <= after && stillIll; i++) {
        const target = courseTarget(i);
        const r = rollAgainst(target);
        record_({
          actionTime: (kind === 'chronic-inescapable' ? rounds - 1 : 0) + i,
          phase: 'course',
          strength: strength - i,
          target,
          roll: r.roll,
          passed: r.passed,
          applied: !r.passed,
          odds: r.odds,
        });
        if (r.passed) stillIll = false;
      }
      ongoing = stillIll;
      // Odds: from each starting count k > 0, a run of failures until the first pass or the end.
      const next = new Map<number, number>();
      for (const [k, p] of dist) {
        if (k === 0) {
          next.set(0, (next.get(0) ?? 0) + p);
          continue;
        }
        let stay = 1;
        for (let i = 1; i <= after; i++) {
          const ok = passingFaces(courseTarget(i)) / 20;
          const key = k + i - 1;
          next.set(key, (next.get(key) ?? 0) + p * stay * ok);
          stay *= 1 - ok;
        }
        next.set(k + after, (next.get(k + after) ?? 0) + p * stay);
      }
      dist = next;
    }
  }

  const effects: SheetEffect[] = [];
  if (total > 0 && effect === 'injuries') effects.push({ track: 'injuries', change: total, status: null });
  if (applications > 0 && effect === 'paralysis-minutes')
    effects.push({ track: 'status', change: 1, status: 'paralysed' });
  if (applications > 0 && effect === 'sleep-minutes')
    effects.push({ track: 'status', change: 1, status: 'asleep' });
  if (applications > 0 && effect === 'penalty')
    effects.push({ track: 'status', change: 1, status: 'ailing' });
  return {
    ailment: def?.id ?? null,
    name: def?.name ?? 'custom ailment',
    kind,
    strength,
    reaction,
    actionTime: def?.actionTime ?? { amount: 1, unit: 'round' },
    effect,
    effectScores: def?.effect.scores ?? [],
    contracted,
    ongoing,
    steps,
    faces,
    applications,
    total,
    modifiers,
    effects,
    odds: {
      contract: immune ? 0 : 1 - (dist.get(0) ?? 0),
      applications: [...dist.entries()]
        .filter(([, p]) => p > 0)
        .sort((a, b) => a[0] - b[0])
        .map(([value, probability]) => ({ value, probability })),
    },
  };
}
