import type { Sheet } from './sheets';
import { harmOf, STATES_THAT_CANNOT_ACT } from '../harm';

/**
 * What a player may see of an NPC whose numbers are hidden, in words (issue 42): derived from its
 * sheet when the referee has not put it in words of their own. The words say how hurt it looks and
 * never a number: `unhurt`, `wounded` (lost some of its hit points, survival or HP), `badly wounded`
 * (half or more), `down` (it cannot act, or has nothing left), `dead`. Null when it has no sheet to
 * read. With sheets in several systems, the first in the order COEAC, Cairn, Archsoul, G&M speaks.
 */
export function npcLooks(sheets: Partial<Record<string, Sheet | null>>): string | null {
  for (const system of ['coeac', 'cairn', 'archsoul', 'gm']) {
    const sheet = sheets[system];
    if (sheet) return looksOf(system, sheet);
  }
  return null;
}

function looksOf(system: string, sheet: Sheet): string {
  const state = harmOf(sheet).state;
  if (state === 'dead') return 'dead';
  if (STATES_THAT_CANNOT_ACT.includes(state)) return 'down';
  const { current, max } = pool(system, sheet);
  const injured = system === 'gm' && num((sheet.injuries as { current?: unknown } | undefined)?.current) > 0;
  if (max <= 0) return injured ? 'wounded' : 'unhurt';
  if (current <= 0) return 'down';
  if (current >= max) return injured ? 'wounded' : 'unhurt';
  return current * 2 <= max ? 'badly wounded' : 'wounded';
}

function pool(system: string, sheet: Sheet): { current: number; max: number } {
  if (system === 'gm') {
    const survival = (sheet.survival ?? {}) as { current?: unknown; max?: unknown };
    return { current: num(survival.current), max: num(survival.max) };
  }
  return {
    current: num(sheet.hp) - (system === 'archsoul' ? num(sheet.belowZero) : 0),
    max: num(sheet.maxHp),
  };
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
