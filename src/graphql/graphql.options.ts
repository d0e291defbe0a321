import { ApolloDriverConfig } from '@nestjs/apollo';
import { renderAltair } from 'altair-static';
import depthLimit from 'graphql-depth-limit';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import {
  ASTVisitor,
  DocumentNode,
  GraphQLError,
  GraphQLSchema,
  NoFragmentCyclesRule,
  validate,
  ValidationContext,
  visit,
} from 'graphql';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';
import { AppConfig } from '../config/app-config';
import type { GraphQLContext } from '../common/request-context';
import { classify, problemExtensions } from '../common/problem.filter';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import { Problem, validationProblem } from '../common/problem';
import { RuleError } from '../core/errors';
import { isSocketContext, socketContext } from '../feed/feed-sockets';
import { REPLAYED_HEADER } from '../idempotency/idempotency.guard';
import { replayedFields } from '../idempotency/idempotency.interceptor';
import { variableFieldError } from './variable-errors';
import { documentStore } from './document-store';

type ApolloServerPlugin = NonNullable<ApolloDriverConfig['plugins']>[number];

export const PLAYGROUND_ASSETS = '/playground/';

/**
 * Where the campaign key goes, as the playground's first lines say it (the browser test reads them).
 * Stateless checks like the example need no key.
 */
export const PLAYGROUND_KEY_HINT = [
  '# Campaign operations need the campaign key in the Authorization header:',
  '#   Authorization: Bearer arb_…   (Altair: Set Headers, then Add header)',
  '# Subscriptions take it in the connection payload: { "authorization": "Bearer arb_…" }.',
];

const EXAMPLE = `${PLAYGROUND_KEY_HINT.join('\n')}
#
# Try a COEAC pool test (no key needed): six dice against Ob 3.
mutation {
  poolCheck(input: { pool: 6, objective: 3, seed: "hello" }) {
    faces successes passed margin odds { success } seed rng
  }
}
`;

/** The playground (Altair) is served from our own files: it works with no network access. */
function offlinePlayground(): ApolloServerPlugin {
  const html = renderAltair({
    baseURL: PLAYGROUND_ASSETS,
    endpointURL: '/graphql',
    // Subscriptions (rollLogged, rollRevealed) over graphql-ws on the same path; the campaign key goes
    // in the connection_init payload (docs/feed.md).
    subscriptionsEndpoint: '/graphql',
    initialSubscriptionRequestHandlerId: 'graphql-ws',
    initialSubscriptionsPayload: { authorization: 'Bearer <campaign key>' },
    initialQuery: EXAMPLE,
    disableAccount: true,
    // Offline means no upsell either: Altair's banners (its AI plugin's, shown on first start) and
    // update and push notifications are off (issue 40; test/browser fails on any visible banner).
    initialSettings: {
      'banners.disable': true,
      'alert.disableUpdateNotification': true,
      disablePushNotification: true,
    },
  });
  return {
    async serverWillStart() {
      return {
        async renderLandingPage() {
          return { html };
        },
      };
    },
  };
}

/**
 * The arguments a cost estimate reads (`limit` multiplies the cost of a list). A field complexity
 * (`extensions.complexity`) that reads another argument must add its name here, or the cache below
 * would reuse a cost computed for other values.
 */
const COST_ARGUMENTS = new Set(['limit']);
const COSTS_PER_DOCUMENT = 256;

/** The variables whose values can change the cost of a document (those passed to a cost argument). */
function costVariables(document: DocumentNode): string[] {
  const names = new Set<string>();
  visit(document, {
    Argument(node) {
      if (!COST_ARGUMENTS.has(node.name.value)) return;
      visit(node.value, {
        Variable(variable) {
          names.add(variable.name.value);
        },
      });
    },
  });
  return [...names].sort();
}

/**
 * Estimated costs by document (Apollo hands the same parsed document to every request with the same
 * query text), operation name and the values of the variables that can change the cost. Walking
 * the document for its cost was the largest single cost of a small GraphQL request.
 */
const costCache = new WeakMap<DocumentNode, { variables: string[]; costs: Map<string, number> }>();

function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | undefined,
): number {
  let entry = costCache.get(document);
  if (!entry) {
    entry = { variables: costVariables(document), costs: new Map() };
    costCache.set(document, entry);
  }
  const key = `${operationName ?? ''}\n${JSON.stringify(entry.variables.map((name) => variables?.[name] ?? null))}`;
  const known = entry.costs.get(key);
  if (known !== undefined) return known;
  const cost = getComplexity({
    schema,
    query: document,
    operationName: operationName ?? undefined,
    variables,
    estimators: [
      fieldExtensionsEstimator(),
      ({ args, childComplexity }) =>
        typeof args.limit === 'number' ? 1 + args.limit * childComplexity : undefined,
      simpleEstimator({ defaultComplexity: 1 }),
    ],
  });
  if (entry.costs.size >= COSTS_PER_DOCUMENT) entry.costs.clear();
  entry.costs.set(key, cost);
  return cost;
}

/**
 * What every request needs of us in Apollo's pipeline, as one listener made once (not an async
 * listener per plugin per request):
 *
 * - `didResolveOperation`: refuses operations whose estimated cost (1 a field, lists by their
 *   `limit`) is above the limit.
 * - `willSendResponse`: an answer with `data` is an HTTP 200 (what @nestjs/apollo's
 *   `preserveHttpStatusForExecutionErrors` plugin did); a mutation answered from stored answers
 *   says so, as REST does: the `idempotent-replayed: true` header, and
 *   `extensions.idempotentReplayed: true` with `extensions.idempotentReplayedFields` naming the
 *   top-level fields replayed (each one is an idempotent operation of its own; a field run for the
 *   first time is not listed).
 */
export function requestChecks(maxCost: number): ApolloServerPlugin {
  type Listener = Awaited<ReturnType<NonNullable<ApolloServerPlugin['requestDidStart']>>>;
  const listener: Listener = {
    async didResolveOperation({ request, document, schema }) {
      let cost: number;
      try {
        cost = operationCost(schema, document, request.operationName, request.variables);
      } catch {
        // Variables that do not fit their types: execution refuses them with a 400 of its own.
        return;
      }
      if (cost > maxCost) {
        throw new GraphQLError(`This query costs ${cost}; the limit is ${maxCost}.`, {
          extensions: { code: 'QUERY_TOO_COMPLEX', status: 400, cost, maxCost },
        });
      }
    },
    async willSendResponse({ contextValue, response }) {
      // What @nestjs/apollo's own status plugin did (turned off below, one listener less a request):
      // an answer with `data` is a 200 even when a resolver's error carried an HTTP status, so that
      // clients read `{ data, errors }`; parse and validation failures (no `data`) keep theirs.
      const result = response.body.kind === 'single' ? response.body.singleResult : null;
      if (result && 'data' in result) response.http.status = 200;
      const fields = replayedFields((contextValue as Partial<GraphQLContext>).req);
      if (fields.length === 0) return;
      response.http.headers.set(REPLAYED_HEADER, 'true');
      if (result) {
        result.extensions = {
          ...{},
          ...result.extensions,
          idempotentReplayed: true,
          idempotentReplayedFields: fields,
        };
      }
    },
  };
  return {
    async requestDidStart() {
      return listener;
    },
  };
}

/**
 * graphql-depth-limit follows fragment spreads recursively, so a fragment that spreads itself
 * overflowed the stack (a 500) before the standard rule could refuse the cycle. The depth is only
 * measured on documents without fragment cycles; NoFragmentCyclesRule, among the standard rules,
 * answers the others with a validation error.
 */
export function depthLimitAfterCycles(maxDepth: number): (context: ValidationContext) => ASTVisitor {
  const limit = depthLimit(maxDepth);
  return (context) => {
    const cyclic = validate(context.getSchema(), context.getDocument(), [NoFragmentCyclesRule]).length > 0;
    return cyclic ? {} : (limit(context) as ASTVisitor);
  };
}

export function graphqlOptions(config: AppConfig): ApolloDriverConfig {
  return {
    path: '/graphql',
    autoSchemaFile: true,
    sortSchema: true,
    playground: false,
    introspection: true,
    csrfPrevention: false,
    includeStacktraceInErrorResponses: false,
    // requestChecks() does what this plugin of @nestjs/apollo did, in the listener every request has.
    preserveHttpStatusForExecutionErrors: false,
    // No cache hints are used; Apollo's cache-control plugin would otherwise wrap every field resolver.
    plugins: [
      offlinePlayground(),
      requestChecks(config.GRAPHQL_MAX_COST),
      ApolloServerPluginCacheControlDisabled() as ApolloServerPlugin,
    ],
    validationRules: [depthLimitAfterCycles(config.GRAPHQL_MAX_DEPTH)],
    // Parsed and validated documents, bounded by what they take of the heap (Apollo's default store
    // underprices them fourfold: see document-store.ts).
    documentStore: documentStore(),
    // Over HTTP Apollo passes (request, reply); over graphql-ws the socket's context (see FeedSockets).
    context: (req: GraphQLContext['req'], reply: GraphQLContext['reply']): GraphQLContext =>
      isSocketContext(req) ? socketContext(req) : { req, reply },
    formatError: (formatted, error) => {
      // Field resolvers do not pass through Nest's exception filters: known errors get their code here.
      const original = unwrapResolverError(error);
      if (original instanceof Problem || original instanceof RuleError || isDatabaseUnavailable(original)) {
        const problem = classify(original);
        return { ...{}, ...formatted, message: problem.detail, extensions: problemExtensions(problem) };
      }
      const extensions = { ...(formatted.extensions ?? {}) };
      delete extensions.stacktrace;
      // Variables that do not fit their types: the same refusal, wording and paths as REST.
      const field = extensions.code === 'BAD_USER_INPUT' ? variableFieldError(formatted.message) : null;
      if (field) {
        const problem = classify(validationProblem([field]));
        return {
          message: problem.detail,
          locations: formatted.locations,
          extensions: problemExtensions(problem),
        };
      }
      // Apollo's own input errors keep their codes; anything uncoded is our 500.
      if (!extensions.code) extensions.code = 'INTERNAL';
      return { ...{}, ...formatted, extensions };
    },
  };
}
