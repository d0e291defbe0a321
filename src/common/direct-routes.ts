import {
  ArgumentMetadata,
  CanActivate,
  ExceptionFilter,
  ForbiddenException,
  PipeTransform,
  Type,
} from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  PIPES_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common/enums/request-method.enum';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ApplicationConfig } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';

/*
 * Direct routes: a few hot Nest routes (the stateless checks) run the same steps Nest's router runs
 * for them, in the same order, without its general machinery around them (docs/decisions.md,
 * "Direct routes"; docs/benchmarks.md, stop 17). Nest still registers, documents and owns the route;
 * only its Fastify handler is swapped, when the route is registered, for one that:
 *
 * 1. runs the application's global guards in order on one execution context (throttling, campaign
 *    keys, the Idempotency-Key claim, the input shape), a refusal answered by the exception filter;
 * 2. sets the route's status (`@HttpCode`, else Nest's default for the method);
 * 3. reads the parameters in Nest's order (that of their metadata: the last declared first) (`@Body()` through the global pipes with its declared class,
 *    `@Req()`, custom parameter decorators through their factory and the global pipes), the first
 *    error being the one Nest's Promise.all would give;
 * 4. calls the controller's own method and sends what it answers;
 * 5. hands any error to the application's global exception filter, as Nest's exceptions handler does.
 *
 * Only what those steps cover is accepted: a route with its own guards, interceptors, pipes or filters,
 * other parameter kinds, or an application with global interceptors, is refused when the app starts
 * (global interceptors: the route keeps Nest's handler), so no route silently loses a step.
 */

interface Param {
  index: number;
  kind: 'body' | 'request' | 'custom';
  metadata: ArgumentMetadata;
  factory?: (data: unknown, context: ExecutionContextHost) => unknown;
}

interface DirectRoute {
  instance: object;
  controller: Type<unknown>;
  handler: (...args: unknown[]) => unknown;
  status: number;
  params: Param[];
}

/** What the handler needs of the application once it runs. */
interface Enhancers {
  guards: CanActivate[];
  pipes: PipeTransform[];
  filter: ExceptionFilter;
}

const SUPPORTED_KINDS = new Map<number, Param['kind']>([
  [RouteParamtypes.BODY, 'body'],
  [RouteParamtypes.REQUEST, 'request'],
]);

function joinPath(...parts: string[]): string {
  const path = parts
    .flatMap((part) => part.split('/'))
    .filter((segment) => segment.length > 0)
    .join('/');
  return `/${path}`;
}

function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

function refuse(where: string, why: string): never {
  throw new Error(`Direct route ${where}: ${why}; it would skip a step Nest runs. Leave it to Nest.`);
}

export class DirectRoutes {
  private readonly routes = new Map<string, DirectRoute>();
  private enhancers: Enhancers | null | undefined;
  private config: ApplicationConfig | undefined;

  /** Registers the onRoute hook that swaps handlers: call before any route exists. */
  static register(fastify: FastifyInstance): DirectRoutes {
    const direct = new DirectRoutes();
    fastify.addHook('onRoute', (route) => {
      const methods = ([] as string[]).concat(route.method);
      if (methods.length !== 1) return;
      const target = direct.routes.get(routeKey(methods[0], route.url ?? route.path));
      if (!target) return;
      const nest = route.handler;
      route.handler = function directHandler(this: FastifyInstance, request, reply) {
        const enhancers = direct.enhancersOf();
        if (!enhancers) return nest.call(this, request, reply);
        return direct.handle(target, enhancers, request, reply);
      } as RouteHandlerMethod;
    });
    return direct;
  }

  /** Every route method of a controller instance a direct route (methods that are not routes are left out). */
  addController(instance: object, prefix: string, config: ApplicationConfig): void {
    const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const member = prototype[name];
      if (name === 'constructor' || typeof member !== 'function') continue;
      if (Reflect.getMetadata(METHOD_METADATA, member) !== undefined)
        this.add(instance, name, prefix, config);
    }
  }

  /**
   * Declares `instance[methodName]` (a Nest controller method) a direct route. Call after the
   * application is created and before `init()` registers the routes; `prefix` is the global prefix.
   */
  add(instance: object, methodName: string, prefix: string, config: ApplicationConfig): void {
    this.config = config;
    const controller = instance.constructor as Type<unknown>;
    const handler = (controller.prototype as Record<string, unknown>)[methodName] as DirectRoute['handler'];
    const where = `${controller.name}.${methodName}`;
    if (typeof handler !== 'function') refuse(where, 'no such method');
    for (const key of [GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA, EXCEPTION_FILTERS_METADATA]) {
      if (Reflect.getMetadata(key, controller) || Reflect.getMetadata(key, handler)) {
        refuse(where, `it has its own ${key}`);
      }
    }
    const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
    if (method === undefined) refuse(where, 'not a route');
    const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[];
    const base = Reflect.getMetadata(PATH_METADATA, controller) as string | string[];
    if (typeof path !== 'string' || typeof base !== 'string') refuse(where, 'several paths');
    const verb = RequestMethod[method];
    const status =
      (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ??
      (verb === 'POST' ? 201 : 200);

    const paramtypes = (Reflect.getMetadata(
      'design:paramtypes',
      controller.prototype as object,
      methodName,
    ) ?? []) as Array<Type<unknown> | undefined>;
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodName) ?? {}) as Record<
      string,
      { index: number; data?: unknown; factory?: Param['factory']; pipes?: unknown[] }
    >;
    const params: Param[] = Object.entries(args).map(([key, arg]) => {
      if (arg.pipes && arg.pipes.length > 0) refuse(where, 'a parameter has its own pipes');
      const [typeText] = key.split(':');
      const custom = arg.factory !== undefined;
      const kind = custom ? 'custom' : SUPPORTED_KINDS.get(Number(typeText));
      if (!kind || (kind === 'body' && arg.data !== undefined))
        refuse(where, `parameter ${key} is not read here`);
      return {
        index: arg.index,
        kind,
        factory: arg.factory,
        metadata: {
          type: kind === 'custom' ? 'custom' : 'body',
          metatype: paramtypes[arg.index],
          data: arg.data as string | undefined,
        },
      };
    });
    this.routes.set(routeKey(verb, joinPath(prefix, base, path)), {
      instance,
      controller,
      handler,
      status,
      params,
    });
  }

  /** The application's global enhancers, read once they are all there (the first request); null: leave routes to Nest. */
  private enhancersOf(): Enhancers | null {
    if (this.enhancers !== undefined) return this.enhancers;
    const config = this.config;
    if (
      !config ||
      config.getGlobalInterceptors().length > 0 ||
      config.getGlobalRequestInterceptors().length > 0 ||
      config.getGlobalRequestGuards().length > 0 ||
      config.getGlobalRequestFilters().length > 0 ||
      config.getGlobalPreRequestHooks().length > 0
    ) {
      this.enhancers = null;
      return null;
    }
    const filters = config.getGlobalFilters();
    const filter = filters[filters.length - 1];
    const catchesAll =
      filter !== undefined &&
      ((Reflect.getMetadata('__filterCatchExceptions__', filter.constructor) as unknown[] | undefined) ?? [])
        .length === 0;
    this.enhancers =
      filters.length === 1 && catchesAll && config.getGlobalRequestPipes().length === 0
        ? { guards: config.getGlobalGuards(), pipes: config.getGlobalPipes(), filter }
        : null;
    return this.enhancers;
  }

  private async handle(
    route: DirectRoute,
    { guards, pipes, filter }: Enhancers,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> {
    const args: unknown[] = [request, reply, undefined];
    try {
      const context = new ExecutionContextHost(args, route.controller, route.handler);
      context.setType('http');
      for (const guard of guards) {
        const allowed = guard.canActivate(context);
        if (allowed === true) continue;
        if (allowed === false || !(await (allowed as Promise<boolean>)))
          throw new ForbiddenException('Forbidden resource');
      }
      reply.status(route.status);
      const values = new Array<unknown>(route.params.length);
      let pending: Promise<void>[] | undefined;
      for (const param of route.params) {
        try {
          const value =
            param.kind === 'body'
              ? request.body
              : param.kind === 'request'
                ? request
                : param.factory!(param.metadata.data, context);
          if (param.kind === 'request' || pipes.length === 0) values[param.index] = value;
          else (pending ??= []).push(this.applyPipes(pipes, value, param, values));
        } catch (error) {
          (pending ??= []).push(Promise.reject(error));
        }
      }
      if (pending) await Promise.all(pending);
      const result = await route.handler.apply(route.instance, values);
      // Awaited as Nest awaits it: a reply settles once sent (after asynchronous onSend hooks such as
      // storeAnswer), and a handler that settles earlier would have Fastify send an empty body again.
      await reply.send(result);
      return undefined;
    } catch (error) {
      const host = new ExecutionContextHost(args);
      host.setType('http');
      filter.catch(error, host);
      return reply;
    }
  }

  private async applyPipes(
    pipes: PipeTransform[],
    value: unknown,
    param: Param,
    values: unknown[],
  ): Promise<void> {
    let current = value;
    for (const pipe of pipes) current = await pipe.transform(current, param.metadata);
    values[param.index] = current;
  }
}
