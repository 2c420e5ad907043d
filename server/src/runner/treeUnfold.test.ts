import { chromium, type Browser } from 'playwright-core';
import { serveFixtureSites, type FixtureSites } from '../../../fixtures/sites/serve';
import { resolveIntent } from '../agents/coder';
import { parseStep } from '../agents/grammar';
import { type Action, isAction } from './actions';
import { findChromium, QUIET_CHROMIUM_ARGS } from './chromium';
import { actionCode } from './codegen';
import { RunnerSession } from './session';

jest.setTimeout(90_000);

// Issue 29: 'Expand Engineering' on Ant Design's Tree clicked the node's title, which selects it and
// leaves it closed. A tree item expands by its toggle (WAI-ARIA's tree pattern), and says so in
// aria-expanded: the step clicks the toggle and checks that, in a run and in the exported code.

describe('expanding and collapsing a tree item', () => {
  let browser: Browser;
  let sites: FixtureSites;
  let session: RunnerSession;

  beforeAll(async () => {
    sites = await serveFixtureSites();
    browser = await chromium.launch({
      executablePath: findChromium() ?? undefined,
      args: QUIET_CHROMIUM_ARGS,
    });
  });
  beforeEach(async () => {
    session = await RunnerSession.open(browser, {
      viewport: { width: 1280, height: 800 },
      values: { parameters: {}, secrets: {} },
      stepTimeoutMs: 5000,
      trace: false,
    });
    expect((await session.execute({ kind: 'goto', url: sites.url('admin-antd') })).ok).toBe(true);
    expect((await session.execute(await firstAction('Open Teams'))).ok).toBe(true);
    await session.page.getByRole('tree').waitFor();
  });
  afterEach(async () => session?.close());
  afterAll(async () => {
    await browser?.close();
    await sites?.close();
  });

  const firstAction = async (sentence: string): Promise<Action> => {
    const parsed = parseStep(sentence, sites.url('admin-antd'));
    if (!parsed.ok) throw new Error(parsed.hint);
    const resolution = await resolveIntent(parsed.intent, session, await session.snapshot());
    if (!resolution.ok) throw new Error(resolution.error.message);
    const action = await resolution.actions[0]();
    if (!action) throw new Error('No action');
    return action;
  };
  const engineering = () => session.page.getByRole('treeitem', { name: 'Engineering' });

  it('expands an Ant Design tree item by its toggle, not by selecting it, and checks aria-expanded', async () => {
    const action = await firstAction('Expand Engineering');
    expect(action).toMatchObject({ kind: 'click', unfolds: { expanded: true } });
    expect(isAction(JSON.parse(JSON.stringify(action)))).toBe(true);
    expect((await session.execute(action)).ok).toBe(true);
    expect(await engineering().getAttribute('aria-expanded')).toBe('true');
    // Expanded, not selected: the page says nothing about the team.
    expect(await engineering().getAttribute('aria-selected')).toBe('false');
    expect(await session.page.getByRole('treeitem', { name: 'Platform' }).isVisible()).toBe(true);
    const code = actionCode(action, 'typescript').split('\n');
    expect(code).toHaveLength(2);
    // The item's first icon (its caret) is clicked, then the item must say it is open.
    const item = /^await (page\..+)\.getByRole\('img'\)\.nth\(0\)\.click\(\);$/.exec(code[0])?.[1];
    expect(code[1]).toBe(`await expect(${item}).toHaveAttribute('aria-expanded', 'true');`);
    expect(actionCode(action, 'python')).toContain('.to_have_attribute("aria-expanded", "true")');

    const collapse = await firstAction('Collapse Engineering');
    expect(collapse).toMatchObject({ kind: 'click', unfolds: { expanded: false } });
    expect((await session.execute(collapse)).ok).toBe(true);
    expect(await engineering().getAttribute('aria-expanded')).toBe('false');
  });

  it('fails an expand whose click did not open the item', async () => {
    const action = await firstAction('Expand Engineering');
    if (action.kind !== 'click' || !action.unfolds) throw new Error('Not an unfold');
    // The same click on the item's title selects it: the item stays closed and the step says so.
    const title: Action = {
      ...action,
      target: { locator: { by: 'text', text: 'Engineering', exact: true } },
    };
    const result = await session.execute(title);
    expect(result.ok).toBe(false);
    expect(result.error?.message).toMatch(/did not expand/);
  });

  it('clicks a toggle once more when the tree ignored it while still moving, as a person would', async () => {
    const action = await firstAction('Expand Engineering');
    if (action.kind !== 'click' || !action.unfolds) throw new Error('Not an unfold');
    // Ant Design's tree ignores a toggle while its last one still animates; here the first click after
    // the step starts is swallowed the same way.
    await session.page.evaluate(() => {
      let swallowed = false;
      document.addEventListener(
        'click',
        (event) => {
          if (swallowed) return;
          swallowed = true;
          event.stopPropagation();
          event.preventDefault();
        },
        true,
      );
    });
    expect((await session.execute(action)).ok).toBe(true);
    expect(await engineering().getAttribute('aria-expanded')).toBe('true');
  });
});
