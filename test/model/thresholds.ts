/*
 * Issue 39: a small reference model of each system's harm thresholds, written from the rule documents
 * and without the engine's code (nothing here imports src/). The model-based tests hold every step of
 * a random session to it: the service's (test/e2e/engine-model.e2e-spec.ts) and the core's pure
 * transitions (test/unit/engine-model.spec.ts). Each check takes the sheet before a step and after it
 * (the stored sheet's own paths: `hp`, `str.current`, `survival.current`, `harm.state` …) and answers
 * what is wrong, or null.
 *
 * What a step may do, per system:
 * - COEAC (003:201, 173, 920): HP falls by the damage, never below 0. Reaching 0 HP from above, or a
 *   further blow while down, rolls on the Down and Out table: a player character is then down and out
 *   or dead, its max HP moved by at most 1; an NPC is out of action, with no roll. Max HP 0 is death.
 * - Cairn (004:76, 87–93, 115): damage past HP comes off STR; STR 0 is death. With STR left, the STR
 *   save follows: a failure leaves a player character critical, an NPC dead. HP brought to exactly 0
 *   (nothing left over) gives a player character a scar, an NPC never.
 * - Archsoul (002:32): HP (with what lies below 0) falls by the damage; at 0 or less the character is
 *   unconscious, below −2 × Endurance dead. Endurance is the stat less what hazards and exhaustion took.
 * - G&M (001:565–615): a temporary pool takes the damage first, then verve when the loss is
 *   archetypal, then survival, then injuries. Reaching 0 survival or gaining injuries calls the
 *   consciousness roll (unconscious is possible only then); gaining injuries past survival (and verve,
 *   for an archetypal loss) calls the death roll (dying is possible only then). A blow never kills at
 *   once: death comes when the dying character's time runs out (the clock).
 * - Everywhere: a blow never makes a state better, a rest never makes it worse, the dead stay dead,
 *   the clock only ends a timer (death for a dying, critical or unaided character, waking for an
 *   unconscious one; `checkTimers` says which ends which), the dead hold no dying, critical or
 *   awaiting-aid condition, and an NPC never holds a player character's consequence (COEAC Down and Out,
 *   Cairn scars or critical damage, G&M verve).
 */

export type System = 'coeac' | 'cairn' | 'gm' | 'archsoul';
export type Sheet = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** How grave a state is (our ordering of the documents' states; a blow never lowers it). */
const GRAVITY: Record<string, number> = {
  up: 0,
  paralysed: 1,
  delirious: 1,
  'semi-conscious': 2,
  unconscious: 2,
  'down-and-out': 2,
  out: 3,
  critical: 4,
  dying: 5,
  dead: 6,
};

const n = (v: unknown): number => (typeof v === 'number' ? v : 0);
const cur = (v: unknown): number => n((v as { current?: unknown } | undefined)?.current);
const max = (v: unknown): number => n((v as { max?: unknown } | undefined)?.max);
export const stateOf = (s: Sheet): string => s.harm?.state ?? 'up';
const conditionsOf = (s: Sheet): string[] => (Array.isArray(s.harm?.conditions) ? s.harm.conditions : []);
const scarsOf = (s: Sheet): number => (Array.isArray(s.scars) ? s.scars.length : 0);

/** Archsoul: HP as the rules read it, and the Endurance the character has now. */
export const archsoulHp = (s: Sheet): number => n(s.hp) - n(s.belowZero);
export function archsoulEndurance(s: Sheet): number {
  const exhausted = n(s.fatigue) >= 2 ? Math.max(1, n(s.exhaustionLoss)) : n(s.exhaustionLoss);
  return Math.max(0, n(s.stats?.Endurance) - n(s.enduranceLoss) - exhausted);
}

function expectState(after: Sheet, allowed: string[], why: string): string | null {
  const state = stateOf(after);
  return allowed.includes(state)
    ? null
    : `state ${state}, the reference allows ${allowed.join(' or ')} (${why})`;
}

function expectValue(what: string, got: number, want: number): string | null {
  return got === want ? null : `${what} ${got}, the reference gives ${want}`;
}

const first = (...checks: Array<string | null>): string | null => checks.find((c) => c !== null) ?? null;

/** States at least as grave as `before`, among `candidates`. */
const noBetter = (before: string, candidates: string[]) =>
  [...new Set([before, ...candidates])].filter((s) => GRAVITY[s] >= GRAVITY[before]);

/**
 * A blow of `amount` (COEAC and Cairn: to HP, no armour or Block; G&M: `archetypal` says whether
 * verve takes it). Cairn harm outside combat names the attribute it goes to (`target`).
 */
export interface Blow {
  amount: number;
  archetypal?: boolean;
  target?: 'hp' | 'str' | 'dex' | 'wil';
}

/** COEAC Medicine aid after the blow, to a character down and out (003:201): a test, then the table. */
export function checkAid(before: Sheet, after: Sheet): string | null {
  const moved = n(after.maxHp) - n(before.maxHp);
  return first(
    expectValue('hp', n(after.hp), n(before.hp)),
    Math.abs(moved) > 1 ? `max HP moved by ${moved}: the Down and Out table moves it by 1 at most` : null,
    n(after.maxHp) <= 0
      ? expectState(after, ['dead'], 'max HP 0 is death, 003:173')
      : expectState(after, ['down-and-out', 'dead'], 'aid: the Down and Out table, or still awaiting aid'),
  );
}

/** What one blow may have done to a sheet. */
export function checkDamage(
  system: System,
  npc: boolean,
  before: Sheet,
  blow: Blow,
  after: Sheet,
): string | null {
  const was = stateOf(before);
  if (was === 'dead') return expectState(after, ['dead'], 'death is final');
  switch (system) {
    case 'coeac': {
      const hp = n(before.hp);
      const taken = Math.max(0, blow.amount - n(before.bonusHp));
      const hpAfter = Math.max(0, hp - taken);
      const down = was === 'down-and-out' || was === 'out' || (hp === 0 && n(before.maxHp) > 0);
      const roll = (hp > 0 && hpAfter === 0) || (down && taken > 0);
      const numbers = first(
        expectValue('hp', n(after.hp), hpAfter),
        expectValue('bonusHp', n(after.bonusHp), Math.max(0, n(before.bonusHp) - blow.amount)),
      );
      if (numbers) return numbers;
      if (!roll)
        return first(
          expectValue('maxHp', n(after.maxHp), n(before.maxHp)),
          expectState(after, [was], 'no Down and Out roll'),
        );
      if (npc)
        return first(
          expectValue('maxHp', n(after.maxHp), n(before.maxHp)),
          expectState(after, noBetter(was, ['out']), 'an NPC at 0 HP is out of action, 003:920'),
        );
      const moved = n(after.maxHp) - n(before.maxHp);
      if (Math.abs(moved) > 1)
        return `max HP moved by ${moved}: the Down and Out table moves it by 1 at most`;
      if (n(after.maxHp) <= 0) return expectState(after, ['dead'], 'max HP 0 is death, 003:173');
      return expectState(after, ['down-and-out', 'dead'], 'a roll on the Down and Out table, 003:201');
    }
    case 'cairn': {
      if (blow.target && blow.target !== 'hp') {
        // Outside combat the harm goes straight to the attribute: no Armor, scar or save (004:93).
        const a = blow.target;
        const left = Math.max(0, cur(before[a]) - blow.amount);
        const numbers = first(
          expectValue(a, cur(after[a]), left),
          expectValue('hp', n(after.hp), n(before.hp)),
          scarsOf(after) > scarsOf(before) ? 'a scar from harm outside combat' : null,
        );
        if (numbers) return numbers;
        if (left > 0) return expectState(after, [was], `${a} above 0`);
        const zero = { str: 'dead', dex: 'paralysed', wil: 'delirious' }[a];
        return expectState(after, noBetter(was, [zero]), `${a.toUpperCase()} 0, 004:93`);
      }
      const hp = n(before.hp);
      const str = cur(before.str);
      const overflow = Math.max(0, blow.amount - hp);
      const strAfter = Math.max(0, str - overflow);
      const scarDue = hp > 0 && blow.amount === hp;
      const scarred = scarsOf(after) > scarsOf(before);
      if (npc && scarred) return 'an NPC gained a scar (004:76, 115)';
      if (!npc && scarDue !== scarred)
        return scarDue
          ? `HP ${hp} → exactly 0 but no scar (004:76)`
          : `a scar without HP brought to exactly 0`;
      const hpCheck = expectValue('hp', n(after.hp), Math.max(0, hp - blow.amount));
      if (hpCheck) return hpCheck;
      if (scarred) {
        // A scar's own rolls move maxima and (scar 6) a current score: only the states are held.
        if (cur(after.str) === 0) return expectState(after, ['dead'], 'STR 0 is death, 004:93');
        return expectState(after, noBetter(was, ['out', 'paralysed', 'delirious']), 'a scar');
      }
      const doomed = conditionsOf(before).includes('doomed');
      const numbers = first(
        expectValue('str', cur(after.str), strAfter),
        expectValue('dex', cur(after.dex), cur(before.dex)),
        expectValue('wil', cur(after.wil), cur(before.wil)),
        doomed && overflow > 0 ? null : expectValue('maxHp', n(after.maxHp), n(before.maxHp)),
      );
      if (numbers) return numbers;
      if (strAfter === 0) return expectState(after, ['dead'], 'STR 0 is death, 004:93');
      if (overflow > 0) {
        const failed = npc || doomed ? ['dead'] : ['critical'];
        return expectState(after, noBetter(was, failed), 'the STR save after STR damage, 004:87–88');
      }
      return expectState(after, [was], 'no STR damage, no scar');
    }
    case 'archsoul': {
      const hpAfter = archsoulHp(before) - blow.amount;
      const numbers = expectValue('HP (hp − belowZero)', archsoulHp(after), hpAfter);
      if (numbers) return numbers;
      const endurance = archsoulEndurance(after);
      if (hpAfter < -2 * endurance) return expectState(after, ['dead'], `HP below −2×${endurance}, 002:32`);
      if (hpAfter <= 0 && blow.amount > 0)
        return expectState(after, noBetter(was, ['unconscious']), 'HP 0 or less, 002:32');
      if (hpAfter <= 0) return expectState(after, noBetter(was, ['unconscious']), 'HP 0 or less, no damage');
      return expectState(after, [was], 'HP above 0');
    }
    case 'gm': {
      let left = blow.amount;
      const pool = Math.min(n(before.temporarySurvival), left);
      left -= pool;
      const verve = blow.archetypal && !npc ? Math.min(cur(before.verve), left) : 0;
      left -= verve;
      const survival = Math.min(cur(before.survival), left);
      left -= survival;
      const want = {
        temporary: n(before.temporarySurvival) - pool,
        verve: cur(before.verve) - verve,
        survival: cur(before.survival) - survival,
        injuries: cur(before.injuries) + left,
      };
      const numbers = first(
        expectValue('temporarySurvival', n(after.temporarySurvival), want.temporary),
        expectValue('verve', cur(after.verve), want.verve),
        expectValue('survival', cur(after.survival), want.survival),
        expectValue('injuries', cur(after.injuries), want.injuries),
      );
      if (numbers) return numbers;
      const gained = left > 0;
      const consciousness = (cur(before.survival) > 0 && want.survival === 0) || gained;
      const death = gained && want.injuries > want.survival + (blow.archetypal ? want.verve : 0);
      const allowed = noBetter(was, [
        ...(consciousness ? ['unconscious'] : []),
        ...(death ? ['dying'] : []),
      ]).filter((s) => s !== 'dead');
      return expectState(after, allowed, 'the consciousness and death rolls, 001:605, 613');
    }
  }
}

/** What the clock may end: a timer's death or waking; every tracked value but a lapsing pool stays. */
const CLOCK_ENDS: Record<System, Record<string, string[]>> = {
  coeac: { 'down-and-out': ['dead'] },
  cairn: { critical: ['dead'], out: ['dead'] },
  gm: { dying: ['dead'], unconscious: ['up'], 'semi-conscious': ['up'] },
  archsoul: { unconscious: ['up'] },
};

/**
 * A rest never harms: the dead stay dead and unchanged, no state gets graver, nothing passes its
 * maximum. A rest takes time, so a timer may end during it as the clock ends one (`checkClock`: an
 * untended critical or dying character dies).
 */
export function checkRest(system: System, _npc: boolean, before: Sheet, after: Sheet): string | null {
  const was = stateOf(before);
  if (was === 'dead')
    return first(expectState(after, ['dead'], 'death is final'), unchanged(system, before, after));
  const timerEnds = CLOCK_ENDS[system][was] ?? [];
  if (GRAVITY[stateOf(after)] > GRAVITY[was] && !timerEnds.includes(stateOf(after)))
    return `a rest made ${was} into ${stateOf(after)}`;
  switch (system) {
    case 'coeac':
    case 'cairn':
      if (n(after.hp) < n(before.hp)) return `a rest lowered HP ${before.hp} → ${after.hp}`;
      return null;
    case 'archsoul':
      if (archsoulHp(after) < archsoulHp(before))
        return `a rest lowered HP ${archsoulHp(before)} → ${archsoulHp(after)}`;
      return null;
    case 'gm':
      if (cur(after.injuries) > cur(before.injuries)) return 'a rest added injuries';
      if (cur(after.survival) < cur(before.survival)) return 'a rest lowered survival';
      return null;
  }
}

export function checkClock(system: System, _npc: boolean, before: Sheet, after: Sheet): string | null {
  const was = stateOf(before);
  const allowed = [was, ...(CLOCK_ENDS[system][was] ?? [])];
  return first(expectState(after, allowed, 'the clock only ends a timer'), unchanged(system, before, after));
}

/** The watches of a day, in order (SPEC 6.4: the campaign clock). */
const WATCHES = ['morning', 'afternoon', 'night'];

interface Position {
  day: number;
  watch: string;
  turn: number;
}

/** Whether the clock at `now` has reached `end`. */
function reached(now: Position, end: Position): boolean {
  if (now.day !== end.day) return now.day > end.day;
  const a = WATCHES.indexOf(now.watch);
  const b = WATCHES.indexOf(end.watch);
  if (a !== b) return a > b;
  return now.turn >= end.turn;
}

/**
 * Timers at their end (our reading of the documents; docs/harm.md, Timers), from the sheet before
 * a clock advance to `now` in which `rounds` rounds passed. A timer whose time has come ends in:
 * - COEAC Down and Out without aid by the end of the Turn (003:201): death; an aided one goes on.
 * - Cairn critical damage untended within the hour (004:93), a Mortal Wound not healed within the
 *   hour (scar 11, `dying` among the conditions): death; tended (stabilised, no longer dying), not.
 * - G&M dying when the death timer runs out (001:613): death. Minutes unconscious over (001:607):
 *   awake (up) or, the roll to awaken failed, still out; never dead.
 * - Archsoul rounds unconscious over (002:80): up, and Disabled.
 * - COEAC bonus HP or a G&M temporary survival pool whose period is over: the pool is 0.
 * No timer at its end and no other harm: the state stays what it was (no one dies of a tended wound).
 */
export function checkTimers(
  system: System,
  _npc: boolean,
  before: Sheet,
  after: Sheet,
  now: Position,
  rounds: number,
): string | null {
  const was = stateOf(before);
  const conditions = conditionsOf(before);
  const timers: Array<{ kind: string; endsAt: Position | null; rounds: number | null }> = Array.isArray(
    before.harm?.timers,
  )
    ? before.harm.timers
    : [];
  const ends = (kind: string) =>
    timers.some(
      (t) =>
        t.kind === kind &&
        ((t.endsAt !== null && reached(now, t.endsAt)) || (t.rounds !== null && t.rounds <= rounds)),
    );
  const dies =
    (system === 'coeac' &&
      was === 'down-and-out' &&
      conditions.includes('awaiting-aid') &&
      ends('coeac-aid')) ||
    (system === 'cairn' && was === 'critical' && ends('cairn-critical')) ||
    (system === 'cairn' && was === 'out' && conditions.includes('dying') && ends('cairn-mortal-wound')) ||
    (system === 'gm' && was === 'dying' && ends('gm-death'));
  if (dies) return expectState(after, ['dead'], 'an untended or unaided character’s time ran out');
  const state = stateOf(after);
  if (system === 'gm' && (was === 'unconscious' || was === 'semi-conscious') && ends('gm-unconscious')) {
    const wrong = expectState(after, [was, 'up'], 'the roll to awaken, 001:607');
    if (wrong) return wrong;
  } else if (system === 'archsoul' && was === 'unconscious' && ends('archsoul-unconscious')) {
    const wrong = expectState(after, ['up'], 'the rounds unconscious are over, 002:80');
    if (wrong) return wrong;
    if (!conditionsOf(after).includes('disabled')) return 'woke without Disabled (002:80)';
  } else if (state !== was) return `the clock made ${was} into ${state} with no timer at its end`;
  if (system === 'coeac' && ends('coeac-bonus-hp') && n(after.bonusHp) !== 0)
    return `bonus HP ${after.bonusHp} after their period ended`;
  if (system === 'gm' && ends('gm-temporary-pool') && n(after.temporarySurvival) !== 0)
    return `a temporary pool of ${after.temporarySurvival} after its period ended`;
  return null;
}

function tracked(system: System, s: Sheet): Record<string, number> {
  switch (system) {
    case 'coeac':
      return { hp: n(s.hp), maxHp: n(s.maxHp) };
    case 'cairn':
      return { hp: n(s.hp), maxHp: n(s.maxHp), str: cur(s.str), dex: cur(s.dex), wil: cur(s.wil) };
    case 'archsoul':
      return { hp: archsoulHp(s), maxHp: n(s.maxHp) };
    case 'gm':
      return { survival: cur(s.survival), verve: cur(s.verve), injuries: cur(s.injuries) };
  }
}

function unchanged(system: System, before: Sheet, after: Sheet): string | null {
  const a = tracked(system, before);
  const b = tracked(system, after);
  const moved = Object.keys(a).filter((k) => a[k] !== b[k]);
  return moved.length === 0
    ? null
    : `${moved.map((k) => `${k} ${a[k]} → ${b[k]}`).join(', ')} without a cause`;
}

/**
 * A hazard's harm, read from the numbers it left (the hazard's damage is its own roll): the state
 * must be one those numbers allow.
 */
export function checkHazard(system: System, _npc: boolean, before: Sheet, after: Sheet): string | null {
  const was = stateOf(before);
  if (was === 'dead') return expectState(after, ['dead'], 'death is final');
  if (system === 'archsoul') {
    const hp = archsoulHp(after);
    const endurance = archsoulEndurance(after);
    if (hp < -2 * endurance) return expectState(after, ['dead'], `HP below −2×${endurance}, 002:32`);
    if (hp < archsoulHp(before) && hp <= 0)
      return expectState(after, noBetter(was, ['unconscious', 'dead']), 'HP 0 or less, 002:32');
    return null;
  }
  if (system === 'gm') {
    const gained = cur(after.injuries) > cur(before.injuries);
    const zero = cur(before.survival) > 0 && cur(after.survival) === 0;
    const death = gained && cur(after.injuries) > cur(after.survival);
    const allowed = noBetter(was, [
      ...(zero || gained ? ['unconscious'] : []),
      ...(death ? ['dying'] : []),
    ]).filter((s) => s !== 'dead');
    return expectState(after, allowed, 'the consciousness and death rolls after a hazard, 001:605, 613');
  }
  return null;
}

/** What holds of any sheet at any moment: bounds, the thresholds, NPC rules. */
export function checkSheet(system: System, npc: boolean, s: Sheet): string | null {
  const state = stateOf(s);
  if (!(state in GRAVITY)) return `unknown state ${state}`;
  // The dead are past dying, past critical and past waiting for aid: no rule leaves those on them.
  const past = conditionsOf(s).filter((c) => ['dying', 'critical', 'awaiting-aid'].includes(c));
  if (state === 'dead' && past.length > 0) return `dead but still ${past.join(', ')}`;
  switch (system) {
    case 'coeac': {
      if (n(s.hp) < 0 || n(s.hp) > n(s.maxHp)) return `hp ${s.hp} outside 0..${s.maxHp}`;
      if (npc && state === 'down-and-out') return 'an NPC rolled Down and Out (003:920)';
      if (npc && conditionsOf(s).includes('awaiting-aid')) return 'an NPC awaits Medicine aid (003:920)';
      if (n(s.maxHp) <= 0 && state !== 'dead') return `max HP ${s.maxHp} but ${state} (003:173)`;
      if (n(s.hp) === 0) {
        const allowed = npc ? ['out', 'dead'] : ['down-and-out', 'dead'];
        if (!allowed.includes(state)) return `at 0 HP but ${state} (003:201, 920)`;
      } else if (state === 'down-and-out' || state === 'out') return `${state} at ${s.hp} HP`;
      return null;
    }
    case 'cairn': {
      if (n(s.hp) < 0 || n(s.hp) > n(s.maxHp)) return `hp ${s.hp} outside 0..${s.maxHp}`;
      for (const a of ['str', 'dex', 'wil'])
        if (cur(s[a]) < 0 || cur(s[a]) > max(s[a])) return `${a} ${cur(s[a])} outside 0..${max(s[a])}`;
      if (cur(s.str) === 0 && state !== 'dead') return `STR 0 but ${state} (004:93)`;
      if ((cur(s.dex) === 0 || cur(s.wil) === 0) && state === 'up') return 'DEX or WIL 0 but up (004:93)';
      if (npc && scarsOf(s) > 0) return `an NPC holds scars ${JSON.stringify(s.scars)} (004:76, 115)`;
      if (npc && state === 'critical') return 'an NPC is critical: its failed save kills it';
      return null;
    }
    case 'archsoul': {
      if (n(s.hp) < 0 || n(s.belowZero) < 0) return `hp ${s.hp} / belowZero ${s.belowZero} below 0`;
      if (n(s.hp) > 0 && n(s.belowZero) > 0) return `hp ${s.hp} and belowZero ${s.belowZero} both above 0`;
      if (archsoulHp(s) > n(s.maxHp)) return `hp ${archsoulHp(s)} above ${s.maxHp}`;
      if (archsoulHp(s) > 0 && state === 'unconscious') return `unconscious at ${archsoulHp(s)} HP`;
      return null;
    }
    case 'gm': {
      for (const track of ['survival', 'verve']) {
        const v = s[track];
        if (v && (cur(v) < 0 || cur(v) > max(v))) return `${track} ${cur(v)} outside 0..${max(v)}`;
      }
      if (cur(s.injuries) < 0) return `injuries ${cur(s.injuries)} below 0`;
      if (n(s.temporarySurvival) < 0) return `temporarySurvival ${s.temporarySurvival} below 0`;
      if (npc && (cur(s.verve) > 0 || max(s.verve) > 0))
        return `an NPC holds verve ${JSON.stringify(s.verve)} (001:629)`;
      if (state === 'dying' && cur(s.injuries) === 0)
        return 'dying with no injuries (death is cancelled at 0, 001:615)';
      return null;
    }
  }
}
