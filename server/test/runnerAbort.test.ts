import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { BrowserPool, RunnerSession } from '../src/runner';

// A page can go away while the coder reads it (a browser that crashes, a context closed by shutdown).
// Every read must then settle (fail or answer) — a call that never settles hangs its worker.

let sites: FixtureSites;
let pool: BrowserPool;
beforeAll(async () => {
  sites = await serveFixtureSites();
  pool = new BrowserPool({ wsEndpoint: null, niceness: 0 });
});
afterAll(async () => {
  await pool?.close();
  await sites?.close();
});

async function openShop(): Promise<RunnerSession> {
  const session = await RunnerSession.open(await pool.acquire(), {
    viewport: { width: 1280, height: 720 },
    values: { parameters: {}, secrets: {} },
    stepTimeoutMs: 5000,
    trace: true,
  });
  await session.page.goto(sites.url('shop'));
  return session;
}

function settlesWithin<T>(promise: Promise<T>, ms: number): Promise<'settled' | 'hung'> {
  return Promise.race([
    promise.then(
      () => 'settled' as const,
      () => 'settled' as const,
    ),
    new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), ms).unref()),
  ]);
}

it('settles every read of the page when the page closes in the middle of it', async () => {
  const outcomes: string[] = [];
  for (let round = 0; round < 12; round++) {
    const session = await openShop();
    const snapshot = await session.snapshot();
    const index = snapshot.candidates.findIndex((candidate) => candidate.role === 'button');
    expect(index).toBeGreaterThanOrEqual(0);
    // Reads in flight, then the page closes after a varying delay (0–11 ms) so it lands at different points.
    const reads = Promise.all([
      session.snapshot(),
      session.locatorsFor(index),
      session.indexAt(10, 10),
      session.snapshot(),
    ]);
    await new Promise((resolve) => setTimeout(resolve, round));
    await session.page.close();
    outcomes.push(await settlesWithin(reads, 5000));
    expect(await settlesWithin(session.close(), 5000)).toBe('settled');
  }
  expect(outcomes).toEqual(Array(12).fill('settled'));
});

it('stops the action in flight at once when aborted, with the page left open', async () => {
  const session = await openShop();
  try {
    // Both would wait 20 s; the abort ends them at once.
    const missing = session.execute(
      { kind: 'click', target: { locator: { by: 'testId', testId: 'not-on-the-page' } } },
      20_000,
    );
    const waiting = session.execute({ kind: 'wait', ms: 20_000 }, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await session.abort();
    expect(session.closed).toBe(true);
    expect(session.page.isClosed()).toBe(false);
    expect(await settlesWithin(missing, 3000)).toBe('settled');
    expect(await settlesWithin(waiting, 3000)).toBe('settled');
    expect((await missing).ok).toBe(false);
    expect((await waiting).ok).toBe(false);
  } finally {
    expect(await settlesWithin(session.close(), 5000)).toBe('settled');
  }
});

it('finds locators for a snapshot element, and none once the page has moved on', async () => {
  const session = await openShop();
  try {
    const snapshot = await session.snapshot();
    const index = snapshot.candidates.findIndex((candidate) => candidate.role === 'button');
    const [target] = await session.locatorsFor(index, { first: true });
    expect(target?.locator).toMatchObject({ by: 'role', role: 'button' });
    expect(await session.matchCount(target!)).toBe(1);
    // A new document forgets the old snapshot's elements: no locator can be checked against them.
    await session.page.reload();
    expect(await session.locatorsFor(index, { first: true })).toEqual([]);
  } finally {
    await session.close();
  }
});

it("records where an action's element was just before it acted, for the outline on the step's screenshot", async () => {
  const session = await openShop();
  try {
    const snapshot = await session.snapshot();
    const button = snapshot.candidates.find((candidate) => candidate.role === 'button' && candidate.visible);
    expect(button?.box).toBeTruthy();
    const [target] = await session.locatorsFor(snapshot.candidates.indexOf(button!));
    const result = await session.execute({ kind: 'hover', target });
    expect(result.ok).toBe(true);
    // The element's own box, as the page lays it out (rounded to whole CSS pixels).
    const box = button!.box!;
    expect(result.box).toEqual({
      x: Math.round(box.x),
      y: Math.round(box.y),
      width: Math.round(box.width),
      height: Math.round(box.height),
    });
    // A check that something is absent has no element to outline; an action without one neither.
    expect((await session.execute({ kind: 'scroll', to: 'down' })).box).toBeNull();
  } finally {
    await session.close();
  }
});
