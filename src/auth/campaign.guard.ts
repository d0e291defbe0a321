import { CanActivate, ExecutionContext, Injectable, Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext } from '@nestjs/graphql';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ApiKeyEntity, Role } from '../database/entities';
import { Problem } from '../common/problem';
import { ArbiterRequest, isGraphQL, requestOf } from '../common/request-context';
import { KeyCache } from './key-cache';
import { bearerToken, hashSecret } from './keys';
import { ROLES_KEY } from './principal';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { namesIn, namesInBody, resolveBodyNames, resolveNames } from '../campaigns/name-addressing';
import { namedFieldsOf } from '../common/named-fields';
import { createValidationPipe } from '../common/validation';

/** A handler's parameter that carries a body: the argument's name (GraphQL; none: the whole body) and its class. */
interface BodyParam {
  arg?: string;
  cls: unknown;
  /** REST: read from the query string rather than the body. */
  query?: boolean;
}
/** GraphQL's ARGS parameter type (GqlParamtype.ARGS); REST reads RouteParamtypes.BODY and QUERY. */
const GQL_ARGS = 3;
const BODY_PARAMS = new WeakMap<object, BodyParam[]>();
const NAMES_FIRST_VALIDATION = createValidationPipe();

/** The parameters of a handler whose class has fields that take names (issue 42), found once per handler. */
function bodyParams(context: ExecutionContext, graphql: boolean): BodyParam[] {
  const handler = context.getHandler();
  let found = BODY_PARAMS.get(handler);
  if (found) return found;
  found = [];
  const owner = context.getClass();
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, owner, handler.name) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const types = (Reflect.getMetadata('design:paramtypes', owner.prototype as object, handler.name) ??
    []) as unknown[];
  // GraphQL: the type an `@Args` names explicitly (`{ type: () => X }`) wins over the reflected one.
  const explicit = graphql
    ? ((Reflect.getMetadata('graphql:args_type', owner, handler.name) ?? []) as Array<{
        index: number;
        typeFn?: () => unknown;
      }>)
    : [];
  const wanted = graphql ? [GQL_ARGS] : [RouteParamtypes.BODY, RouteParamtypes.QUERY];
  for (const [key, meta] of Object.entries(args)) {
    const paramtype = Number(key.split(':')[0]);
    if (!wanted.includes(paramtype)) continue;
    const typeFn = explicit.find((e) => e.index === meta.index)?.typeFn;
    const cls = (typeFn ? typeFn() : undefined) ?? types[meta.index];
    if (!cls || !hasNames(cls, 0)) continue;
    found.push({
      arg: typeof meta.data === 'string' ? meta.data : undefined,
      cls,
      query: !graphql && paramtype === (RouteParamtypes.QUERY as number),
    });
  }
  BODY_PARAMS.set(handler, found);
  return found;
}

function hasNames(cls: unknown, depth: number): boolean {
  if (depth > 6) return false;
  return namedFieldsOf(cls).some((f) => 'kind' in f || hasNames(f.nested(), depth + 1));
}

/**
 * Guards every campaign route: no or unknown or revoked key → 401; a key of another campaign → 404
 * (we do not confirm that someone else's campaign exists); a role the route does not allow → 403.
 */
@Injectable()
export class CampaignGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>,
    private readonly cache: KeyCache,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = requestOf(context);
    const campaignId = isGraphQL(context)
      ? GqlExecutionContext.create(context).getArgs<{ campaignId?: string }>().campaignId
      : (request.params as { campaignId?: string }).campaignId;
    if (!campaignId) return true; // not a campaign route: answered without a promise
    return this.authorize(context, request, campaignId);
  }

  private async authorize(
    context: ExecutionContext,
    request: ArbiterRequest,
    campaignId: string,
  ): Promise<boolean> {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new Problem('UNAUTHORIZED', 'Send the campaign key as "Authorization: Bearer <key>".');
    const secretHash = hashSecret(token);
    let key = this.cache.get(secretHash) ?? null;
    if (!key) {
      key = await this.keys.findOne({ where: { secretHash } });
      if (key && !key.revokedAt) this.cache.set(key);
    }
    if (!key || key.revokedAt) throw new Problem('UNAUTHORIZED', 'This key is unknown or has been revoked.');
    if (key.campaignId !== campaignId) throw Problem.notFound(`Campaign ${campaignId}`);

    const allowed = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (allowed && !allowed.includes(key.role)) {
      throw new Problem('FORBIDDEN', `A ${key.role} key may not do this; it needs: ${allowed.join(' or ')}.`);
    }
    request.principal = {
      keyId: key.id,
      campaignId: key.campaignId,
      role: key.role,
      characterIds: key.characterIds,
    };
    // A character, NPC or table named where its id goes, a combat as `current` (issue 42).
    const params = isGraphQL(context)
      ? GqlExecutionContext.create(context).getArgs<Record<string, unknown>>()
      : (request.params as Record<string, unknown>);
    if (namesIn(params)) await resolveNames(this.keys.manager, key.campaignId, key.role, params);
    // The same in a body (REST) or input argument (GraphQL), along the fields its class marks.
    for (const param of bodyParams(context, isGraphQL(context))) {
      const source = (isGraphQL(context) ? params : param.query ? request.query : request.body) as
        Record<string, unknown> | undefined;
      const body = param.arg ? source?.[param.arg] : source;
      const spots = namesInBody(param.cls, body);
      if (spots.length === 0) continue;
      // Bad input is refused as it would be without the names (a 400 naming its field), before any
      // name is looked up: a request with names is validated twice, one with ids once.
      await NAMES_FIRST_VALIDATION.transform(body, {
        type: param.query ? 'query' : 'body',
        metatype: param.cls as Type<unknown>,
        data: param.arg,
      });
      await resolveBodyNames(this.keys.manager, key.campaignId, key.role, spots);
    }
    return true;
  }
}
