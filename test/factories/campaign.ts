import request from 'supertest';

type Server = Parameters<typeof request>[0];

export interface CampaignFixture {
  id: string;
  refereeKey: string;
  auth: { Authorization: string };
}

/** A new campaign and its referee key, over REST. */
export async function createCampaign(server: Server, name = 'Test campaign'): Promise<CampaignFixture> {
  const res = await request(server).post('/v1/campaigns').send({ name }).expect(201);
  return { id: res.body.id, refereeKey: res.body.refereeKey, auth: bearer(res.body.refereeKey) };
}

export function bearer(key: string): { Authorization: string } {
  return { Authorization: `Bearer ${key}` };
}

export async function createCharacter(
  server: Server,
  campaign: CampaignFixture,
  body: Record<string, unknown> = { name: 'Toromeen' },
): Promise<{ id: string } & Record<string, unknown>> {
  const res = await request(server)
    .post(`/v1/campaigns/${campaign.id}/characters`)
    .set(campaign.auth)
    .send(body)
    .expect(201);
  return res.body;
}

export async function createKey(
  server: Server,
  campaign: CampaignFixture,
  body: Record<string, unknown>,
): Promise<{ id: string; key: string; auth: { Authorization: string } }> {
  const res = await request(server)
    .post(`/v1/campaigns/${campaign.id}/keys`)
    .set(campaign.auth)
    .send(body)
    .expect(201);
  return { id: res.body.id, key: res.body.key, auth: bearer(res.body.key) };
}

/** Starts the campaign's next session, ending the one in progress if there is one. */
export async function startSession(
  server: Server,
  campaign: CampaignFixture,
): Promise<{ id: string; number: number }> {
  const res = await request(server)
    .post(`/v1/campaigns/${campaign.id}/sessions`)
    .set(campaign.auth)
    .send({ endCurrent: true })
    .expect(201);
  return res.body;
}

/** A stored sheet as the API answers it (its fields vary by system; tests read them freely). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Sheet = Record<string, any>;

/** Replaces a character's sheet in one system; answers the stored (derived) sheet. */
export async function putSheet(
  server: Server,
  campaign: CampaignFixture,
  characterId: string,
  system: string,
  sheet: object,
): Promise<Sheet> {
  const res = await request(server)
    .put(`/v1/campaigns/${campaign.id}/characters/${characterId}/sheets/${system}`)
    .set(campaign.auth)
    .send({ sheet })
    .expect(200);
  return res.body.sheet;
}

/** A character's stored (derived) sheet in one system, as the referee reads it. */
export async function sheetOf(
  server: Server,
  campaign: CampaignFixture,
  characterId: string,
  system: string,
): Promise<Sheet> {
  const res = await request(server)
    .get(`/v1/campaigns/${campaign.id}/characters/${characterId}/sheets/${system}`)
    .set(campaign.auth)
    .expect(200);
  return res.body.sheet;
}
