import net from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { serveFixtureSites, type FixtureSites } from '../../../fixtures/sites/serve';
import { type Action, type Target } from './actions';
import { findChromium, QUIET_CHROMIUM_ARGS } from './chromium';
import { replay, type ReplayStep } from './replay';
import { RunLog } from './runLog';
import { RunnerSession, type SessionOptions } from './session';

jest.setTimeout(90_000);

const STEP_TIMEOUT_MS = 2000;
const NO_VALUES = { parameters: {}, secrets: {} };

/** A port on loopback that nothing listens on: a site that is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('runner errors, in real Chromium', () => {
  let browser: Browser;
  let sites: FixtureSites;

  beforeAll(async () => {
    sites = await serveFixtureSites();
    browser = await chromium.launch({
      executablePath: findChromium() ?? undefined,
      args: QUIET_CHROMIUM_ARGS,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await sites?.close();
  });

  afterEach(() => sites.setVariant('tasks', null));

  async function withSession<T>(
    run: (session: RunnerSession) => Promise<T>,
    options: Partial<SessionOptions> = {},
  ): Promise<T> {
    const session = await RunnerSession.open(browser, {
      viewport: { width: 1000, height: 700 },
      values: NO_VALUES,
      stepTimeoutMs: STEP_TIMEOUT_MS,
      trace: false,
      ...options,
    });
    try {
      return await run(session);
    } finally {
      await session.close();
    }
  }

  /** Replays the steps; the outcome and the run log. */
  async function replayed(steps: ReplayStep[], options: Partial<SessionOptions> = {}) {
    const log = new RunLog([]);
    const outcome = await withSession(
      (session) =>
        replay(
          session,
          steps,
          { onStep: async () => undefined, stopped: () => false },
          { language: 'typescript', stepTimeoutMs: STEP_TIMEOUT_MS, screenshots: false, log },
        ),
      options,
    );
    return { outcome, log: log.text() };
  }

  const step = (description: string, action: Action): ReplayStep => ({
    description,
    actionName: action.kind,
    action,
  });

  it('says a site that is down could not be reached, keeping the browser’s words in the run log', async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/app/?token=abc`;
    const { outcome, log } = await replayed([step('Open the app', { kind: 'goto', url })]);
    expect(outcome.state).toBe('failed');
    expect(outcome.message).toBe(
      `Step 1, "Open the app", failed: The site at http://127.0.0.1:${port} could not be reached: nothing answered there. The site may be down, or its address or port is wrong.`,
    );
    expect(log).toContain('the browser said: net::ERR_CONNECTION_REFUSED');
  });

  it('says the same of a site that is down behind the target guard (ERR_SOCKS_CONNECTION_FAILED)', async () => {
    const port = await closedPort();
    const own = await closedPort();
    const targets = {
      serverHost: '127.0.0.1',
      serverPort: own,
      publicUrl: `http://127.0.0.1:${own}`,
      privateTargets: 'allow' as const,
    };
    const { outcome, log } = await replayed(
      [step('Open the app', { kind: 'goto', url: `http://127.0.0.1:${port}/` })],
      { targets },
    );
    expect(log).toContain('ERR_SOCKS_CONNECTION_FAILED');
    expect(outcome.message).toContain(
      `The site at http://127.0.0.1:${port} could not be reached: nothing answered there.`,
    );
    expect(outcome.message).not.toMatch(/net::|ERR_/);
  });

  it('says a host name that does not exist could not be found (generation’s path)', async () => {
    const result = await withSession((session) =>
      session.execute({ kind: 'goto', url: 'http://no-such-host.invalid/' }),
    );
    expect(result.error).toEqual({
      message:
        "The site at http://no-such-host.invalid could not be found: no such host name is known. Check the website's address.",
      error_type: 'navigation_failed',
    });
  });

  const removeButton: Target = {
    locator: { by: 'css', selector: '.destroy' },
    within: { by: 'role', role: 'listitem' },
    withinText: 'Pay rent',
  };
  const addTask = (title: string): ReplayStep[] => [
    step(`Type "${title}" as a new task`, {
      kind: 'fill',
      target: { locator: { by: 'label', text: 'New task' } },
      value: title,
    }),
    step('Press Enter', {
      kind: 'press',
      key: 'Enter',
      target: { locator: { by: 'label', text: 'New task' } },
    }),
  ];

  it('hovers the row first when its remove button shows only on hover', async () => {
    sites.setVariant('tasks', 'hover-only');
    const { outcome, log } = await replayed([
      step('Open the tasks', { kind: 'goto', url: sites.url('tasks') }),
      ...addTask('Pay rent'),
      ...addTask('Call mum'),
      step('Remove "Pay rent"', { kind: 'click', target: removeButton }),
      step('Check that "Pay rent" is gone', {
        kind: 'expect',
        assert: { type: 'visible', target: { locator: { by: 'text', text: 'Pay rent' } }, negate: true },
      }),
      step('Check that "Call mum" stays', {
        kind: 'expect',
        assert: { type: 'visible', target: { locator: { by: 'text', text: 'Call mum' } } },
      }),
    ]);
    expect({ state: outcome.state, message: outcome.message }).toEqual({ state: 'passed', message: null });
    expect(log).not.toContain('ERROR');
  });

  it('says an element that stays hidden, even hovered, stayed hidden (a run and generation alike)', async () => {
    const clear: Action = { kind: 'click', target: { locator: { by: 'css', selector: '.clear' } } };
    const { outcome, log } = await replayed([
      step('Open the tasks', { kind: 'goto', url: sites.url('tasks') }),
      ...addTask('Pay rent'),
      step('Clear the completed tasks', clear),
    ]);
    expect(outcome.message).toBe(
      'Step 4, "Clear the completed tasks", failed: Element .clear was found but stayed hidden within 2 s.',
    );
    expect(log).toContain('the browser said: Timeout 2000ms exceeded');

    const result = await withSession(async (session) => {
      await session.execute({ kind: 'goto', url: sites.url('tasks') });
      for (const { action } of addTask('Pay rent')) await session.execute(action);
      return session.execute(clear);
    });
    expect(result.error).toEqual({
      message: 'Element .clear was found but stayed hidden within 2 s.',
      error_type: 'not_actionable',
    });
  });
});
