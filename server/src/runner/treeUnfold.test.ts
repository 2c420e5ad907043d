import { serveFixtureSites } from '../../../fixtures/sites/serve';
import { widgetPage } from '../../test/widgetPage';
import { type Action, isAction } from './actions';
import { actionCode } from './codegen';

jest.setTimeout(90_000);

// Issue 29: 'Expand Engineering' on Ant Design's Tree clicked the node's title, which selects it and
// leaves it closed. A tree item expands by its toggle (WAI-ARIA's tree pattern), and says so in
// aria-expanded: the step clicks the toggle and checks that, in a run and in the exported code.

describe('expanding and collapsing a tree item', () => {
  const widgets = widgetPage(
    async () => {
      const sites = await serveFixtureSites();
      return { url: sites.url('admin-antd'), close: () => sites.close() };
    },
    { viewport: { width: 1280, height: 800 }, stepTimeoutMs: 5000 },
  );
  beforeEach(async () => {
    expect((await widgets.session.execute(await widgets.firstAction('Open Teams'))).ok).toBe(true);
    await widgets.session.page.getByRole('tree').waitFor();
  });

  const engineering = () => widgets.session.page.getByRole('treeitem', { name: 'Engineering' });

  it('expands an Ant Design tree item by its toggle, not by selecting it, and checks aria-expanded', async () => {
    const action = await widgets.firstAction('Expand Engineering');
    expect(action).toMatchObject({ kind: 'click', unfolds: { expanded: true } });
    expect(isAction(JSON.parse(JSON.stringify(action)))).toBe(true);
    expect((await widgets.session.execute(action)).ok).toBe(true);
    expect(await engineering().getAttribute('aria-expanded')).toBe('true');
    // Expanded, not selected: the page says nothing about the team.
    expect(await engineering().getAttribute('aria-selected')).toBe('false');
    expect(await widgets.session.page.getByRole('treeitem', { name: 'Platform' }).isVisible()).toBe(true);
    const code = actionCode(action, 'typescript').split('\n');
    expect(code).toHaveLength(2);
    // The item's first icon (its caret) is clicked, then the item must say it is open.
    const item = /^await (page\..+)\.getByRole\('img'\)\.nth\(0\)\.click\(\);$/.exec(code[0])?.[1];
    expect(code[1]).toBe(`await expect(${item}).toHaveAttribute('aria-expanded', 'true');`);
    expect(actionCode(action, 'python')).toContain('.to_have_attribute("aria-expanded", "true")');

    const collapse = await widgets.firstAction('Collapse Engineering');
    expect(collapse).toMatchObject({ kind: 'click', unfolds: { expanded: false } });
    expect((await widgets.session.execute(collapse)).ok).toBe(true);
    expect(await engineering().getAttribute('aria-expanded')).toBe('false');
  });

  it('fails an expand whose click did not open the item', async () => {
    const action = await widgets.firstAction('Expand Engineering');
    if (action.kind !== 'click' || !action.unfolds) throw new Error('Not an unfold');
    // The same click on the item's title selects it: the item stays closed and the step says so.
    const title: Action = {
      ...action,
      target: { locator: { by: 'text', text: 'Engineering', exact: true } },
    };
    const result = await widgets.session.execute(title);
    expect(result.ok).toBe(false);
    expect(result.error?.message).toMatch(/did not expand/);
  });

  it('clicks a toggle once more when the tree ignored it while still moving, as a person would', async () => {
    const action = await widgets.firstAction('Expand Engineering');
    if (action.kind !== 'click' || !action.unfolds) throw new Error('Not an unfold');
    // Ant Design's tree ignores a toggle while its last one still animates; here the first click after
    // the step starts is swallowed the same way.
    await widgets.session.page.evaluate(() => {
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
    expect((await widgets.session.execute(action)).ok).toBe(true);
    expect(await engineering().getAttribute('aria-expanded')).toBe('true');
  });
});
