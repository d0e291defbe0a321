import { invalid, record, wholeNumber } from '../checks/validate';
import { followerLoss, type FollowerLossOutcome, type FollowerSource } from './hirelings';

/**
 * Followers kept in a campaign (COEAC 003:924–928): the logged procedures of a loss and of a
 * Feat-granted follower's return. No dice are rolled; they are logged so the campaign's roll log
 * and feed carry them, and they replay like any procedure.
 */

export const FOLLOWER_LOSS_REASONS = ['died', 'departed', 'dismissed'] as const;
export type FollowerLossReason = (typeof FOLLOWER_LOSS_REASONS)[number];

export interface CampaignFollowerLossInput {
  source: FollowerSource;
  lostInSession: number;
  reason: FollowerLossReason;
}

export type CampaignFollowerLossOutcome = FollowerLossOutcome & {
  source: FollowerSource;
  lostInSession: number;
  reason: FollowerLossReason;
};

/** A follower lost in session `lostInSession` (0 before the first session). */
export function campaignFollowerLoss(input: CampaignFollowerLossInput): CampaignFollowerLossOutcome {
  const body = record(input, 'input');
  if (!(FOLLOWER_LOSS_REASONS as readonly unknown[]).includes(body.reason)) {
    throw invalid(`\`reason\` is one of: ${FOLLOWER_LOSS_REASONS.join(', ')}.`, 'reason');
  }
  const lostInSession = wholeNumber(body.lostInSession, 'lostInSession', 0);
  // followerLoss numbers sessions from 1; a loss before the first session returns at session 1.
  const outcome = followerLoss({
    source: body.source as FollowerSource,
    lostInSession: Math.max(1, lostInSession),
  });
  return {
    ...{},
    ...outcome,
    availableFromSession: outcome.availableFromSession === null ? null : lostInSession + 1,
    source: body.source as FollowerSource,
    lostInSession,
    reason: body.reason as FollowerLossReason,
  };
}

export interface FollowerReturnInput {
  lostInSession: number;
  returnsAtSession: number;
  session: number;
}

export interface FollowerReturnOutcome {
  returned: boolean;
  lostInSession: number;
  session: number;
}

/** A Feat-granted follower's place refilled at the start of session `session` (003:926). */
export function followerReturn(input: FollowerReturnInput): FollowerReturnOutcome {
  const body = record(input, 'input');
  const lostInSession = wholeNumber(body.lostInSession, 'lostInSession', 0);
  const returnsAtSession = wholeNumber(body.returnsAtSession, 'returnsAtSession', 1);
  const session = wholeNumber(body.session, 'session', 1);
  return { returned: session >= returnsAtSession, lostInSession, session };
}

/** Morale subject of a stored NPC by kind and training, or null when the kind has no rule here. */
export function moraleSubjectOf(
  kind: string,
  training: string | null,
): 'hireling' | 'follower' | `${string}-animal` | null {
  if (kind === 'hireling') return 'hireling';
  if (kind === 'follower') return 'follower';
  if (kind === 'animal' && training) return `${training}-animal`;
  return null;
}

/**
 * The controlling pool of a hireling morale check (the controlling player's Diplomacy or Streetwise
 * pool, as the encounters core reads it): 2 + the higher of the two ratings; null without either.
 */
export function controllerPoolOf(skills: Record<string, number>): number | null {
  const rating = (name: string) => {
    const key = Object.keys(skills).find((k) => k.toLowerCase() === name);
    return key === undefined ? null : skills[key];
  };
  const ratings = [rating('diplomacy'), rating('streetwise')].filter((r): r is number => r !== null);
  return ratings.length === 0 ? null : 2 + Math.max(...ratings);
}
