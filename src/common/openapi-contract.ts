import { ModulesContainer } from '@nestjs/core';
import { PATH_METADATA } from '@nestjs/common/constants';
import type { INestApplicationContext } from '@nestjs/common';
import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';
import { typedSheetContract } from '../characters/sheet-openapi';
import { addRequestExamples } from './openapi-examples';
import { strictNullables } from './openapi-nullable';
import { PROBLEM_STATUS } from './problem';

/*
 * What @nestjs/swagger does not write by itself, added to the document after it is generated, for
 * every operation alike (so a new controller inherits it without a decorator): the shared problem+json
 * schema and the error answers each operation can give, the path parameters its guards read but its
 * handler does not take, the security of public routes, the Idempotency-Key header and a server.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const MUTATING = new Set(['post', 'put', 'patch', 'delete']);
const PROBLEM_JSON = 'application/problem+json';
/** Path parameters that take a name (or `current`, a combat's) as well as an id. */
const NAMEABLE_WORDS: Record<string, string> = {
  characterId:
    'The character’s id, or its name (exact, any case; a name several share is a 409 listing them).',
  npcId: 'The NPC’s id, or its name (exact, any case; a name several share is a 409 listing them).',
  tableId: 'The table’s id, or its name (exact, any case; a name several share is a 409 listing them).',
  combatId: 'The combat’s id, or `current` for the combat in progress (a 409 when several are).',
};
const NAMEABLE = new Set(Object.keys(NAMEABLE_WORDS));
const BEARER = 'bearer';

/** The reusable error answers, by status, and the component name each is stored under. */
const ERRORS: Record<number, { name: string; summary: string }> = {
  400: { name: 'BadRequest', summary: 'The request is malformed or one of its fields is invalid.' },
  401: { name: 'Unauthorized', summary: 'No campaign key, or an unknown or revoked one.' },
  403: { name: 'Forbidden', summary: 'The key’s role (or a player key’s characters) does not allow this.' },
  404: {
    name: 'NotFound',
    summary: 'The resource does not exist or is not visible to this key (a key of another campaign).',
  },
  409: { name: 'Conflict', summary: 'The request conflicts with the current state of the campaign.' },
  413: { name: 'PayloadTooLarge', summary: 'The request body is larger than the server accepts.' },
  415: { name: 'UnsupportedMediaType', summary: 'The request body is not JSON.' },
  422: {
    name: 'UnprocessableContent',
    summary: 'The request is well formed but the rules refuse it (impossible odds, too little Cash, …).',
  },
  429: {
    name: 'TooManyRequests',
    summary: 'The caller’s budget of requests for this minute is spent (only when rate limiting is on).',
  },
  503: {
    name: 'ServiceUnavailable',
    summary:
      'A dependency is down: the database does not answer (DATABASE_UNAVAILABLE), or, with ' +
      'RATE_LIMIT_WITHOUT_REDIS=closed, Redis is away (UNAVAILABLE). Nothing was changed; retry after Retry-After.',
  },
};

/** The codes answered with one status, read from PROBLEM_STATUS so new codes are listed too. */
function codesFor(status: number): string[] {
  return Object.entries(PROBLEM_STATUS)
    .filter(([, s]) => s === status)
    .map(([code]) => code);
}

const FIELD_ERROR: SchemaObject = {
  type: 'object',
  description: 'One invalid input, named by its path in the request.',
  required: ['field', 'message'],
  properties: {
    field: {
      type: 'string',
      description: 'The input’s path: `seed`, `attacker.pool`, `characterIds[2]`, or a header name.',
      example: 'attacker.pool',
    },
    message: { type: 'string', description: 'What is wrong with it, in words.' },
    reason: {
      type: 'string',
      enum: ['missing', 'unknown', 'invalid'],
      description:
        'Why, for programs: `missing` (a required field was left out), `unknown` (the operation has no ' +
        'such field), `invalid` (any other refusal). Field refusals of the validation step carry it.',
    },
  },
};

const PROBLEM: SchemaObject = {
  type: 'object',
  description:
    'An RFC 9457 problem: every error answer of the REST API. `code` is stable and meant for programs; ' +
    'GraphQL sends the same code in `extensions.code`.',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: {
      type: 'string',
      description: 'A URI naming the kind of problem (the code in kebab case).',
      example: 'https://arbiter.dev/problems/validation-failed',
    },
    title: { type: 'string', description: 'A short summary of the kind of problem.' },
    status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status.' },
    detail: { type: 'string', description: 'What went wrong with this request, in words.' },
    code: {
      type: 'string',
      description:
        'The stable code, e.g. VALIDATION_FAILED, NOT_FOUND, INSUFFICIENT_CASH, or a rule error of the ' +
        'core such as DICE_LIMIT_EXCEEDED.',
      example: 'VALIDATION_FAILED',
    },
    errors: {
      type: 'array',
      description: 'The invalid inputs, when the problem is about named fields.',
      items: { $ref: '#/components/schemas/FieldError' },
    },
    requestId: {
      type: 'string',
      description: 'The request id to quote to the operators (on 5xx answers).',
    },
    instance: { type: 'string', description: 'The path of the request that failed.' },
  },
};

function errorResponse(status: number): ResponseObject {
  const { summary } = ERRORS[status];
  const codes = codesFor(status);
  const response: ResponseObject = {
    description: codes.length > 0 ? `${summary} Codes: ${codes.join(', ')}.` : summary,
    content: { [PROBLEM_JSON]: { schema: { $ref: '#/components/schemas/Problem' } } },
  };
  if (status === 429 || status === 503) {
    response.headers = {
      'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
    };
  }
  return response;
}

function isReference(value: unknown): value is ReferenceObject {
  return typeof value === 'object' && value !== null && '$ref' in value;
}

/** `campaignId` → "The campaign id."; `characterId` → "The character id.". */
function describeParameter(name: string): string {
  const words = name
    .replace(/Id$/, ' id')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return `The ${words}.`;
}

/** Operation ids (as the document names them) of the handlers that skip rate limiting. */
function unthrottledOperations(app: INestApplicationContext, operationId: OperationIdFactory): Set<string> {
  const skipped = new Set<string>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const proto = controller.prototype as Record<string, unknown>;
      for (const method of Object.getOwnPropertyNames(proto)) {
        const handler = proto[method];
        if (method === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const skip = (target: object) => Reflect.getMetadata('THROTTLER:SKIPdefault', target) === true;
        if (skip(handler) || skip(controller)) skipped.add(operationId(controller.name, method));
      }
    }
  }
  return skipped;
}

export type OperationIdFactory = (controllerKey: string, methodKey: string) => string;

/** Completes the document @nestjs/swagger generated (in place) and returns it. */
export function completeContract(
  app: INestApplicationContext,
  document: OpenAPIObject,
  operationId: OperationIdFactory,
): OpenAPIObject {
  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {});
  schemas.Problem = PROBLEM;
  schemas.FieldError = FIELD_ERROR;
  const responses = (components.responses ??= {});
  for (const status of Object.keys(ERRORS).map(Number))
    responses[ERRORS[status].name] = errorResponse(status);
  if (!document.servers || document.servers.length === 0) {
    document.servers = [{ url: '/', description: 'The server that serves this document.' }];
  }
  const unthrottled = unthrottledOperations(app, operationId);

  for (const [path, item] of Object.entries(document.paths)) {
    const pathParameters = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const parameters = (operation.parameters ??= []);
      const declared = (where: string, name: string) =>
        parameters.some(
          (p) => !isReference(p) && p.in === where && p.name.toLowerCase() === name.toLowerCase(),
        );
      // Path parameters the handler does not take itself (the campaign guard reads `campaignId`).
      const missing: ParameterObject[] = pathParameters
        .filter((name) => !declared('path', name))
        .map((name) => ({
          name,
          in: 'path',
          required: true,
          description: describeParameter(name),
          schema: { type: 'string' },
        }));
      parameters.unshift(...missing);
      for (const p of parameters)
        if (!isReference(p) && p.in === 'path' && NAMEABLE.has(p.name))
          p.description = NAMEABLE_WORDS[p.name];
      const mutating = MUTATING.has(method);
      if (mutating && !declared('header', 'Idempotency-Key')) {
        parameters.push({
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a retry safe: a repeat with the same key and body gets the first answer again ' +
            '(`Idempotent-Replayed: true`) instead of running twice. A UUID per logical call is ideal.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        });
      }
      if (parameters.length === 0) delete operation.parameters;

      // Campaign routes need a key even when the controller forgot @ApiBearerAuth(); others need none.
      const campaignRoute = pathParameters.includes('campaignId');
      if (campaignRoute && !operation.security?.some((s) => BEARER in s)) {
        operation.security = [...(operation.security ?? []), { [BEARER]: [] }];
      }
      operation.security ??= [];
      const secured = operation.security.some((s) => BEARER in s);

      const hasBody = operation.requestBody !== undefined;
      const hasQuery = parameters.some((p) => !isReference(p) && p.in === 'query');
      const statuses: number[] = [];
      // Every operation refuses unknown query parameters (and a body it does not read) with a 400.
      statuses.push(400);
      if (secured) statuses.push(401, 403);
      if (secured || pathParameters.length > 0) statuses.push(404);
      // A name where an id goes may match several (issue 42, src/campaigns/name-addressing.ts).
      const named = pathParameters.some((p) => NAMEABLE.has(p));
      if (mutating || named) statuses.push(409);
      if (hasBody || mutating) statuses.push(413, 415);
      if (hasBody || hasQuery || mutating) statuses.push(422);
      const throttled = !operation.operationId || !unthrottled.has(operation.operationId);
      if (throttled) statuses.push(429);
      // Whatever reads a key or the database, or is rate limited, answers 503 when they are away.
      if (secured || mutating || throttled) statuses.push(503);
      for (const status of statuses) {
        operation.responses[String(status)] ??= { $ref: `#/components/responses/${ERRORS[status].name}` };
      }
      // An error answer a controller declares itself (`@ApiConflictResponse({ description })`, for a
      // status the rules above do not give its route) carries the same problem+json body.
      for (const [status, response] of Object.entries(operation.responses)) {
        if (/^4\d\d$/.test(status) && response && !isReference(response) && !response.content) {
          response.content = { [PROBLEM_JSON]: { schema: { $ref: '#/components/schemas/Problem' } } };
        }
      }
      operation.responses = Object.fromEntries(
        Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b)),
      ) as OperationObject['responses'];
    }
  }
  // A single sheet is a oneOf discriminated by `system`; bodies take each system's typed sheet.
  typedSheetContract(document);
  // Every request gets an example Swagger UI's "Try it out" can send as it is.
  addRequestExamples(document);
  // Nullable references and enums, written so that strict validators accept their null.
  return strictNullables(document);
}
