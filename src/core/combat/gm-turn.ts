/**
 * G&M's round allowance in a stored combat (seed 001, "Hitting", "Number of attacks", "Unaware and
 * non-defending opponents", "Movement", "Concentration", "Spells and spirits", "Psychic Conflict",
 * "Group Effort", "Semi-consciousness"): every combatant attempts one action a round and moves its
 * Movement in feet along with it (a dash of Movement yards instead of the action). A stored combat
 * keeps what each combatant used in the current round; the round advance resets it.
 */
import { invalid, optionalFlag, record, wholeNumber } from '../checks/validate';
import type { Dice } from '../random';
import { CombatLog, type CombatModifier, type CombatStep } from './combat-steps';

/** What a combatant used of its round in round `round`. */
export interface GmTurn {
  round: number;
  /** Actions taken this round (kept as a count: a referee's extra actions never grow the row). */
  actions: number;
  /** What every action this round was (`kind` or `kind:target`); null when none or when they differ. */
  only: string | null;
  /** Actions beyond the allowance granted by the referee this round. */
  extra: number;
  /** Feet moved this round. */
  moved: number;
  /** The action was a dash (Movement yards, no other action). */
  dash: boolean;
  /** CB17: the warrior's extra attack, taken instead of the +4, against this (unaware) target. */
  extraAttack: string | null;
  /** CB17: an attack this round took the +4 against an unaware target (no extra attack then). */
  unawareBonus: boolean;
  /** G2: the group it acts with this round (its members, sorted), and the group's allowance. */
  group: string | null;
  groupAllowance: number | null;
  /** PC1: left the psychic conflict (or used a power): no other action this round. */
  closed: boolean;
}

/** A cut to Movement this round, named. */
export interface GmMovementCut {
  name: 'casting' | 'concentrating' | 'psychic-conflict' | 'semi-conscious' | 'distracted';
  /** The most feet the cut allows this round. */
  limit: number;
  detail: string;
}

/** What the round leaves, as answered. */
export interface GmTurnLeft {
  round: number;
  actions: number;
  allowance: number;
  actionsLeft: number;
  extra: number;
  moved: number;
  dash: boolean;
  extraAttack: string | null;
  group: string | null;
  /** Movement (feet a round) and the most feet this round after the cuts; null when not read. */
  movement: number | null;
  movementLimit: number | null;
  feetLeft: number | null;
  cuts: GmMovementCut[];
}

/** What sets a combatant's allowance in a round, from the conditions kept on the combat. */
export interface GmAllowanceContext {
  /** The round it entered its psychic conflict, or null when not in one. */
  psychicSince: number | null;
}

export function gmTurnOf(round: number, kept: GmTurn | null | undefined): GmTurn {
  return kept && kept.round === round
    ? { ...kept }
    : {
        round,
        actions: 0,
        only: null,
        extra: 0,
        moved: 0,
        dash: false,
        extraAttack: null,
        unawareBonus: false,
        group: null,
        groupAllowance: null,
        closed: false,
      };
}

/**
 * Actions a combatant may attempt this round: one (001:768); in a psychic conflict two, one in the
 * round it entered (PC1, 001:1354–1356); acting with a group, the group's 1 + its bonus (G2).
 */
export function gmAllowance(turn: GmTurn, ctx: GmAllowanceContext): number {
  if (turn.group !== null && turn.groupAllowance !== null) return turn.groupAllowance;
  if (ctx.psychicSince !== null) return ctx.psychicSince === turn.round ? 1 : 2;
  return 1;
}

export type GmTakeRefusal =
  | 'spent'
  | 'closed'
  | 'dashed'
  | 'in-group'
  | 'other-group'
  | 'not-first'
  | 'extra-attack-target'
  | 'extra-attack-bonus-taken'
  | 'extra-attack-not-only-attacks';

/**
 * Takes one action of `kind` (on `target`). `extraAttack`: the warrior's CB17 extra attack against an
 * unaware `target` (the +4 forgone); `unawareBonus`: this attack takes the +4 against an unaware
 * target; `referee`: an action beyond the allowance (counted in `extra`); `group`: the group's key and
 * allowance (G2); `alone`: the whole round (a psychic exit). Refusals name why.
 */
export function takeGmAction(
  turn: GmTurn,
  ctx: GmAllowanceContext,
  a: {
    kind: string;
    target?: string | null;
    extraAttack?: boolean;
    unawareBonus?: boolean;
    referee?: boolean;
    group?: { key: string; allowance: number } | null;
    alone?: boolean;
  },
): { turn: GmTurn } | { refused: GmTakeRefusal } {
  const next: GmTurn = { ...turn };
  const entry = a.target ? `${a.kind}:${a.target}` : a.kind;
  if (turn.closed && !a.referee) return { refused: 'closed' };
  if (turn.dash && !a.referee) return { refused: 'dashed' };
  if (a.group) {
    if (turn.group === null && turn.actions > 0 && !a.referee) return { refused: 'other-group' };
    if (turn.group !== null && turn.group !== a.group.key) return { refused: 'other-group' };
    next.group = a.group.key;
    next.groupAllowance = a.group.allowance;
  } else if (turn.group !== null) return { refused: 'in-group' };
  if (a.alone && turn.actions > 0 && !a.referee) return { refused: 'not-first' };
  let allowance = gmAllowance(next, ctx);
  if (a.extraAttack) {
    if (turn.extraAttack !== null && turn.extraAttack !== a.target) return { refused: 'extra-attack-target' };
    if (turn.unawareBonus) return { refused: 'extra-attack-bonus-taken' };
    if (turn.actions > 0 && turn.only !== `attack:${a.target}`)
      return { refused: 'extra-attack-not-only-attacks' };
    next.extraAttack = a.target ?? null;
  }
  if (next.extraAttack !== null && a.kind === 'attack' && a.target === next.extraAttack) allowance += 1;
  if (a.unawareBonus) {
    if (turn.extraAttack !== null && turn.extraAttack === a.target)
      return { refused: 'extra-attack-bonus-taken' };
    next.unawareBonus = true;
  }
  if (turn.actions >= allowance) {
    if (!a.referee) return { refused: 'spent' };
    next.extra += 1;
  }
  next.only = turn.actions === 0 || turn.only === entry ? entry : null;
  next.actions = turn.actions + 1;
  if (a.alone) next.closed = true;
  return { turn: next };
}

/**
 * The most feet the round allows (001:1210): Movement along with the action; a dash is Movement
 * yards (3 × Movement feet) in place of the action. Cuts, the smallest counting: casting leaves the
 * Movement its casting time left (CB21); concentrating, half (CB20); a psychic conflict, a quarter
 * (PC3), or half while `distracted` (moving at half speed, −3 to psychic attack and defence);
 * semi-conscious, half (the speed table). Halves and quarters round down.
 */
export function gmMovementLimit(
  movement: number,
  c: {
    castingLeft?: number | null;
    concentrating?: boolean;
    psychic?: boolean;
    distracted?: boolean;
    semiConscious?: boolean;
  },
): { limit: number; cuts: GmMovementCut[] } {
  const cuts: GmMovementCut[] = [];
  if (c.castingLeft !== undefined && c.castingLeft !== null)
    cuts.push({
      name: 'casting',
      limit: Math.min(movement, c.castingLeft),
      detail: `casting this round leaves Movement ${c.castingLeft}`,
    });
  if (c.concentrating)
    cuts.push({
      name: 'concentrating',
      limit: Math.floor(movement / 2),
      detail: 'concentrating: at most half Movement',
    });
  if (c.psychic)
    cuts.push(
      c.distracted
        ? {
            name: 'distracted',
            limit: Math.floor(movement / 2),
            detail: 'in a psychic conflict, moving at half Movement (−3 to psychic attack and defence)',
          }
        : {
            name: 'psychic-conflict',
            limit: Math.floor(movement / 4),
            detail: 'in a psychic conflict: a quarter of Movement',
          },
    );
  if (c.semiConscious)
    cuts.push({
      name: 'semi-conscious',
      limit: Math.floor(movement / 2),
      detail: 'semi-conscious: half Movement',
    });
  const limit = cuts.reduce((min, cut) => Math.min(min, cut.limit), movement);
  return { limit, cuts };
}

export function gmTurnLeft(
  turn: GmTurn,
  ctx: GmAllowanceContext,
  move?: { movement: number; limit: number; cuts: GmMovementCut[] } | null,
): GmTurnLeft {
  const base = gmAllowance(turn, ctx);
  const allowance = base + (turn.extraAttack !== null ? 1 : 0);
  const limit = move ? (turn.dash ? 3 * move.movement : move.limit) : null;
  return {
    round: turn.round,
    actions: turn.actions,
    allowance,
    actionsLeft: turn.closed || turn.dash ? 0 : Math.max(0, allowance - turn.actions),
    extra: turn.extra,
    moved: turn.moved,
    dash: turn.dash,
    extraAttack: turn.extraAttack,
    group: turn.group,
    movement: move ? move.movement : null,
    movementLimit: limit,
    feetLeft: limit === null ? null : Math.max(0, limit - turn.moved),
    cuts: move ? move.cuts : [],
  };
}

export interface GmMoveInput {
  /** The mover's Movement (feet a round in combat). */
  movement: number;
  /** Feet to move now. */
  feet: number;
  /** Feet already moved this round. */
  movedBefore: number;
  /** A dash: Movement yards in place of the action (only with no cut and no action taken). */
  dash?: boolean | null;
  /** The most feet this round after the cuts (without a dash). */
  limit: number;
  cuts?: GmMovementCut[] | null;
}

export interface GmMoveOutcome {
  feet: number;
  moved: number;
  limit: number;
  left: number;
  dash: boolean;
  modifiers: CombatModifier[];
  steps: CombatStep[];
  faces: number[];
}

/**
 * A move in a stored G&M combat (`combat.gm-move`, no dice): `feet` more this round, up to the limit
 * (Movement after its cuts; 3 × Movement for a dash). Refused beyond it (the caller answers 409).
 */
export function gmMove(input: GmMoveInput, dice: Dice): GmMoveOutcome {
  const body = record(input, 'input');
  const movement = wholeNumber(body.movement, 'movement', 0, 100_000);
  const feet = wholeNumber(body.feet, 'feet', 1, 1_000_000);
  const movedBefore = wholeNumber(body.movedBefore, 'movedBefore', 0, 1_000_000);
  const limit = wholeNumber(body.limit, 'limit', 0, 1_000_000);
  const dash = optionalFlag(body.dash, 'dash');
  const cuts = (Array.isArray(body.cuts) ? body.cuts : []) as GmMovementCut[];
  const log = new CombatLog();
  const start = dice.faces.length;
  const most = dash ? 3 * movement : limit;
  log.modifier('movement', movement, `Movement ${movement}`);
  for (const cut of cuts) log.modifier(cut.name, cut.limit - movement, cut.detail);
  if (dash) log.modifier('dash', 2 * movement, `a dash: Movement ${movement} yards (${3 * movement} feet)`);
  if (movedBefore + feet > most)
    throw invalid(`At most ${Math.max(0, most - movedBefore)} feet more this round.`, 'feet');
  const moved = movedBefore + feet;
  log.step('move', `${feet} feet (${moved} of ${most} this round)`);
  return {
    feet,
    moved,
    limit: most,
    left: most - moved,
    dash,
    modifiers: log.modifiers,
    steps: log.steps,
    faces: dice.faces.slice(start),
  };
}
