import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
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
import { namesIn, resolveNames } from '../campaigns/name-addressing';

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
    return true;
  }
}
