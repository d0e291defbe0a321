import { MAX_DIFFICULTY, MIN_DIFFICULTY } from '../checks/difficulty-pool';
import { invalid, optionalFlag, optionalWholeNumber, record, wholeNumber } from '../checks/validate';
import { archsoulStatusNamed, archsoulStatusRuling, type ArchsoulStatus } from '../harm/archsoul-condition';
import { binomialPmf, binomialTail } from '../odds';
import type { Dice } from '../random';
import { applyChange } from '../engine/apply';
import type { EngineEvent } from '../engine/events';
import type { ArchsoulDamageChange, ArchsoulState } from '../engine/state';
import type { SheetDamageOutcome } from '../harm/campaign';

/*
 * An Archsoul attack against someone, as far as the statuses of both sides decide it (issue 43,
 * AS-26; seed 002, "Status Effects", "Coup de Grace"). The seeds give these numbers and rules:
 * - the attacker's statuses: Disabled, Restrained and Grappled (with a weapon) forbid the attack;
 *   Knocked Down adds 1 to a melee attack's difficulty; a Grappled attacker's unarmed attack is one
 *   of the "other actions" and needs a grapple roll first;
 * - the target's: Disabled (and unconscious) makes it unaware to attackers; Restrained lets the
 *   attacker choose the front or the back arc; Grappled projects no front arc; an attack made against
 *   a Restrained, Disabled or unconscious target alone is a coup de grâce (damage doubled, one more
 *   round unconscious);
 * - the attack roll is the core pool (d6s, a face at or over the difficulty is a success, the
 *   difficulty clamped to 2–6) and, as against objects (002:54), it must score more successes than
 *   the defence.
 * What the seeds leave out the referee supplies: the attack's pool, base difficulty and the target's
 * defence; what being unaware and each arc change; the grapple roll's pool, difficulty and the
 * successes the grappling force demands; the reactive attacks standing up invites.
 */

export const ARCHSOUL_ATTACK_KINDS = ['melee', 'ranged'] as const;
export type ArchsoulAttackKind = (typeof ARCHSOUL_ATTACK_KINDS)[number];
export const ARCHSOUL_ARCS = ['front', 'back'] as const;
export type ArchsoulArc = (typeof ARCHSOUL_ARCS)[number];

export interface ArchsoulGrappleRollInput {
  dice: number;
  difficulty: number;
  /** Successes the grappling force demands (the referee's; 1 when not sent). */
  needed?: number;
}

export interface ArchsoulAttackInput {
  kind: ArchsoulAttackKind;
  attackerStatuses?: string[];
  targetStatuses?: string[];
  /** The target is unconscious (a harm state rather than a status). */
  targetUnconscious?: boolean;
  /** The attack is made against this target alone (a coup de grâce needs it). Default true. */
  exclusive?: boolean;
  /** An unarmed attack (no weapon): the one attack a Grappled attacker may try, after a grapple roll. */
  unarmed?: boolean;
  /** The arc struck, when the attacker names one. */
  arc?: ArchsoulArc;
  /** The attack roll, when sent: the pool. */
  dice?: number;
  /** Its base difficulty before the statuses (required with `dice`). */
  difficulty?: number;
  /** The target's defence: successes over it hit (required with `dice`). */
  defence?: number;
  /** Damage already rolled for a hit: doubled by a coup de grâce. */
  damage?: number;
  /** The grapple roll a Grappled attacker makes before an unarmed attack. */
  grapple?: ArchsoulGrappleRollInput;
}

export interface ArchsoulPoolRoll {
  dice: number;
  difficulty: number;
  faces: number[];
  successes: number;
}

export interface ArchsoulAttackOutcome {
  kind: ArchsoulAttackKind;
  allowed: boolean;
  refusedBy: ArchsoulStatus | null;
  why: string | null;
  grappleRollNeeded: boolean;
  grapple: (ArchsoulPoolRoll & { needed: number; passed: boolean; odds: { pass: number } }) | null;
  /** Difficulty the attacker's statuses add (Knocked Down: +1 on a melee attack). */
  difficultyAdded: number;
  targetUnaware: boolean;
  frontArc: boolean;
  attackerChoosesArc: boolean;
  arc: ArchsoulArc | null;
  coupDeGrace: boolean;
  damageMultiplier: number;
  unconsciousRoundsAdded: number;
  attack:
    | (ArchsoulPoolRoll & {
        requestedDifficulty: number;
        defence: number;
        hit: boolean;
        margin: number;
        odds: { hit: number };
      })
    | null;
  /** The damage a hit deals after the coup de grâce (null without `damage`, or on a miss: 0). */
  damage: number | null;
  /** What the referee decides here (the seeds give no numbers for it). */
  referee: string[];
  faces: number[];
  modifiers: Array<{ name: string; value: number; detail: string }>;
  steps: Array<{ name: string; detail: string; faces: number[]; odds: Record<string, number> | null }>;
}

function statuses(value: unknown, field: string): ArchsoulStatus[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > 20)
    throw invalid(`\`${field}\` is a list of at most 20 statuses.`, field);
  return value.map((s, i) => {
    const named = typeof s === 'string' ? archsoulStatusNamed(s) : null;
    if (named === null)
      throw invalid(
        `\`${field}[${i}]\` is one of: disabled, restrained, disaligned, grappled, knocked-down.`,
        `${field}[${i}]`,
      );
    return named;
  });
}

const clamp = (d: number) => Math.min(MAX_DIFFICULTY, Math.max(MIN_DIFFICULTY, d));
const perDie = (difficulty: number) => (7 - difficulty) / 6;

export function archsoulAttack(spec: ArchsoulAttackInput, dice: Dice): ArchsoulAttackOutcome {
  const input = record(spec, 'input');
  const kind = input.kind as ArchsoulAttackKind;
  if (!ARCHSOUL_ATTACK_KINDS.includes(kind)) throw invalid('`kind` is "melee" or "ranged".', 'kind');
  const attacker = statuses(input.attackerStatuses, 'attackerStatuses');
  const target = statuses(input.targetStatuses, 'targetStatuses');
  const unconscious = optionalFlag(input.targetUnconscious, 'targetUnconscious');
  const exclusive =
    input.exclusive === undefined || input.exclusive === null
      ? true
      : optionalFlag(input.exclusive, 'exclusive');
  const unarmed = optionalFlag(input.unarmed, 'unarmed');
  const arc = (input.arc ?? null) as ArchsoulArc | null;
  if (arc !== null && !ARCHSOUL_ARCS.includes(arc)) throw invalid('`arc` is "front" or "back".', 'arc');
  const rolling = input.dice !== undefined && input.dice !== null;
  const pool = rolling ? wholeNumber(input.dice, 'dice', 0, 100) : 0;
  if (rolling && (input.difficulty === undefined || input.difficulty === null))
    throw invalid(
      '`difficulty` goes with `dice`: the attack roll’s base difficulty (the referee’s).',
      'difficulty',
    );
  if (rolling && (input.defence === undefined || input.defence === null))
    throw invalid('`defence` goes with `dice`: the target’s defence (the referee’s).', 'defence');
  const baseDifficulty = rolling ? wholeNumber(input.difficulty, 'difficulty', 0, 20) : 0;
  const defence = rolling ? wholeNumber(input.defence, 'defence', 0, 100) : 0;
  const damageIn = optionalWholeNumber(input.damage, 'damage', -1, 0, 100_000);
  if (damageIn >= 0 && !rolling)
    throw invalid('`damage` goes with the attack roll (`dice`): it is dealt on a hit.', 'damage');

  const modifiers: ArchsoulAttackOutcome['modifiers'] = [];
  const steps: ArchsoulAttackOutcome['steps'] = [];
  const has = (list: ArchsoulStatus[], s: ArchsoulStatus) => list.includes(s);

  // The attacker: the statuses' ruling on its attack roll (a weapon attack unless unarmed).
  const grappledUnarmed = has(attacker, 'grappled') && unarmed;
  const ruling = archsoulStatusRuling(
    attacker.filter((s) => !(grappledUnarmed && s === 'grappled')),
    kind === 'melee' ? 'melee-attack' : 'ranged-attack',
    [],
  );
  // The target.
  const targetUnaware = has(target, 'disabled') || unconscious;
  const frontArc = !has(target, 'grappled');
  const attackerChoosesArc = has(target, 'restrained');
  if (arc === 'front' && !frontArc)
    throw invalid('A Grappled target projects no front arc: `arc` cannot be "front".', 'arc');
  const coupDeGrace = exclusive && (has(target, 'restrained') || has(target, 'disabled') || unconscious);
  const referee: string[] = [];
  if (targetUnaware) {
    modifiers.push({
      name: 'target-unaware',
      value: 0,
      detail: 'The target counts as unaware (Disabled or unconscious).',
    });
    referee.push('What attacking an unaware target changes (the seeds do not say).');
  }
  if (attackerChoosesArc) {
    modifiers.push({
      name: 'arc-choice',
      value: 0,
      detail: 'Restrained target: the attacker chooses the front or the back arc.',
    });
  }
  if (!frontArc)
    modifiers.push({ name: 'no-front-arc', value: 0, detail: 'Grappled target: it projects no front arc.' });
  if (attackerChoosesArc || !frontArc || arc !== null)
    referee.push('What striking the front or the back arc changes (arcs are defined outside the seeds).');
  if (coupDeGrace)
    modifiers.push({
      name: 'coup-de-grace',
      value: 2,
      detail: `An attack against a ${unconscious ? 'unconscious' : has(target, 'restrained') ? 'Restrained' : 'Disabled'} target alone: damage doubled${unconscious ? ', one more round unconscious' : ''}.`,
    });

  const base = {
    kind,
    targetUnaware,
    frontArc,
    attackerChoosesArc,
    arc,
    coupDeGrace,
    damageMultiplier: coupDeGrace ? 2 : 1,
    unconsciousRoundsAdded: coupDeGrace && unconscious ? 1 : 0,
  };
  if (ruling.refusedBy !== null) {
    steps.push({
      name: 'refused',
      detail: `The attacker is ${ruling.why}: no attack.`,
      faces: [],
      odds: null,
    });
    return {
      ...{},
      ...base,
      allowed: false,
      refusedBy: ruling.refusedBy,
      why: ruling.why,
      grappleRollNeeded: false,
      grapple: null,
      difficultyAdded: 0,
      attack: null,
      damage: null,
      referee,
      faces: [],
      modifiers,
      steps,
    };
  }
  const difficultyAdded = ruling.difficulty.reduce((sum, d) => sum + d.difficulty, 0);
  if (difficultyAdded > 0)
    modifiers.push({
      name: 'knocked-down',
      value: difficultyAdded,
      detail: 'Knocked Down: a melee attack’s difficulty +1.',
    });

  // A Grappled attacker's unarmed attack: the grapple roll first (002:88), on the referee's numbers.
  let grapple: ArchsoulAttackOutcome['grapple'] = null;
  const faces: number[] = [];
  if (grappledUnarmed) {
    if (input.grapple === undefined || input.grapple === null) {
      referee.push('The grapple roll (pool, difficulty and the successes the grappling force demands).');
      steps.push({
        name: 'grapple-roll',
        detail: 'Grappled: the attack needs a grapple roll first; send `grapple` to roll it.',
        faces: [],
        odds: null,
      });
      return {
        ...{},
        ...base,
        allowed: true,
        refusedBy: null,
        why: null,
        grappleRollNeeded: true,
        grapple: null,
        difficultyAdded,
        attack: null,
        damage: null,
        referee,
        faces: [],
        modifiers,
        steps,
      };
    }
    const g = record(input.grapple, 'grapple');
    const gDice = wholeNumber(g.dice, 'grapple.dice', 0, 100);
    const gRequested = wholeNumber(g.difficulty, 'grapple.difficulty', 0, 20);
    const needed = optionalWholeNumber(g.needed, 'grapple.needed', 1, 1, 100);
    const gDifficulty = clamp(gRequested);
    const gFaces = dice.pool(gDice, 6, 'grapple.dice');
    faces.push(...gFaces);
    const successes = gFaces.filter((f) => f >= gDifficulty).length;
    const pass = binomialTail(gDice, needed, perDie(gDifficulty));
    grapple = {
      dice: gDice,
      difficulty: gDifficulty,
      faces: gFaces,
      successes,
      needed,
      passed: successes >= needed,
      odds: { pass },
    };
    steps.push({
      name: 'grapple-roll',
      detail: `Grapple roll: ${gDice}d at ${gDifficulty}, ${needed} success(es) needed; ${successes} rolled, ${grapple.passed ? 'the hold is overcome' : 'the hold prevails: no attack'}.`,
      faces: gFaces,
      odds: { pass, fail: 1 - pass },
    });
    referee.push('The grapple roll’s pool, difficulty and needed successes (sent here).');
    if (!grapple.passed)
      return {
        ...{},
        ...base,
        allowed: true,
        refusedBy: null,
        why: null,
        grappleRollNeeded: true,
        grapple,
        difficultyAdded,
        attack: null,
        damage: rolling && damageIn >= 0 ? 0 : null,
        referee,
        faces,
        modifiers,
        steps,
      };
  }

  let attack: ArchsoulAttackOutcome['attack'] = null;
  let damage: number | null = null;
  if (rolling) {
    const difficulty = clamp(baseDifficulty + difficultyAdded);
    const aFaces = dice.pool(pool, 6, 'dice');
    faces.push(...aFaces);
    const successes = aFaces.filter((f) => f >= difficulty).length;
    const hit = successes > defence;
    const pmf = binomialPmf(pool, perDie(difficulty));
    const miss = pmf.slice(0, defence + 1).reduce((s, p) => s + p, 0);
    attack = {
      dice: pool,
      requestedDifficulty: baseDifficulty + difficultyAdded,
      difficulty,
      defence,
      faces: aFaces,
      successes,
      hit,
      margin: hit ? successes - defence : 0,
      odds: { hit: Math.max(0, 1 - miss) },
    };
    steps.push({
      name: 'attack-roll',
      detail: `Attack roll: ${pool}d at ${difficulty}${difficulty !== baseDifficulty + difficultyAdded ? ` (${baseDifficulty + difficultyAdded} clamped to 2–6)` : ''} against defence ${defence}: ${successes} success(es), ${hit ? 'a hit' : 'a miss'}.`,
      faces: aFaces,
      odds: { hit: attack.odds.hit, miss: 1 - attack.odds.hit },
    });
    if (damageIn >= 0) {
      damage = hit ? damageIn * base.damageMultiplier : 0;
      steps.push({
        name: 'damage',
        detail: hit
          ? `${damageIn} damage${coupDeGrace ? ', doubled by the coup de grâce' : ''}: ${damage}.`
          : 'A miss deals no damage.',
        faces: [],
        odds: null,
      });
    }
  } else {
    referee.push('The attack roll: send `dice`, `difficulty` and `defence` to roll it.');
  }
  return {
    ...{},
    ...base,
    allowed: true,
    refusedBy: null,
    why: null,
    grappleRollNeeded: grappledUnarmed,
    grapple,
    difficultyAdded,
    attack,
    damage,
    referee,
    faces,
    modifiers,
    steps,
  };
}

/** `combat.archsoul-attack.v2`'s input: v1's, with the target's engine state (issue 39). */
export interface ArchsoulAttackV2Input extends ArchsoulAttackInput {
  /** The target's sheet as the engine reads it (`sheetState`): HP, below zero, Endurance, the harm. */
  state: ArchsoulState;
}

/** `combat.archsoul-attack.v2`'s answer: v1's, with the harm the hit did and the transition's events. */
export interface ArchsoulAttackV2Outcome extends ArchsoulAttackOutcome {
  /** What the hit does to the target's sheet (`harm.sheet-damage`'s answer); null without damage. */
  harm: SheetDamageOutcome | null;
  events: EngineEvent[];
}

/**
 * `combat.archsoul-attack.v2` (issue 39: one trip down and back): the attack as v1 rolls it and, on a
 * hit with damage, the engine's transition (`applyChange`, a `damage` change, doubled by the coup de
 * grâce there) on the target's state, on the same stream: one roll where v1 logged the harm as a
 * second one (`harm.sheet-damage`).
 */
export function archsoulAttackV2(spec: ArchsoulAttackV2Input, dice: Dice): ArchsoulAttackV2Outcome {
  const input = record(spec, 'input');
  const state = record(input.state, 'state') as unknown as ArchsoulState;
  if (state.system !== 'archsoul') throw invalid('The target’s state is an Archsoul state.', 'state.system');
  const { state: _state, ...attackInput } = spec;
  const outcome = archsoulAttack(attackInput, dice);
  const amount = typeof input.damage === 'number' ? input.damage : 0;
  if (!outcome.allowed || outcome.attack?.hit !== true || amount <= 0)
    return { ...{}, ...outcome, harm: null, events: [] };
  const change: ArchsoulDamageChange = { kind: 'damage', amount, coupDeGrace: outcome.coupDeGrace };
  const applied = applyChange(state, change, dice);
  return { ...{}, ...outcome, harm: applied.outcome as SheetDamageOutcome, events: applied.events };
}
