import { unwrap, type ArbiterClient, type components } from '@arbiter/client';
import { BotRefusal } from './common';

/** A character or NPC of the campaign, found by its name. */
export interface Named {
  kind: 'character' | 'npc';
  id: string;
  name: string;
}

const MAX_PAGES = 20;

/** Every character and NPC the key may see (the list endpoints, page by page). */
export async function listNamed(arbiter: ArbiterClient, campaignId: string): Promise<Named[]> {
  const found: Named[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const characters: components['schemas']['CharacterPage'] = await unwrap(
      arbiter.GET('/v1/campaigns/{campaignId}/characters', {
        params: { path: { campaignId }, query: { limit: 100, ...(after ? { after } : {}) } },
      }),
    );
    found.push(...characters.items.map((c) => ({ kind: 'character' as const, id: c.id, name: c.name })));
    if (!characters.next) break;
    after = characters.next;
  }
  after = undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const npcs: components['schemas']['NpcPage'] = await unwrap(
      arbiter.GET('/v1/campaigns/{campaignId}/npcs', {
        params: { path: { campaignId }, query: { limit: 100, ...(after ? { after } : {}) } },
      }),
    );
    found.push(...npcs.items.map((n) => ({ kind: 'npc' as const, id: n.id, name: n.name })));
    if (!npcs.next) break;
    after = npcs.next;
  }
  return found;
}

/** The one entry a typed name means: its id, the exact name (any case), else a unique prefix. */
export function pick(candidates: Named[], typed: string): Named {
  const wanted = typed.trim().toLocaleLowerCase();
  const byId = candidates.find((c) => c.id === typed.trim());
  if (byId) return byId;
  const exact = candidates.filter((c) => c.name.toLocaleLowerCase() === wanted);
  const matches =
    exact.length > 0 ? exact : candidates.filter((c) => c.name.toLocaleLowerCase().startsWith(wanted));
  if (matches.length === 1) return matches[0];
  if (matches.length === 0) throw new BotRefusal(`Nobody called “${typed.trim()}” that you can see.`);
  throw new BotRefusal(
    `“${typed.trim()}” could be ${matches
      .slice(0, 5)
      .map((m) => m.name)
      .join(', ')}: type more of the name.`,
  );
}

/**
 * Finds a character or NPC of the campaign by name with the given key. This is the bot's one
 * name lookup: it lists on the client today; when Arbiter addresses combatants by name (issue 42)
 * only this function changes.
 */
export async function findByName(
  arbiter: ArbiterClient,
  campaignId: string,
  typed: string,
  only?: Named['kind'],
): Promise<Named> {
  const all = await listNamed(arbiter, campaignId);
  return pick(only ? all.filter((n) => n.kind === only) : all, typed);
}
