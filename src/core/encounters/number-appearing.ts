import { RuleError } from '../errors';
import type { Dice } from '../random';

/** The largest number of creatures an expression may produce (and any value along the way). */
export const MAX_NUMBER_APPEARING = 1000;
const MAX_EXPRESSION_LENGTH = 200;

type Node =
  | { kind: 'number'; value: number }
  | { kind: 'players' }
  | { kind: 'dice'; count: number; sides: number; at: number }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: Node; right: Node; at: number };

export interface NumberAppearingOutcome {
  expression: string;
  players: number;
  count: number;
  min: number;
  max: number;
}

/**
 * Number appearing relative to the party (COEAC, Encounters: number appearing scales with the
 * players; SPEC 5.4 fixes the grammar): whole numbers, `players`, dice `NdM`, `+ - *`, `/` rounding
 * up, parentheses. A result below 0 counts as 0. Anything else is refused, naming the position.
 */
export function numberAppearing(
  input: { expression: string; players: number },
  dice: Dice,
): NumberAppearingOutcome {
  const tree = parseNumberAppearing(input.expression);
  const players = checkPlayers(input.players);
  // The range first: it refuses an expression that could pass the bound before any die is rolled.
  const [low, high] = range(tree, players);
  const count = clamp(evaluate(tree, players, (n) => dice.pool(n.count, n.sides, 'expression')));
  return { expression: input.expression, players, count, min: clamp(low), max: clamp(high) };
}

/** The least and greatest results of an expression for a number of players. */
export function numberAppearingRange(expression: string, players: number): { min: number; max: number } {
  const [low, high] = range(parseNumberAppearing(expression), checkPlayers(players));
  return { min: clamp(low), max: clamp(high) };
}

function checkPlayers(players: number): number {
  if (!Number.isInteger(players) || players < 0 || players > 100) {
    throw new RuleError('VALIDATION_FAILED', 'players must be a whole number from 0 to 100.', 'players');
  }
  return players;
}

const clamp = (n: number) => Math.max(0, n);

/** Parses an expression, refusing anything outside the grammar with the position (1-based) at fault. */
export function parseNumberAppearing(expression: string): Node {
  if (typeof expression !== 'string' || expression.trim() === '') {
    throw bad('the expression is empty', 1);
  }
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw bad(`the expression is longer than ${MAX_EXPRESSION_LENGTH} characters`, MAX_EXPRESSION_LENGTH + 1);
  }
  let pos = 0;
  let depth = 0;
  const src = expression;
  const skip = () => {
    while (pos < src.length && src[pos] === ' ') pos++;
  };
  const peek = () => {
    skip();
    return src[pos];
  };
  const integer = (): number => {
    skip();
    const start = pos;
    while (pos < src.length && src[pos] >= '0' && src[pos] <= '9') pos++;
    if (start === pos) throw bad('a number is expected here', start + 1);
    const value = Number(src.slice(start, pos));
    if (value > MAX_NUMBER_APPEARING) throw bad(`numbers may not exceed ${MAX_NUMBER_APPEARING}`, start + 1);
    return value;
  };
  const primary = (): Node => {
    const c = peek();
    const at = pos + 1;
    if (c === '(') {
      pos++;
      if (++depth > 20) throw bad('parentheses are nested too deeply', at);
      const inner = sum();
      if (peek() !== ')') throw bad('a closing parenthesis is expected here', pos + 1);
      pos++;
      depth--;
      return inner;
    }
    if (src.startsWith('players', pos)) {
      pos += 'players'.length;
      return { kind: 'players' };
    }
    if (c === 'd') {
      pos++;
      return { kind: 'dice', count: 1, sides: sidesAt(integer(), at), at };
    }
    if (c !== undefined && c >= '0' && c <= '9') {
      const value = integer();
      if (src[pos] === 'd') {
        pos++;
        if (value < 1) throw bad('a dice expression rolls at least one die', at);
        return { kind: 'dice', count: value, sides: sidesAt(integer(), at), at };
      }
      return { kind: 'number', value };
    }
    throw bad(c === undefined ? 'the expression ends too early' : `"${c}" is not allowed here`, pos + 1);
  };
  const product = (): Node => {
    let left = primary();
    for (let c = peek(); c === '*' || c === '/'; c = peek()) {
      const at = pos + 1;
      pos++;
      left = { kind: 'binary', op: c, left, right: primary(), at };
    }
    return left;
  };
  const sum = (): Node => {
    let left = product();
    for (let c = peek(); c === '+' || c === '-'; c = peek()) {
      const at = pos + 1;
      pos++;
      left = { kind: 'binary', op: c, left, right: product(), at };
    }
    return left;
  };
  const tree = sum();
  if (peek() !== undefined) throw bad(`"${src[pos]}" is not allowed here`, pos + 1);
  return tree;
}

function sidesAt(sides: number, at: number): number {
  if (sides < 2) throw bad('a die has at least two sides', at);
  return sides;
}

function bad(reason: string, position: number): RuleError {
  return new RuleError(
    'VALIDATION_FAILED',
    `Number appearing: ${reason} (position ${position}).`,
    'expression',
  );
}

function evaluate(
  node: Node,
  players: number,
  roll: (n: Extract<Node, { kind: 'dice' }>) => number[],
): number {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'players':
      return players;
    case 'dice':
      return roll(node).reduce((a, b) => a + b, 0);
    case 'binary': {
      const a = evaluate(node.left, players, roll);
      const b = evaluate(node.right, players, roll);
      return bounded(apply(node.op, a, b, node.at), node.at);
    }
  }
}

function apply(op: '+' | '-' | '*' | '/', a: number, b: number, at: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      if (b === 0)
        throw new RuleError(
          'UNPROCESSABLE',
          `Number appearing: division by zero (position ${at}).`,
          'expression',
        );
      return Math.ceil(a / b);
  }
}

function bounded(value: number, at: number): number {
  if (Math.abs(value) > MAX_NUMBER_APPEARING) {
    throw new RuleError(
      'UNPROCESSABLE',
      `Number appearing: the value passes ${MAX_NUMBER_APPEARING} (position ${at}).`,
      'expression',
    );
  }
  return value;
}

/** Interval arithmetic: the least and greatest value of every sub-expression. */
function range(node: Node, players: number): [number, number] {
  switch (node.kind) {
    case 'number':
      return [node.value, node.value];
    case 'players':
      return [players, players];
    case 'dice':
      return [node.count, bounded(node.count * node.sides, node.at)];
    case 'binary': {
      const [a1, a2] = range(node.left, players);
      const [b1, b2] = range(node.right, players);
      if (node.op === '/' && b1 <= 0 && b2 >= 0) {
        throw new RuleError(
          'UNPROCESSABLE',
          `Number appearing: the divisor can be zero (position ${node.at}).`,
          'expression',
        );
      }
      const corners = [a1, a2].flatMap((a) => [b1, b2].map((b) => apply(node.op, a, b, node.at)));
      return [bounded(Math.min(...corners), node.at), bounded(Math.max(...corners), node.at)];
    }
  }
}
