import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { FastifyRequest } from 'fastify';
import { FieldError, validationProblem } from './problem';

/** What a REST handler reads: a body or not, and which query parameters (`all`: a validated class). */
interface InputShape {
  body: boolean;
  query: 'all' | Set<string>;
}

/** The factories of parameter decorators made by `queryParameter`, with the query key each reads. */
const queryReaders = new WeakMap<object, string>();

/**
 * A parameter decorator that reads one query parameter through `read` (which may refuse it with a
 * Problem). Unlike a plain custom decorator, the interceptor below knows the route reads `name`.
 */
export function queryParameter<T>(name: string, read: (value: unknown) => T) {
  const factory = (_: unknown, ctx: ExecutionContext): T =>
    read(ctx.switchToHttp().getRequest<{ query?: Record<string, unknown> }>().query?.[name]);
  queryReaders.set(factory, name);
  return createParamDecorator(factory);
}

/**
 * Unknown fields are refused on every input, also where no input class is there to refuse them: a
 * body sent to an operation that reads none (`POST …/sessions` with `{"title": …}`) and query
 * parameters an operation does not read. Bodies and query strings read through an input class are
 * whitelisted by the validation pipe (validation.ts). GraphQL refuses unknown arguments and input
 * fields itself.
 *
 * A guard, the last global one (after authentication, rate limits and the Idempotency-Key claim,
 * where the interceptor it used to be ran), rather than an interceptor: a route with no interceptor
 * runs without Nest's rxjs pipeline, which was about a fifth of a stateless check's server time
 * (docs/benchmarks.md, stop 17).
 */
@Injectable()
export class InputShapeGuard implements CanActivate {
  private readonly shapes = new WeakMap<object, InputShape>();

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const shape = this.shapeOf(context.getClass(), context.getHandler());
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const errors: FieldError[] = [];
    const body = request.body;
    if (!shape.body && body !== undefined && body !== null) {
      if (typeof body === 'object' && !Array.isArray(body)) {
        for (const key of Object.keys(body))
          errors.push({ field: key, message: `${key} is not a known field` });
      } else {
        errors.push({ field: 'body', message: 'body must be left out: this operation reads none' });
      }
    }
    if (shape.query !== 'all') {
      const query = (request.query ?? {}) as Record<string, unknown>;
      for (const key of Object.keys(query)) {
        if (!shape.query.has(key)) errors.push({ field: key, message: `${key} is not a known field` });
      }
    }
    if (errors.length > 0) {
      throw validationProblem(errors);
    }
    return true;
  }

  private shapeOf(controller: object, handler: object): InputShape {
    let shape = this.shapes.get(handler);
    if (shape) return shape;
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, (handler as { name: string }).name) ??
      {}) as Record<string, { data?: unknown; factory?: object }>;
    shape = { body: false, query: new Set<string>() };
    for (const [key, arg] of Object.entries(args)) {
      const type = Number(key.split(':')[0]);
      if (type === RouteParamtypes.BODY || type === RouteParamtypes.RAW_BODY) shape.body = true;
      const custom = arg.factory ? queryReaders.get(arg.factory) : undefined;
      if (custom !== undefined && shape.query !== 'all') shape.query.add(custom);
      if (type === RouteParamtypes.QUERY) {
        if (typeof arg.data === 'string' && shape.query !== 'all') shape.query.add(arg.data);
        else shape.query = 'all';
      }
    }
    this.shapes.set(handler, shape);
    return shape;
  }
}
