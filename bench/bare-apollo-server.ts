/**
 * The GraphQL ceiling: Apollo Server alone on Fastify (no Nest, no validation pipe, no guards, no
 * cost plugin), answering the same `poolCheck` mutation with the same core roll and answer shape.
 * Whatever the app does on top of Apollo, its GraphQL cannot be faster than this.
 */
// First: V8 flags must be set before the code they concern is loaded (src/v8-flags.ts).
import '../src/v8-flags';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import Fastify from 'fastify';
import { poolTest } from '../src/core/checks';
import { createRng, Dice, newSeed, RNG_ID } from '../src/core/random';
import { runServerChild } from './ipc';

const typeDefs = /* GraphQL */ `
  type Odds {
    success: Float!
  }
  type PoolCheck {
    dice: Int!
    faces: [Int!]!
    successes: Int!
    objective: Int!
    passed: Boolean!
    margin: Int!
    odds: Odds!
    seed: String!
    rng: String!
    rollId: ID
  }
  input PoolCheckInput {
    pool: Int!
    objective: Int!
    bonusDice: Int
    penaltyDice: Int
    helpers: Int
    freeSuccesses: Int
    seed: String
  }
  type Query {
    ready: Boolean!
  }
  type Mutation {
    poolCheck(input: PoolCheckInput!): PoolCheck!
  }
`;

interface PoolCheckInput {
  pool: number;
  objective: number;
  bonusDice?: number;
  penaltyDice?: number;
  helpers?: number;
  freeSuccesses?: number;
  seed?: string;
}

const resolvers = {
  Query: { ready: () => true },
  Mutation: {
    poolCheck: (_: unknown, { input }: { input: PoolCheckInput }) => {
      const { seed: given, ...terms } = input;
      const seed = given ?? newSeed();
      return { ...poolTest(terms, new Dice(createRng(seed))), seed, rng: RNG_ID, rollId: null };
    },
  },
};

export async function startBareApolloServer(port = 0) {
  const apollo = new ApolloServer({
    typeDefs,
    resolvers,
    plugins: [ApolloServerPluginCacheControlDisabled()],
  });
  await apollo.start();
  const app = Fastify({ logger: false });
  app.post('/graphql', fastifyApolloHandler(apollo));
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The Apollo server has no TCP port.');
  return {
    port: address.port,
    close: async () => {
      await app.close();
      await apollo.stop();
    },
  };
}

if (require.main === module) runServerChild(() => startBareApolloServer());
