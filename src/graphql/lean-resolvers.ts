import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { ApplicationConfig } from '@nestjs/core';
import { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import { STATIC_CONTEXT } from '@nestjs/core/injector/constants';

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
 * So for every resolver Nest creates two callbacks with its own creator: the usual one, and one
 * without interceptors (the same guards, pipes, parameter decorators and exception filter, in the
 * same order). Each call asks the interceptors whether they would only pass it through
 * (`passesThrough(args)`, a static method of the interceptor class, answering from the resolver's
 * arguments alone); if every one says so the second callback runs, else the first, so an interceptor
 * that acts always acts. A resolver whose interceptors are not all classes with `passesThrough`
 * (an instance, another interceptor), an application with global interceptors, and request-scoped
 * resolvers (whose callback is made per request) keep Nest's callback alone.
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

/**
 * Makes `creator` (the application's ExternalContextCreator) give GraphQL resolvers the lean
 * callback described above. Call after the application is created and before `init()` builds the
 * schema. Other context types (microservices, websockets) are left alone.
 */
export function installLeanResolvers(creator: ExternalContextCreator, config: ApplicationConfig): void {
  const marked = creator as ExternalContextCreator & { [INSTALLED]?: true };
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;
  const original = creator.create.bind(creator) as Create;
  creator.create = function leanCreate(...params: Parameters<Create>): ReturnType<Create> {
    const [instance, callback, , , , contextId, , options, contextType] = params;
    const full = original(...params);
    const interceptors = passThroughInterceptors(instance as object, callback);
    if (
      contextType !== 'graphql' ||
      (contextId !== undefined && contextId !== STATIC_CONTEXT) ||
      config.getGlobalInterceptors().length > 0 ||
      interceptors === null ||
      options?.interceptors === false
    ) {
      return full;
    }
    if (interceptors.length === 0) return full;
    const withoutInterceptors = { guards: true, filters: true, ...(options ?? {}), interceptors: false };
    const lean = original(
      params[0],
      params[1],
      params[2],
      params[3],
      params[4],
      params[5],
      params[6],
      withoutInterceptors,
      params[8],
    );
    return ((...args: unknown[]) =>
      interceptors.every((i) => i.passesThrough(args)) ? lean(...args) : full(...args)) as ReturnType<Create>;
  } as Create;
}
