/**
 * The baseline: a bare Fastify server (no Nest, no validation library, no logging, no database)
 * doing the same work as `POST /v1/checks/pool`: parse the body, check it minimally, draw a seed
 * when none is given, roll with the same core function and answer with the same JSON shape.
 */
// First: V8 flags must be set before the code they concern is loaded (src/v8-flags.ts).
import '../src/v8-flags';
import Fastify from 'fastify';
import { poolTest } from '../src/core/checks';
import { RuleError } from '../src/core/errors';
import { createRng, Dice, MAX_SEED_LENGTH, newSeed, RNG_ID } from '../src/core/random';
import { runServerChild } from './ipc';

const MAX_COUNT = 1_000_000;

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_COUNT;

const OPTIONAL_COUNTS = ['bonusDice', 'penaltyDice', 'helpers', 'freeSuccesses'] as const;

function badRequest(detail: string) {
  return { type: 'about:blank', title: 'Bad Request', status: 400, code: 'VALIDATION_FAILED', detail };
}

export async function startBareServer(port = 0) {
  const app = Fastify({ logger: false });
  app.post('/v1/checks/pool', async (request, reply) => {
    const body = request.body as Record<string, unknown> | null;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return reply.code(400).send(badRequest('The body is a JSON object.'));
    }
    if (!isCount(body.pool)) return reply.code(400).send(badRequest('pool is a whole number, zero or more.'));
    if (!isCount(body.objective)) {
      return reply.code(400).send(badRequest('objective is a whole number, zero or more.'));
    }
    for (const name of OPTIONAL_COUNTS) {
      if (body[name] !== undefined && !isCount(body[name])) {
        return reply.code(400).send(badRequest(`${name} is a whole number, zero or more.`));
      }
    }
    const { seed: given } = body;
    if (
      given !== undefined &&
      (typeof given !== 'string' || given.length < 1 || given.length > MAX_SEED_LENGTH)
    ) {
      return reply.code(400).send(badRequest(`seed is a string of 1 to ${MAX_SEED_LENGTH} characters.`));
    }
    const seed = given ?? newSeed();
    try {
      const outcome = poolTest(
        {
          pool: body.pool,
          objective: body.objective,
          bonusDice: body.bonusDice as number | undefined,
          penaltyDice: body.penaltyDice as number | undefined,
          helpers: body.helpers as number | undefined,
          freeSuccesses: body.freeSuccesses as number | undefined,
        },
        new Dice(createRng(seed)),
      );
      return { ...outcome, seed, rng: RNG_ID, rollId: null };
    } catch (error) {
      if (error instanceof RuleError) {
        return reply
          .code(422)
          .send({ status: 422, code: error.code, detail: error.message, field: error.field });
      }
      throw error;
    }
  });
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The bare server has no TCP port.');
  return { port: address.port, close: () => app.close() };
}

if (require.main === module) runServerChild(() => startBareServer());
