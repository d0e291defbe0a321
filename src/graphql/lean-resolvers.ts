import { ArgumentMetadata, CanActivate, ForbiddenException, PipeTransform, Type } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { ApplicationConfig } from '@nestjs/core';
import { FORBIDDEN_MESSAGE } from '@nestjs/core/guards/constants';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import { STATIC_CONTEXT } from '@nestjs/core/injector/constants';
import { ParamsTokenFactory } from '@nestjs/core/pipes/params-token-factory';
import { isObservable, lastValueFrom, type Observable } from 'rxjs';

/*
 * Lean resolvers (docs/decisions.md, "Lean GraphQL resolvers"; docs/benchmarks.md, stop 18).
 *
 * Nest wraps every resolver in a callback made by its ExternalContextCreator: guards, then the
 * resolver's interceptors through an rxjs chain (defer, mergeAll, an AsyncResource per step), then
 * the pipes on each parameter, the resolver, the exception filter. Our only interceptor on resolvers
 * is the IdempotencyInterceptor, and on most calls it does nothing but call `next.handle()`: a query,
 * a field that is not top-level, a request without an Idempotency-Key. The rxjs chain around it was
 * the largest cost Nest added to a GraphQL request.
 *
 * So for every resolver two callbacks are made: Nest's usual one, and a lean one (below) that runs
 * the same guards, pipes, parameter decorators and exception filter, in the same order, without the
 * interceptors and without a promise per step. Each call asks the interceptors whether they would
 * only pass it through (`passesThrough(args)`, a static method of the interceptor class, answering
 * from the resolver's arguments alone); if every one says so (or there is none) the lean callback
 * runs, else Nest's, so an interceptor that acts always acts. A resolver whose interceptors are not
 * all classes with `passesThrough` (an instance, another interceptor), field resolvers (whose
 * options turn interceptors off), an application with global interceptors, and request-scoped
 * resolvers (whose callback is made per request) keep Nest's callback alone (docs/decisions.md,
 * "Stop 29: the lean callback is one function").
 */

/** An interceptor class that can say, from a resolver's arguments, that it would do nothing. */
export interface PassThroughInterceptor {
  passesThrough(args: unknown[]): boolean;
}

function passThroughClass(entry: unknown): PassThroughInterceptor | null {
  return typeof entry === 'function' &&
    typeof (entry as Partial<PassThroughInterceptor>).passesThrough === 'function'
    ? (entry as unknown as PassThroughInterceptor)
    : null;
}

/** The interceptors Nest will run around `callback` of `instance`, if all can pass through; else null. */
function passThroughInterceptors(instance: object, callback: unknown): PassThroughInterceptor[] | null {
  const declared = [
    ...((Reflect.getMetadata(INTERCEPTORS_METADATA, instance.constructor) as unknown[] | undefined) ?? []),
    ...((Reflect.getMetadata(INTERCEPTORS_METADATA, callback as object) as unknown[] | undefined) ?? []),
  ];
  const classes = declared.map(passThroughClass);
  return classes.every((c) => c !== null) ? (classes as PassThroughInterceptor[]) : null;
}

type Create = ExternalContextCreator['create'];

const INSTALLED = Symbol('arbiter:lean-resolvers');

/** What Nest's creator computed for one resolver, taken as it hands it on (see `captureParts`). */
interface ParamOption {
  index: number;
  type: unknown;
  data?: unknown;
  metatype?: unknown;
  schema?: unknown;
  pipes: PipeTransform[];
  extractValue: (...args: unknown[]) => unknown;
}

interface Parts {
  guards: CanActivate[] | null;
  pipes: PipeTransform[];
  params: ParamOption[] | null;
  filter: { next(error: unknown, host: ExecutionContextHost): unknown } | null;
}

/** Where Nest's creator hands on the parts of a resolver callback while it makes it. */
interface CreatorInternals {
  createGuardsFn(guards: CanActivate[], ...rest: unknown[]): unknown;
  createPipesFn(pipes: PipeTransform[], params: ParamOption[]): unknown;
  externalErrorProxy: { createProxy(target: unknown, filter: Parts['filter'], type: unknown): unknown };
}

/**
 * Runs `make` (Nest's create) while listening to the three places where it hands on what it
 * computed: the guards, the pipes with each parameter's options, and the exception filter. `parts`
 * is null when Nest did not hand on what we expect (its internals changed): the caller then keeps
 * Nest's callback.
 */
function captureParts<T>(creator: CreatorInternals, make: () => T): { made: T; parts: Parts | null } {
  const parts: Partial<Parts> = { guards: null, filter: null };
  const guardsFn = creator.createGuardsFn;
  const pipesFn = creator.createPipesFn;
  const proxy = creator.externalErrorProxy.createProxy;
  creator.createGuardsFn = function (guards, ...rest) {
    parts.guards = guards.length > 0 ? guards : null;
    return guardsFn.call(this, guards, ...rest);
  };
  creator.createPipesFn = function (pipes, params) {
    parts.pipes = pipes;
    parts.params = params.length > 0 ? params : null;
    return pipesFn.call(this, pipes, params);
  };
  creator.externalErrorProxy.createProxy = function (target, filter, type) {
    parts.filter = filter;
    return proxy.call(this, target, filter, type);
  };
  try {
    const made = make();
    return { made, parts: parts.pipes === undefined ? null : (parts as Parts) };
  } finally {
    creator.createGuardsFn = guardsFn;
    creator.createPipesFn = pipesFn;
    creator.externalErrorProxy.createProxy = proxy;
  }
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null &&
  (typeof value === 'object' || typeof value === 'function') &&
  typeof (value as { then?: unknown }).then === 'function';

const tokens = new ParamsTokenFactory();

/** A parameter's value through its pipes: synchronously while every step is, else a promise. */
function throughPipes(value: unknown, pipes: PipeTransform[], metadata: ArgumentMetadata, from = 0): unknown {
  // As Nest's PipesConsumer: an async custom decorator's value is awaited before the first pipe.
  if (isThenable(value)) return Promise.resolve(value).then((v) => throughPipes(v, pipes, metadata, from));
  let current = value;
  for (let i = from; i < pipes.length; i++) {
    current = pipes[i].transform(current, metadata);
    if (isThenable(current)) {
      return Promise.resolve(current).then((v) => throughPipes(v, pipes, metadata, i + 1));
    }
  }
  return current;
}

/** A guard's answer as Nest's GuardsConsumer reads it (a promise or an observable of a boolean). */
async function granted(answer: Promise<boolean> | Observable<boolean>): Promise<boolean> {
  const value: unknown = await answer;
  return Boolean(isObservable(value) ? await lastValueFrom(value) : value);
}

/**
 * The callback Nest's creator makes, without interceptors, as one async function: the guards in
 * order on one execution context (a refusal is Nest's ForbiddenException), every parameter extracted
 * and piped (the first rejection wins, as Nest's Promise.all gives it), the resolver, an observable
 * answer's last value, any error to the exception filter. Nest's makes a promise of every step
 * (each guard, parameter, pipe and the interceptors' empty chain); this awaits only what is a promise.
 */
function leanCallback(
  instance: object,
  callback: (...args: unknown[]) => unknown,
  contextType: string,
  { guards, pipes, params, filter }: Parts,
): (...args: unknown[]) => Promise<unknown> {
  // As Nest counts a resolver's arguments: up to the last parameter with a decorator.
  const argsLength = params ? Math.max(...params.map((param) => param.index)) + 1 : 0;
  const steps = params?.map((param) => ({
    index: param.index,
    extractValue: param.extractValue,
    pipes: pipes.concat(param.pipes),
    metadata: {
      metatype: param.metatype,
      type: tokens.exchangeEnumForString(param.type as never),
      data: param.data,
      schema: param.schema,
    } as ArgumentMetadata,
  }));
  return async (...args: unknown[]) => {
    try {
      if (guards) {
        const context = new ExecutionContextHost(args, instance.constructor as Type<unknown>, callback);
        context.setType(contextType);
        for (const guard of guards) {
          const answer = guard.canActivate(context);
          if (typeof answer === 'boolean' ? answer : await granted(answer)) continue;
          throw new ForbiddenException(FORBIDDEN_MESSAGE);
        }
      }
      let values = args;
      if (steps) {
        values = new Array<unknown>(argsLength).fill(undefined);
        let pending: Promise<unknown>[] | undefined;
        for (const step of steps) {
          try {
            const value = throughPipes(step.extractValue(...args), step.pipes, step.metadata);
            if (isThenable(value)) {
              (pending ??= []).push(Promise.resolve(value).then((v) => (values[step.index] = v)));
            } else {
              values[step.index] = value;
            }
          } catch (error) {
            (pending ??= []).push(Promise.reject(error));
          }
        }
        if (pending) await Promise.all(pending);
      }
      let result = callback.apply(instance, values);
      if (isThenable(result)) result = await result;
      return isObservable(result) ? await lastValueFrom(result) : result;
    } catch (error) {
      if (!filter) throw error;
      const host = new ExecutionContextHost(args);
      host.setType(contextType);
      return filter.next(error, host);
    }
  };
}

/**
 * Makes `creator` (the application's ExternalContextCreator) give GraphQL resolvers the lean
 * callback described above. Call after the application is created and before `init()` builds the
 * schema. Other context types (microservices, websockets) are left alone.
 */
export function installLeanResolvers(creator: ExternalContextCreator, config: ApplicationConfig): void {
  const marked = creator as ExternalContextCreator & { [INSTALLED]?: true };
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;
  const internals = creator as unknown as CreatorInternals;
  const original = creator.create.bind(creator) as Create;
  creator.create = function leanCreate(...params: Parameters<Create>): ReturnType<Create> {
    const [instance, callback, , , , contextId, , options, contextType] = params;
    const interceptors =
      contextType === 'graphql' &&
      (contextId === undefined || contextId === STATIC_CONTEXT) &&
      config.getGlobalInterceptors().length === 0 &&
      options?.interceptors !== false
        ? passThroughInterceptors(instance as object, callback)
        : null;
    if (interceptors === null) return original(...params);
    // Nest's callback, made once; the lean one runs the guards, pipes and filter Nest made it with.
    const { made: full, parts } = captureParts(internals, () => original(...params));
    if (!parts) return full;
    const lean = leanCallback(
      instance as object,
      callback as (...args: unknown[]) => unknown,
      'graphql',
      parts,
    ) as ReturnType<Create>;
    if (interceptors.length === 0) return lean;
    return ((...args: unknown[]) =>
      interceptors.every((i) => i.passesThrough(args)) ? lean(...args) : full(...args)) as ReturnType<Create>;
  } as Create;
}
