import { Transform, type Readable } from 'node:stream';
import type {
  FastifyInstance,
  FastifyRequest,
  preParsingHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';

/** The REST routes (and GraphQL fields) that accept bodies up to IMPORT_MAX_BODY_BYTES. */
const IMPORT_ROUTE = /\/tables\/import$/;
const IMPORT_FIELDS = new Set(['refereeTableImport']);

interface Limits {
  /** MAX_BODY_BYTES: every other body. */
  ordinary: number;
  /** IMPORT_MAX_BODY_BYTES: table imports (a large Foundry export). */
  imports: number;
}

interface Limit {
  bytes: number;
  setting: string;
}

/** A 413 that Fastify and the problem filter answer as PAYLOAD_TOO_LARGE with this detail. */
function tooLarge(limit: Limit, what = 'The request body'): Error {
  const error = new Error(
    `${what} is larger than ${limit.bytes} bytes, the limit the ${limit.setting} setting sets.` +
      (limit.setting === 'MAX_BODY_BYTES'
        ? ' Table imports (POST …/tables/import, the refereeTableImport mutation) may be as large as IMPORT_MAX_BODY_BYTES.'
        : ' Split the file, or raise the setting.'),
  ) as Error & { statusCode: number; code: string };
  error.statusCode = 413;
  error.code = 'FST_ERR_CTP_BODY_TOO_LARGE';
  return error;
}

const bytesRead = new WeakMap<FastifyRequest, number>();

/**
 * Body limits per route: table imports may send up to IMPORT_MAX_BODY_BYTES, every other body up to
 * MAX_BODY_BYTES. The GraphQL endpoint reads bodies up to the larger one, and refuses a body over
 * MAX_BODY_BYTES unless its operations do nothing but import tables. A refused body is a 413 that
 * names the limit and its setting. Register before the routes (an onRoute hook).
 */
export function registerBodyLimits(fastify: FastifyInstance, limits: Limits): void {
  const ordinary: Limit = { bytes: limits.ordinary, setting: 'MAX_BODY_BYTES' };
  const imports: Limit = {
    bytes: Math.max(limits.imports, limits.ordinary),
    setting: 'IMPORT_MAX_BODY_BYTES',
  };
  // The GraphQL endpoint reads up to the import limit; past it the body is too large whatever it asks.
  const graphqlTooLarge = () =>
    tooLarge(
      imports,
      `The GraphQL request body (refereeTableImport may send up to ${imports.bytes} bytes; every other operation ${ordinary.bytes}, the MAX_BODY_BYTES setting)`,
    );
  fastify.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    if (!methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE')) return;
    const graphql = route.url === '/graphql';
    const limit = route.url && IMPORT_ROUTE.test(route.url) ? imports : graphql ? imports : ordinary;
    if (limit !== ordinary) route.bodyLimit = limit.bytes;
    const refuse = () => (graphql ? graphqlTooLarge() : tooLarge(limit));
    const preParsing: preParsingHookHandler = (request, _reply, payload, done) => {
      const header = request.headers['content-length'];
      if (header !== undefined) {
        // Fastify itself checks that the body is as long as it declares.
        if (Number(header) > limit.bytes) return done(refuse());
        return done(null, payload);
      }
      // Count what arrives (chunked bodies declare no length) and stop at the limit with our answer.
      let seen = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, next) {
          seen += chunk.length;
          bytesRead.set(request, seen);
          if (seen > limit.bytes) return next(refuse());
          next(null, chunk);
        },
      });
      const source = payload as Readable;
      source.on('error', (error) => counter.destroy(error));
      done(null, source.pipe(counter));
    };
    route.preParsing = [...hooks(route.preParsing), preParsing];
    if (!graphql) return;
    const preValidation: preValidationHookHandler = (request, _reply, done) => {
      const size = bytesRead.get(request) ?? Number(request.headers['content-length'] ?? 0);
      if (size <= ordinary.bytes || onlyImports(request.body)) return done();
      done(tooLarge(ordinary, 'A GraphQL request that does more than import tables'));
    };
    route.preValidation = [...hooks(route.preValidation), preValidation];
  });
}

const hooks = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Whether a GraphQL body's every operation selects nothing but table imports. */
function onlyImports(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const query = (body as { query?: unknown }).query;
  if (typeof query !== 'string') return false;
  try {
    const document = parse(query, { maxTokens: 10_000 });
    const operations = document.definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    if (operations.length === 0 || document.definitions.length !== operations.length) return false;
    return operations.every(
      (op) =>
        op.operation === 'mutation' &&
        op.selectionSet.selections.every(
          (s) => s.kind === Kind.FIELD && (IMPORT_FIELDS.has(s.name.value) || s.name.value === '__typename'),
        ) &&
        op.selectionSet.selections.some((s) => s.kind === Kind.FIELD && IMPORT_FIELDS.has(s.name.value)),
    );
  } catch {
    return false;
  }
}
