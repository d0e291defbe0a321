import type { Dice } from '../random';
import { passingFaces } from '../checks/ability-roll';
import { optionalFlag, record, wholeNumber } from '../checks/validate';
import { minorContributor } from './gm-contributors';
import { AppliedModifier, Chance, SheetEffect } from './shared';

/** A G&M minute is six ten-second rounds (seed 001, "Time"). */
export const ROUNDS_PER_MINUTE = 6;
export const MAX_SUFFOCATION_ROUNDS = 6000;

export interface GmSuffocationInput {
  /** Rounds spent without air. */
  rounds: number;
  endurance: number;
  /** The health reaction score the rolls are made against. */
  health: number;
  /** A deep breath first: the buffer is endurance rounds instead of d4 + endurance (minor). */
  prepared?: boolean;
  /** Completely still and at rest: the buffer and the interval between rolls double. */
  resting?: boolean;
}

export interface SuffocationRoll {
  /** The round (1 = the first without air) at whose end the roll is made. */
  round: number;
  penalty: number;
  target: number;
  roll: number;
  passed: boolean;
  odds: { success: number };
}

export interface GmSuffocationOutcome {
  rounds: number;
  /** Rounds of air before the rolls start. */
  buffer: number;
  /** The d4 of an unprepared buffer; null when prepared. */
  bufferRoll: number | null;
  interval: number;
  faces: number[];
  rolls: SuffocationRoll[];
  injuries: number;
  modifiers: AppliedModifier[];
  effects: SheetEffect[];
  odds: { buffer: Chance[]; injuries: Chance[] };
}

/**
 * G&M suffocation (seed 000, "Suffocation"): a buffer of endurance rounds when prepared, else d4 +
 * endurance as a minor contributor (possibly none). When it runs out, a health roll or 1 injury; then
 * one more roll each further minute, each at a penalty 1 greater. Resting doubles the times: we
 * double both the buffer and the minute between rolls (docs/hazards.md).
 */
export function gmSuffocation(spec: GmSuffocationInput, dice: Dice): GmSuffocationOutcome {
  const input = record(spec, 'input');
  const rounds = wholeNumber(input.rounds, 'rounds', 0, MAX_SUFFOCATION_ROUNDS);
  const endurance = wholeNumber(input.endurance, 'endurance', 0, 1000);
  const health = wholeNumber(input.health, 'health', 0, 1000);
  const prepared = optionalFlag(input.prepared, 'prepared');
  const resting = optionalFlag(input.resting, 'resting');
  const factor = resting ? 2 : 1;
  const interval = ROUNDS_PER_MINUTE * factor;
  const minor = minorContributor(endurance);
  const modifiers: AppliedModifier[] = [];
  if (!prepared) modifiers.push({ name: 'endurance (minor contributor)', value: minor });
  if (resting) modifiers.push({ name: 'at rest: times doubled', value: 2 });

  const bufferOf = (d4: number | null) => factor * (prepared ? endurance : Math.max(0, (d4 ?? 0) + minor));
  const bufferRoll = prepared ? null : dice.pool(1, 4, 'endurance')[0];
  const buffer = bufferOf(bufferRoll);
  const due = (b: number) => (rounds > b ? 1 + Math.floor((rounds - b - 1) / interval) : 0);
  const targetAt = (i: number) => health - i;

  const rolls: SuffocationRoll[] = [];
  const faces: number[] = bufferRoll === null ? [] : [bufferRoll];
  for (let i = 0; i < due(buffer); i++) {
    const roll = dice.pool(1, 20, 'health')[0];
    faces.push(roll);
    const target = targetAt(i);
    rolls.push({
      round: buffer + 1 + i * interval,
      penalty: i,
      target,
      roll,
      passed: roll <= target,
      odds: { success: passingFaces(target) / 20 },
    });
  }
  const injuries = rolls.filter((r) => !r.passed).length;

  // Exact odds: over the d4 (when unprepared), then over each roll's pass or fail.
  const buffers: Chance[] = prepared
    ? [{ value: buffer, probability: 1 }]
    : mergeChances([1, 2, 3, 4].map((d4) => ({ value: bufferOf(d4), probability: 1 / 4 })));
  const injuryOdds = new Map<number, number>();
  for (const { value: b, probability } of buffers) {
    let dist = [1];
    for (let i = 0; i < due(b); i++) {
      const fail = 1 - passingFaces(targetAt(i)) / 20;
      const next = new Array<number>(dist.length + 1).fill(0);
      dist.forEach((p, k) => {
        next[k] += p * (1 - fail);
        next[k + 1] += p * fail;
      });
      dist = next;
    }
    dist.forEach((p, k) => {
      if (p > 0) injuryOdds.set(k, (injuryOdds.get(k) ?? 0) + p * probability);
    });
  }
  return {
    rounds,
    buffer,
    bufferRoll,
    interval,
    faces,
    rolls,
    injuries,
    modifiers,
    effects: injuries > 0 ? [{ track: 'injuries', change: injuries, status: null }] : [],
    odds: {
      buffer: buffers,
      injuries: [...injuryOdds.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([value, probability]) => ({ value, probability })),
    },
  };
}

function mergeChances(chances: Chance[]): Chance[] {
  const merged = new Map<number, number>();
  for (const { value, probability } of chances) merged.set(value, (merged.get(value) ?? 0) + probability);
  return [...merged.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([value, probability]) => ({ value, probability }));
}
