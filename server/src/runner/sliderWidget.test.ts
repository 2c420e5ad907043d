import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { resolveIntent } from '../agents/coder';
import { parseStep } from '../agents/grammar';
import { type Action, isAction } from './actions';
import { findChromium, QUIET_CHROMIUM_ARGS } from './chromium';
import { actionCode } from './codegen';
import { RunnerSession } from './session';

jest.setTimeout(60_000);

// Issue 29: a slider as component libraries draw it (Ant Design's): a handle with role=slider and
// aria-valuenow, moved by its arrow keys, inside a form row whose label points at the widget around
// it (for= a div), so the handle has no name of its own. Steps of 2 from 0 to 10.
const PAGE = `<!doctype html><title>Sliders</title>
<div class="row"><label for="volume">Volume level</label>
  <div id="volume" class="slider"><div class="track"></div>
    <div class="handle" role="slider" tabindex="0" aria-valuemin="0" aria-valuemax="10" aria-valuenow="2"></div>
  </div>
</div>
<script>
  const handle = document.querySelector('.handle');
  handle.style.cssText = 'display: inline-block; width: 14px; height: 14px; background: #1677ff';
  handle.onkeydown = (event) => {
    const now = Number(handle.getAttribute('aria-valuenow'));
    const step = event.key === 'ArrowRight' ? 2 : event.key === 'ArrowLeft' ? -2 : 0;
    handle.setAttribute('aria-valuenow', String(Math.min(10, Math.max(0, now + step))));
  };
</script>`;

describe('a slider drawn as a handle', () => {
  let browser: Browser;
  let server: http.Server;
  let url: string;
  let session: RunnerSession;

  beforeAll(async () => {
    server = http.createServer((_request, response) => response.end(PAGE));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await chromium.launch({
      executablePath: findChromium() ?? undefined,
      args: QUIET_CHROMIUM_ARGS,
    });
  });
  beforeEach(async () => {
    session = await RunnerSession.open(browser, {
      viewport: { width: 800, height: 600 },
      values: { parameters: {}, secrets: {} },
      stepTimeoutMs: 3000,
      trace: false,
    });
    expect((await session.execute({ kind: 'goto', url })).ok).toBe(true);
  });
  afterEach(async () => session?.close());
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const firstAction = async (sentence: string): Promise<Action> => {
    const parsed = parseStep(sentence, url);
    if (!parsed.ok) throw new Error(parsed.hint);
    const resolution = await resolveIntent(parsed.intent, session, await session.snapshot());
    if (!resolution.ok) throw new Error(resolution.error.message);
    const action = await resolution.actions[0]();
    if (!action) throw new Error('No action');
    return action;
  };
  const valueNow = () => session.page.locator('[role=slider]').getAttribute('aria-valuenow');

  it('finds the handle by the label of its row and moves it with the arrow keys to the value', async () => {
    const action = await firstAction('Set Volume level to 8');
    expect(action).toMatchObject({ kind: 'fill', value: '8', widget: 'slider' });
    expect(isAction(JSON.parse(JSON.stringify(action)))).toBe(true);
    expect((await session.execute(action)).ok).toBe(true);
    expect(await valueNow()).toBe('8');
    // And back down.
    expect((await session.execute({ ...action, value: '4' } as Action)).ok).toBe(true);
    expect(await valueNow()).toBe('4');
  });

  it('fails naming where it stopped when the value lies between two steps', async () => {
    const action = await firstAction('Set Volume level to 5');
    const result = await session.execute(action);
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toMatch(/cannot be set to 5/);
  });

  it('is no option for a value that is no number, such as a date', async () => {
    await expect(firstAction('Set Volume level to 2026-12-23')).rejects.toThrow();
    await expect(firstAction('Set Volume level to 40%')).resolves.toMatchObject({ widget: 'slider' });
  });

  it('exports the same keys and a check of the value', async () => {
    const action = await firstAction('Set Volume level to 6');
    const ts = actionCode(action, 'typescript');
    expect(ts).toContain('await slider.focus();');
    expect(ts).toContain("await slider.press((await now()) < 6 ? 'ArrowRight' : 'ArrowLeft');");
    expect(ts).toContain("await expect(slider).toHaveAttribute('aria-valuenow', '6');");
    const py = actionCode(action, 'python');
    expect(py).toContain('slider.press("ArrowRight" if now < 6 else "ArrowLeft")');
    expect(py).toContain('expect(slider).to_have_attribute("aria-valuenow", "6")');
  });
});
