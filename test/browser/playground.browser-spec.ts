import type { AddressInfo } from 'node:net';
import { chromium, Browser } from 'playwright-core';
import { PLAYGROUND_KEY_HINT } from '../../src/graphql/graphql.options';
import { startApp, TestApp } from '../e2e/harness';

/** Debian's Chromium (`apt-get install chromium`); CI installs it before this tier runs. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('GraphQL playground in a browser with no network', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await startApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-sync',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t.close();
  });

  it('loads from our own files only and runs the example mutation', async () => {
    const page = await browser.newPage();
    const external: string[] = [];
    const pageErrors: string[] = [];
    // Anything not served by this app is refused, as it would be on a machine with no network.
    await page.route('**/*', (route) => {
      if (new URL(route.request().url()).hostname === '127.0.0.1') return route.continue();
      external.push(route.request().url());
      return route.abort();
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto(`${base}/graphql`);
    const send = page.getByText('Send Request', { exact: true });
    await send.waitFor({ timeout: 30_000 });
    // Altair also introspects the schema: wait for the answer to the example mutation itself.
    const answer = page.waitForResponse(
      (r) => r.url() === `${base}/graphql` && (r.request().postData() ?? '').includes('poolCheck'),
    );
    await send.click();
    const body = (await (await answer).json()) as {
      data?: { poolCheck?: { seed: string; faces: number[] } };
    };

    expect(body.data?.poolCheck).toMatchObject({ seed: 'hello', faces: expect.any(Array) });
    expect(body.data?.poolCheck?.faces).toHaveLength(6);
    await page.getByText('"successes"').first().waitFor({ timeout: 10_000 });
    expect(external).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('shows no banner (Altair’s AI upsell included) once it has started', async () => {
    const page = await browser.newPage();
    await page.route('**/*', (route) =>
      new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort(),
    );
    await page.goto(`${base}/graphql`);
    await page.getByText('Send Request', { exact: true }).waitFor({ timeout: 30_000 });
    // Altair adds its banners once the app has started and read its store: give it that time.
    await page.waitForTimeout(3_000);
    const banners = page.locator('app-banner, [class*="banner"]');
    const visible = [];
    for (const banner of await banners.all())
      if (await banner.isVisible()) visible.push(await banner.innerText());
    expect(visible).toEqual([]);
    expect(await page.getByText('Altair AI', { exact: false }).count()).toBe(0);
  });

  it('says where the campaign key goes (the Authorization header) in the editor it opens with', async () => {
    const page = await browser.newPage();
    await page.route('**/*', (route) =>
      new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort(),
    );
    await page.goto(`${base}/graphql`);
    await page.getByText('Send Request', { exact: true }).waitFor({ timeout: 30_000 });
    // The query editor (CodeMirror) shows each line of the example as a line of its own.
    await page.getByText(PLAYGROUND_KEY_HINT[0], { exact: true }).waitFor({ timeout: 10_000 });
    const text = (await page.locator('.cm-content').allInnerTexts()).join('\n');
    for (const line of PLAYGROUND_KEY_HINT) expect(text).toContain(line);
    expect(text).toContain('Authorization: Bearer');
  });
});
