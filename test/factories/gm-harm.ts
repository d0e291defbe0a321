import request from 'supertest';
import { gmAwaken } from '../../src/core/harm/gm-awaken';
import { createRng, Dice } from '../../src/core/random';
import { CampaignFixture, createCampaign, createCharacter, createKey, type Sheet, sheetOf } from './campaign';

type Server = Parameters<typeof request>[0];

/** G&M abilities of a warrior the harm tests use (agility 18: a defence bonus to lose). */
export const GM_ABILITIES = {
  strength: 12,
  agility: 18,
  endurance: 14,
  intelligence: 10,
  wisdom: 10,
  charisma: 10,
};

/** A campaign with two characters, the first of them the only one of a player key. */
export async function gmHarmTable(server: Server) {
  const c = await createCampaign(server);
  const hero = await createCharacter(server, c, { name: 'Toromeen' });
  const friend = await createCharacter(server, c, { name: 'Gralen' });
  const player = await createKey(server, c, { role: 'player', characterIds: [hero.id] });
  return { c, hero, friend, player };
}

/** A character's path under its campaign. */
export const characterPath = (c: CampaignFixture, id: string) => `/v1/campaigns/${c.id}/characters/${id}`;

/** A level-2 warrior's G&M sheet at full survival, no verve, 3 mojo; `extra` overrides members. */
export const gmWarriorSheet = (extra: object = {}) => ({
  abilities: GM_ABILITIES,
  archetypes: [{ archetype: 'warrior', level: 2 }],
  survival: { current: 10, max: 10 },
  verve: { current: 0, max: 0 },
  mojo: { current: 3, max: 3 },
  ...extra,
});

/**
 * The roll to awaken (S6) an advance seeded `seed` makes for this character's `n`th period, computed
 * with the core roll from the sheet as the server reads it (its derived reactions and injuries).
 */
export function awakenRoll(sheet: Sheet, characterId: string, seed: string, n = 1) {
  return gmAwaken(
    {
      fortitude: typeof sheet.reactions?.fortitude === 'number' ? sheet.reactions.fortitude : null,
      willpower: typeof sheet.reactions?.willpower === 'number' ? sheet.reactions.willpower : null,
      injuries: sheet.injuries?.current ?? 0,
    },
    new Dice(createRng(`${seed}/awaken/${characterId}/${n}`)),
  );
}

/** The first of `wake-0`, `wake-1` … whose first roll to awaken this character comes out `awake`. */
export function awakeningSeed(sheet: Sheet, characterId: string, awake = true): string {
  for (let i = 0; i < 500; i++)
    if (awakenRoll(sheet, characterId, `wake-${i}`).awake === awake) return `wake-${i}`;
  throw new Error(`No seed gives awake = ${awake} for this sheet.`);
}

/**
 * Advances the campaign's clock one turn, with a seed whose roll to awaken passes, and expects the
 * character's unconsciousness to run out on it (its only harm timer, waking it); answers the
 * character's G&M sheet after.
 */
export async function wakesOnNextTurn(server: Server, c: CampaignFixture, characterId: string) {
  const seed = awakeningSeed(await sheetOf(server, c, characterId, 'gm'), characterId);
  const advance = await request(server)
    .post(`/v1/campaigns/${c.id}/clock/advance`)
    .set(c.auth)
    .send({ turns: 1, rollEncounterChecks: false, seed })
    .expect(200);
  expect(advance.body.harmTimers).toEqual([
    expect.objectContaining({ ownerId: characterId, kind: 'gm-unconscious', effect: 'wakes', state: 'up' }),
  ]);
  return sheetOf(server, c, characterId, 'gm');
}
