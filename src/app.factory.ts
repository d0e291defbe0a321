import { randomUUID } from 'node:crypto';
import { ApplicationConfig, NestFactory } from '@nestjs/core';
import { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getDistDirectory } from 'altair-static';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { registerBodyLimits } from './common/body-limits';
import { createLogger } from './common/logging';
import { DirectRoutes } from './common/direct-routes';
import { ChecksController } from './checks/checks.controller';
import { completeContract, OperationIdFactory } from './common/openapi-contract';
import { InputShapeGuard } from './common/input-shape.interceptor';
import { toProblemBody } from './common/problem';
import {
  createValidationPipe,
  illFormedProblem,
  illFormedString,
  nestedDeeperThan,
  tooDeepProblem,
} from './common/validation';
import { AppConfig } from './config/app-config';
import { PLAYGROUND_ASSETS } from './graphql/graphql.options';
import { installLeanResolvers } from './graphql/lean-resolvers';
import { storeAnswer } from './idempotency/idempotency.guard';
import { replySerializer } from './common/answer-text';
import { IdempotencyStore } from './idempotency/idempotency.store';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

export function openApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Arbiter')
    .setDescription(
      'Rules as a service for old-school tabletop role-playing games: checks with exact odds, ' +
        'reproducible dice, campaign state and a replayable roll log. GraphQL twin at /graphql.',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'A campaign key' })
    .build();
  const operationId: OperationIdFactory = (controllerKey, methodKey) =>
    `${controllerKey.replace(/Controller$/, '')}_${methodKey}`;
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: operationId });
  // Error answers, path parameters, security and servers for every operation (src/common/openapi-contract.ts).
  return completeContract(app, document, operationId);
}

/** `input.seed` → `seed` (a field inside an input variable); `campaignId` stays the variable. */
function graphqlVariablePath(path: string | null): string | null {
  if (path === null || path === 'body') return path;
  const inside = /^[^.[]+[.](.+)$/.exec(path);
  return inside ? inside[1] : path;
}

/** Builds the whole application (routes, docs, playground, limits) without listening. */
export async function createApp(
  config: AppConfig,
  options: { leanResolvers?: boolean; logStream?: DestinationStream } = {},
): Promise<NestFastifyApplication> {
  const logger = createLogger(config.LOG_LEVEL, options.logStream);
  const adapter = new FastifyAdapter({
    bodyLimit: config.MAX_BODY_BYTES,
    // Request logs (src/common/logging.ts): the id made below is the one they carry and the
    // x-request-id sent back.
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const header = req.headers['x-request-id'];
      const id = typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
      req.headers['x-request-id'] = id;
      return id;
    },
    trustProxy: false,
    // Errors the router raises before any route runs (a path parameter over 100 characters, a URL
    // that cannot be decoded) are problem documents like every other refusal.
    frameworkErrors: (error: { code?: string }, request: FastifyRequest, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status = tooLong ? 414 : 400;
      const message = tooLong
        ? 'A path segment is longer than 100 characters; no id is that long.'
        : 'The URL could not be decoded.';
      reply
        .status(status)
        .header('x-request-id', request.id)
        .header('content-type', 'application/problem+json; charset=utf-8')
        .send(
          toProblemBody(tooLong ? 'URI_TOO_LONG' : 'MALFORMED_REQUEST', status, message, [
            { field: 'path', message },
          ]),
        );
    },
  });
  // An answer already serialised to store it is sent as that text (src/common/answer-text.ts); set
  // before any route exists, since each route copies the serializer when it is registered.
  adapter.getInstance().setReplySerializer(replySerializer);
  // Table imports may be larger than other bodies (IMPORT_MAX_BODY_BYTES): set per route, before any route exists.
  registerBodyLimits(adapter.getInstance(), {
    ordinary: config.MAX_BODY_BYTES,
    imports: config.IMPORT_MAX_BODY_BYTES,
  });
  // The stateless checks run Nest's steps for them without its general machinery (direct-routes.ts).
  const direct = DirectRoutes.register(adapter.getInstance());
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, logger), adapter, {
    bufferLogs: true,
  });
  app.useLogger(logger ? app.get(Logger) : false);
  app.setGlobalPrefix('v1', { exclude: ['health', 'ready', '.well-known/arbiter-keys.json'] });
  app.useGlobalPipes(createValidationPipe());
  // After the APP_GUARDs of AppModule (registered when the app was created): unknown fields are
  // refused once the caller is known and the Idempotency-Key claimed, as the interceptor did.
  app.useGlobalGuards(new InputShapeGuard());
  app.enableShutdownHooks();
  direct.addController(app.get(ChecksController), 'v1', app.get(ApplicationConfig));
  // Resolvers skip Nest's interceptor chain when their interceptors would only pass the call on
  // (src/graphql/lean-resolvers.ts): installed before init() builds the schema.
  if (options.leanResolvers ?? true) {
    installLeanResolvers(app.get(ExternalContextCreator), app.get(ApplicationConfig));
  }

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Nesting is bounded before anything walks a body (REST inputs and GraphQL variables alike).
  // So is text that is not valid Unicode, which no column or hash can take (named as the pipe names
  // it; in GraphQL variables, from inside the variable, as the pipe names the fields of an argument).
  fastify.addHook('preValidation', (request, _reply, done) => {
    const body = request.body as { variables?: unknown } | undefined;
    if (nestedDeeperThan(body)) return done(tooDeepProblem('body'));
    const graphql = request.url.split('?')[0] === '/graphql';
    const where = graphql ? graphqlVariablePath(illFormedString(body?.variables)) : illFormedString(body);
    done(where ? illFormedProblem(where) : undefined);
  });
  fastify.addHook('onSend', storeAnswer(app.get(IdempotencyStore)));
  await fastify.register(fastifyStatic, {
    root: getDistDirectory(),
    prefix: PLAYGROUND_ASSETS,
    decorateReply: false,
  });

  const document = openApiDocument(app);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
    customSiteTitle: 'Arbiter API',
  });
  await app.init();
  // Every body is JSON: other content types (Nest registers a form parser in init) are a 415 rather
  // than a string or form fields handed to validation.
  for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
    if (fastify.hasContentTypeParser(type)) fastify.removeContentTypeParser(type);
  }
  return app;
}
