import { ApolloDriverConfig } from '@nestjs/apollo';
import { renderAltair } from 'altair-static';
import depthLimit from 'graphql-depth-limit';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError } from 'graphql';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';
import { AppConfig } from '../config/app-config';
import type { GraphQLContext } from '../common/request-context';
import { classify, problemExtensions } from '../common/problem.filter';
import { Problem } from '../common/problem';
import { RuleError } from '../core/errors';

type ApolloServerPlugin = NonNullable<ApolloDriverConfig['plugins']>[number];

export const PLAYGROUND_ASSETS = '/playground/';

const EXAMPLE = `# Try a COEAC pool test: six dice against Ob 3.
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
    initialQuery: EXAMPLE,
    disableAccount: true,
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

/** Refuses operations whose estimated cost (1 a field, lists by their `limit`) is above the limit. */
function costLimit(maxCost: number): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema }) {
          let cost: number;
          try {
            cost = getComplexity({
              schema,
              query: document,
              operationName: request.operationName,
              variables: request.variables,
              estimators: [
                fieldExtensionsEstimator(),
                ({ args, childComplexity }) =>
                  typeof args.limit === 'number' ? 1 + args.limit * childComplexity : undefined,
                simpleEstimator({ defaultComplexity: 1 }),
              ],
            });
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
      };
    },
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
    plugins: [offlinePlayground(), costLimit(config.GRAPHQL_MAX_COST)],
    validationRules: [depthLimit(config.GRAPHQL_MAX_DEPTH)],
    context: (req: GraphQLContext['req'], reply: GraphQLContext['reply']): GraphQLContext => ({ req, reply }),
    formatError: (formatted, error) => {
      // Field resolvers do not pass through Nest's exception filters: known errors get their code here.
      const original = unwrapResolverError(error);
      if (original instanceof Problem || original instanceof RuleError) {
        const problem = classify(original);
        return { ...formatted, message: problem.detail, extensions: problemExtensions(problem) };
      }
      const extensions = { ...(formatted.extensions ?? {}) };
      delete extensions.stacktrace;
      // Apollo's own input errors keep their codes; anything uncoded is our 500.
      if (!extensions.code) extensions.code = 'INTERNAL';
      return { ...formatted, extensions };
    },
  };
}
