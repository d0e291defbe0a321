/**
 * Setup helpers for stateful cases: plain HTTP calls against a running server, made once before
 * a case is loaded. They fail loudly (the benchmark then exits 1) when the API answers otherwise.
 */

export interface CampaignFixture {
  id: string;
  refereeKey: string;
  auth: { Authorization: string };
}

export async function postJson<T>(
  baseUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  expectedStatus = 201,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    // Fastify refuses an empty body sent as application/json.
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expectedStatus) {
    throw new Error(
      `POST ${path} answered ${response.status}, expected ${expectedStatus}: ${text.slice(0, 500)}`,
    );
  }
  return JSON.parse(text) as T;
}

export async function createCampaign(baseUrl: string, name = 'Benchmark campaign'): Promise<CampaignFixture> {
  const created = await postJson<{ id: string; refereeKey: string }>(baseUrl, '/v1/campaigns', { name });
  return {
    id: created.id,
    refereeKey: created.refereeKey,
    auth: { Authorization: `Bearer ${created.refereeKey}` },
  };
}

export async function startSession(baseUrl: string, campaign: CampaignFixture): Promise<{ id: string }> {
  return postJson(baseUrl, `/v1/campaigns/${campaign.id}/sessions`, undefined, campaign.auth);
}

export async function createCharacter(
  baseUrl: string,
  campaign: CampaignFixture,
  body: Record<string, unknown> = { name: 'Benchmark character' },
): Promise<{ id: string }> {
  return postJson(baseUrl, `/v1/campaigns/${campaign.id}/characters`, body, campaign.auth);
}
