import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Issue 40: the README and the docs say what is built. A page that calls something "not built" (or
 * says it has "no route yet", or lists it under a heading such as "Not built" or "What is not here")
 * may not name an operation the OpenAPI document has: a REST path (`POST /v1/…`, `…/combats/{id}`),
 * a GraphQL field of the committed SDL (`Mutation.createCombat`), or a campaign collection in words
 * ("campaign combats", "stored combats"). docs/decisions.md is a log of what was decided when, so
 * its "not built" sentences are history and are not read.
 */

const ROOT = join(__dirname, '..', '..');
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface Operation {
  method: string;
  segments: string[];
}

const openapi = JSON.parse(readFileSync(join(ROOT, 'openapi', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};
const operations: Operation[] = Object.entries(openapi.paths).flatMap(([path, item]) =>
  Object.keys(item)
    .filter((m) => HTTP_METHODS.includes(m))
    .map((method) => ({ method: method.toUpperCase(), segments: path.split('/').filter(Boolean) })),
);

const sdl = readFileSync(join(ROOT, 'openapi', 'schema.graphql'), 'utf8');
/** `Query.combat`, `Mutation.createCombat`, … from the committed SDL. */
const graphqlFields = new Set<string>();
for (const [, root, body] of sdl.matchAll(/^type (Query|Mutation|Subscription) \{\n([\s\S]*?)^\}/gm)) {
  for (const [, name] of body.matchAll(/^ {2}([A-Za-z_][A-Za-z0-9_]*)[(:]/gm))
    graphqlFields.add(`${root}.${name}`);
}

/**
 * "campaign combats" and "stored combats" for `/v1/campaigns/{campaignId}/combats`, and so on, and
 * below the last word of every path.
 */
const collectionPhrases = new Set<string>();
for (const { segments } of operations) {
  if (segments[1] !== 'campaigns' || !segments[3] || segments[3].startsWith('{')) continue;
  const words = segments[3].replace(/-/g, ' ');
  collectionPhrases.add(`campaign ${words}`);
  collectionPhrases.add(`stored ${words}`);
}

/** The last word of every operation's path ("retirement", "down-and-out" as "down and out"). */
for (const { segments } of operations) {
  const last = [...segments].reverse().find((s) => !s.startsWith('{'));
  if (last && last.length >= 6 && last !== 'campaigns') collectionPhrases.add(last.replace(/-/g, ' '));
}

const isParameter = (segment: string) => /^\{[^}]+\}$/.test(segment);

/** Whether a path written in the docs names an operation (`…/x/{id}` matches any prefix). */
export function namesOperation(method: string | undefined, written: string): boolean {
  const open = written.startsWith('…') || written.startsWith('...');
  const segments = written
    .replace(/^(…|\.\.\.)/, '')
    .split('?')[0]
    .split('/')
    .filter(Boolean);
  if (segments.length === 0 || segments.some((s) => s === '…')) return false;
  return operations.some((op) => {
    if (method && op.method !== method) return false;
    if (open ? op.segments.length < segments.length : op.segments.length !== segments.length) return false;
    const tail = op.segments.slice(op.segments.length - segments.length);
    return segments.every((s, i) => s === tail[i] || (isParameter(s) && isParameter(tail[i])));
  });
}

const NOT_BUILT =
  /\bnot (yet )?built\b|\bnot built yet\b|\bno route yet\b|\bnot here \(yet\)|\bnot (yet )?(served|implemented)\b/i;
const NOT_BUILT_HEADING = /not built|not here|still missing|what is missing|not yet/i;

export interface Statement {
  page: string;
  line: number;
  text: string;
  /** The sentence says "not built" itself (not only by standing under such a heading). */
  says: boolean;
}

/** Sentences saying something is not built, and every line under a heading that says so. */
export function notBuiltStatements(page: string, markdown: string): Statement[] {
  const out: Statement[] = [];
  let headingLevel = 0;
  let inCode = false;
  markdown.split('\n').forEach((text, index) => {
    if (text.startsWith('```')) inCode = !inCode;
    if (inCode || text.startsWith('```')) return;
    const heading = /^(#+) (.*)$/.exec(text);
    if (heading) {
      const level = heading[1].length;
      if (headingLevel > 0 && level <= headingLevel) headingLevel = 0;
      if (NOT_BUILT_HEADING.test(heading[2])) {
        headingLevel = level;
        out.push({ page, line: index + 1, text, says: true });
      }
      return;
    }
    for (const sentence of text.split(/(?<=[.;:])\s+/)) {
      const says = NOT_BUILT.test(sentence);
      if (says || headingLevel > 0) out.push({ page, line: index + 1, text: sentence, says });
    }
  });
  return out;
}

/**
 * The operations a statement names that the OpenAPI document (or the SDL) has. Collections in words
 * ("campaign combats") count only in a sentence that says "not built" itself: under a "Not built"
 * heading a list item may well point to the built thing that stands in for what is missing.
 */
export function builtOperationsNamed(text: string, inWords = true): string[] {
  const named: string[] = [];
  for (const [, method, path] of text.matchAll(
    /(?:\b(GET|POST|PUT|PATCH|DELETE)\s+`?)?((?:…|\.\.\.)?\/v1\/[^\s`),]*|…\/[^\s`),]+)/g,
  )) {
    if (namesOperation(method, path.replace(/[.:;]+$/, '')))
      named.push(`${method ? `${method} ` : ''}${path}`);
  }
  for (const [field] of text.matchAll(/\b(?:Query|Mutation|Subscription)\.[A-Za-z_][A-Za-z0-9_]*/g)) {
    if (graphqlFields.has(field)) named.push(field);
  }
  const lower = text.toLowerCase();
  for (const phrase of inWords ? collectionPhrases : []) {
    if (new RegExp(`\\b${phrase}\\b`).test(lower)) named.push(`"${phrase}"`);
  }
  return named;
}

function pages(): Array<[string, string]> {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md') && f !== 'decisions.md')
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs].map((p) => [p, readFileSync(join(ROOT, p), 'utf8')]);
}

describe('README and docs say what is built', () => {
  describe('namesOperation', () => {
    it('matches paths with their parameters, methods and an open start', () => {
      expect(namesOperation('POST', '/v1/campaigns/{id}/combats')).toBe(true);
      expect(namesOperation('POST', '…/combats/{combatId}/rounds')).toBe(true);
      expect(namesOperation('DELETE', '/v1/campaigns/{id}/combats/{combatId}/rounds')).toBe(false);
      expect(namesOperation(undefined, '/v1/no-such-domain/thing')).toBe(false);
    });
  });

  describe('builtOperationsNamed', () => {
    it('finds REST paths, GraphQL fields and campaign collections the OpenAPI document has', () => {
      expect(builtOperationsNamed('`POST /v1/campaigns/{id}/combats` is not built', false)).toEqual([
        'POST /v1/campaigns/{id}/combats',
      ]);
      expect(builtOperationsNamed('Mutation.createCombat is not built; Mutation.noSuchThing is not')).toEqual(
        ['Mutation.createCombat'],
      );
      expect(builtOperationsNamed('(campaign combats are not built yet)')).toContain('"campaign combats"');
      expect(builtOperationsNamed('The retirement roll has no route yet.')).toEqual(['"retirement"']);
      expect(builtOperationsNamed('"use a power" is not built: no powers in the seeds')).toEqual([]);
    });
  });

  describe('notBuiltStatements', () => {
    it('reads sentences that say not built and everything under a Not built heading, not code', () => {
      const page = [
        'Built things. The `x` is not built yet.',
        '## Not built',
        '- a',
        '```',
        'not built in code',
        '```',
        '## Next',
        'b',
      ].join('\n');
      expect(notBuiltStatements('p', page).map((s) => [s.text, s.says])).toEqual([
        ['The `x` is not built yet.', true],
        ['## Not built', true],
        ['- a', false],
      ]);
    });
  });

  it('no page calls an operation of the OpenAPI document not built', () => {
    const wrong = pages().flatMap(([page, markdown]) =>
      notBuiltStatements(page, markdown).flatMap((s) =>
        builtOperationsNamed(s.text, s.says).map(
          (op) => `${s.page}:${s.line} calls ${op} not built: ${s.text}`,
        ),
      ),
    );
    expect(wrong).toEqual([]);
  });
});
