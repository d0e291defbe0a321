import type { Principal } from '../auth/principal';
import { playerView, type EngineEvent } from '../core/engine';

/**
 * The engine's events of a spell's harm as `who` may see them (issue 42, as harm and combat answer
 * them): the caster is the caller's own character or the referee acts, so they come whole; anyone
 * else's (none today: a spell harms only its caster) in words only (`playerView`).
 */
export function castEvents(who: Principal, casterId: string, events: readonly EngineEvent[]): EngineEvent[] {
  if (who.role === 'referee') return [...events];
  return playerView(events, (id) => id !== null && id !== casterId);
}
