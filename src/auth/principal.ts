import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '../database/entities';
import { Problem } from '../common/problem';
import { requestOf } from '../common/request-context';

/** Who is calling: the key, its campaign, its role and (for players) its characters. */
export interface Principal {
  keyId: string;
  campaignId: string;
  role: Role;
  characterIds: string[];
}

export const ROLES_KEY = 'arbiter:roles';
/** Limits a campaign route to these roles (default: any key of the campaign). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** The caller of a campaign route (set by CampaignGuard). */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = requestOf(context).principal;
  if (!principal) throw new Problem('UNAUTHORIZED', 'This route needs a campaign key.');
  return principal;
});

/**
 * Players act only for their own characters; the referee acts for anyone; viewers only read. Refuses
 * (403) a key that may not act for the character; `field` names the input that named it.
 */
export function assertMayActFor(principal: Principal, characterId: string, field?: string): void {
  if (principal.role === 'referee') return;
  if (principal.role === 'player' && principal.characterIds.includes(characterId)) return;
  const message = `This ${principal.role} key may not act for character ${characterId}.`;
  throw field ? Problem.field('FORBIDDEN', field, message) : new Problem('FORBIDDEN', message);
}

export function assertReferee(principal: Principal): void {
  if (principal.role !== 'referee') throw new Problem('FORBIDDEN', 'Only the referee may do that.');
}
