import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { type AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { findChromium, QUIET_CHROMIUM_ARGS } from '../src/runner/chromium';
import { TRACE_LINK_REFUSALS } from '../src/services/artifacts';
import { UrlSigner } from '../src/storage';
import { startTestServer, type TestServer } from './helpers';

jest.setTimeout(90_000);

const APP_SECRET = 'trace-viewer-suite-secret-of-32-characters-or-more';

/** Issue 27: `/trace/?trace=` loaded traces from any origin; the viewer opens only our own signed links. */
describe('the trace viewer', () => {
  // The server signs its links with a key made from APP_SECRET: so does the suite.
  const signer = new UrlSigner(APP_SECRET, 900);
  const key = `${crypto.randomUUID()}/${crypto.randomUUID()}.zip`;
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { APP_SECRET } });
    const file = path.join(server.config.generation.artifactsDir, ...key.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'PK');
  });
  afterAll(async () => server?.close());

  const viewer = (trace: string) =>
    fetch(`${server.url}/trace/index.html?trace=${encodeURIComponent(trace)}`);

  it("opens this server's own signed trace links, relative or naming its host", async () => {
    const link = signer.sign(key).url;
    const relative = await viewer(link);
    expect(relative.status).toBe(200);
    expect(await relative.text()).toContain('<html');
    expect((await viewer(`${server.url}${link}`)).status).toBe(200);
  });

  it.each([
    ['another origin', 'https://attacker.example/trace.zip'],
    ['another port of this machine', `http://127.0.0.1:1${signer.sign(key).url}`] as const,
    ['a path of ours that is not a trace', '/api/health'],
    ['a local file', 'file:///etc/passwd'],
  ])('refuses a trace on %s, saying it opens only its own links', async (_label, trace) => {
    const response = await viewer(trace);
    expect(response.status).toBe(403);
    expect(await response.text()).toBe(TRACE_LINK_REFUSALS.foreign);
  });

  it('refuses a link whose signature is forged or which has expired', async () => {
    const forged = signer.sign(key).url.replace(/signature=[^&]+/, 'signature=AAAA');
    const forgedResponse = await viewer(forged);
    expect(forgedResponse.status).toBe(403);
    expect(await forgedResponse.text()).toBe(TRACE_LINK_REFUSALS.invalid);
    const expired = signer.sign(key, Date.now() - 3_600_000).url;
    const expiredResponse = await viewer(expired);
    expect(expiredResponse.status).toBe(403);
    expect(await expiredResponse.text()).toBe(TRACE_LINK_REFUSALS.expired);
  });

  it("refuses every trace a page asks for, not only the first, and on the viewer's other pages", async () => {
    const good = encodeURIComponent(signer.sign(key).url);
    const twice = await fetch(
      `${server.url}/trace/index.html?trace=${good}&trace=${encodeURIComponent('https://attacker.example/t.zip')}`,
    );
    expect(twice.status).toBe(403);
    const snapshot = await fetch(
      `${server.url}/trace/snapshot.html?trace=${encodeURIComponent('https://attacker.example/t.zip')}`,
    );
    expect(snapshot.status).toBe(403);
  });

  it("keeps the viewer's service worker from fetching a trace from another origin", async () => {
    // A snapshot's address is answered by the service worker, not the server: its own policy holds it.
    let asked = 0;
    const elsewhere = http.createServer((_request, response) => {
      asked += 1;
      response.writeHead(200, { 'access-control-allow-origin': '*' }).end('PK');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const foreign = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/trace.zip`;
    const browser = await chromium.launch({
      executablePath: findChromium() ?? undefined,
      args: QUIET_CHROMIUM_ARGS,
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/trace/index.html`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      const answer = await page.goto(
        `${server.url}/trace/snapshot/page@1?trace=${encodeURIComponent(foreign)}&name=x`,
      );
      expect(answer?.status()).toBe(500);
      expect(asked).toBe(0);
    } finally {
      await browser.close();
      elsewhere.close();
    }
  });

  it('sends the service worker with a policy that keeps its fetches on this origin', async () => {
    const script = await fetch(`${server.url}/trace/sw.bundle.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-security-policy')).toBe("connect-src 'self' blob:");
    // Read to the end: an unread answer keeps its request under way, and the server's close waits for it.
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});
