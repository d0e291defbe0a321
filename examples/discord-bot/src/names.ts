import { ArbiterProblem, unwrap, type ArbiterClient } from '@arbiter/client';
import { BotRefusal } from './common';

/** A character or NPC of the campaign, found by its name. */
export interface Named {
  kind: 'character' | 'npc';
  id: string;
  name: string;
}

/**
 * What a 409 on an ambiguous name says, for the user alone: Arbiter lists the candidates with
 * their ids (`"Goblin" (…), "Goblin" (…)`), and the user types the id of the one they mean.
 */
export function ambiguity(typed: string, problem: ArbiterProblem): BotRefusal {
  const listed = problem.errors.map((e) => e.message).join(' ') || problem.detail;
  const hint = /\bid\b/.test(listed) ? '' : ' Type the id instead of the name.';
  return new BotRefusal(`“${typed}” names more than one: ${listed}${hint}`);
}

/** One kind's lookup by name: the API resolves the name where the id goes (issue 42). */
async function byName(
  arbiter: ArbiterClient,
  campaignId: string,
  kind: Named['kind'],
  typed: string,
): Promise<Named | null> {
  try {
    const found =
      kind === 'character'
        ? await unwrap(
            arbiter.GET('/v1/campaigns/{campaignId}/characters/{characterId}', {
              params: { path: { campaignId, characterId: typed } },
            }),
          )
        : await unwrap(
            arbiter.GET('/v1/campaigns/{campaignId}/npcs/{npcId}', {
              params: { path: { campaignId, npcId: typed } },
            }),
          );
    return { kind, id: found.id, name: found.name };
  } catch (error) {
    if (ArbiterProblem.is(error, 'NOT_FOUND')) return null;
    if (ArbiterProblem.is(error, 'CONFLICT')) throw ambiguity(typed, error);
    throw error;
  }
}

/**
 * Finds a character or NPC of the campaign by its name (exact, any case) or id, with the given key.
 * Arbiter does the matching: a name goes where the id goes, an ambiguous one is a 409 listing the
 * candidates (said to the user alone), and an NPC the key may not see is not found. A name that is
 * both a character's and an NPC's is ambiguous too.
 */
export async function findByName(
  arbiter: ArbiterClient,
  campaignId: string,
  typed: string,
  only?: Named['kind'],
): Promise<Named> {
  const name = typed.trim();
  if (!name) throw new BotRefusal('Name someone.');
  const kinds: Array<Named['kind']> = only ? [only] : ['character', 'npc'];
  const found = (await Promise.all(kinds.map((kind) => byName(arbiter, campaignId, kind, name)))).filter(
    (n): n is Named => n !== null,
  );
  if (found.length === 0) throw new BotRefusal(`Nobody called “${name}” that you can see.`);
  if (found.length > 1)
    throw new BotRefusal(
      `“${name}” is both ${found.map((f) => `${f.kind === 'npc' ? 'an NPC' : 'a character'} (${f.id})`).join(' and ')}: type the id of the one you mean.`,
    );
  return found[0];
}
