import { unwrap, type ArbiterClient } from '@arbiter/client';
import type { MemoryStore } from '../src/store';

/**
 * A character made for a bot test through the referee's key: created, its sheet written, and, when
 * a Discord user is named, a player key bound to it and linked to that user in `guild-1`.
 */
export async function addCharacter(
  referee: ArbiterClient,
  campaignId: string,
  character: { name: string; system: string; sheet: object },
  player?: { store: MemoryStore; userId: string },
): Promise<string> {
  const made = await unwrap(
    referee.POST('/v1/campaigns/{campaignId}/characters', {
      params: { path: { campaignId } },
      body: { name: character.name },
    }),
  );
  await unwrap(
    referee.PUT('/v1/campaigns/{campaignId}/characters/{characterId}/sheets/{system}', {
      params: { path: { campaignId, characterId: made.id, system: character.system as 'cairn' } },
      body: { sheet: character.sheet as never },
    }),
  );
  if (player) {
    const key = await unwrap(
      referee.POST('/v1/campaigns/{campaignId}/keys', {
        params: { path: { campaignId } },
        body: { role: 'player', characterIds: [made.id] },
      }),
    );
    player.store.linkPlayer('guild-1', player.userId, { key: key.key, role: 'player', characterId: made.id });
  }
  return made.id;
}
