import { type Action, describeAction, isAction } from './actions';
import { actionCode, pythonScript, typescriptScript } from './codegen';

// Tabs (issue 32) are exported in Playwright's own words: the pop-up a click opens, context.pages().
const click: Action = {
  kind: 'click',
  target: { locator: { by: 'role', role: 'link', name: 'Open help', exact: true } },
  popup: true,
};
const close: Action = { kind: 'tab', op: 'close' };
const first: Action = { kind: 'tab', op: 'switch', to: 'first' };

describe('tab steps', () => {
  it('export a click that opens a tab as a wait for its pop-up', () => {
    expect(actionCode(click, 'typescript')).toBe(
      [
        '{',
        "  const popup = page.waitForEvent('popup');",
        "  await page.getByRole('link', { name: 'Open help', exact: true }).click();",
        '  page = await popup;',
        "  await page.waitForLoadState('domcontentloaded');",
        '}',
      ].join('\n'),
    );
    expect(actionCode(click, 'python')).toBe(
      [
        'with page.expect_popup() as popup:',
        '    page.get_by_role("link", name="Open help", exact=True).click()',
        'page = popup.value',
        'page.wait_for_load_state("domcontentloaded")',
      ].join('\n'),
    );
  });

  it("export a switch and a close through the context's pages", () => {
    expect(actionCode(close, 'typescript')).toBe(
      'await page.close();\npage = context.pages().at(-1)!;\nawait page.bringToFront();',
    );
    expect(actionCode(first, 'python')).toBe('page = context.pages[0]\npage.bring_to_front()');
    const spec = {
      name: 'Tabs',
      steps: [
        { description: 'Click "Open help"', action: click },
        { description: 'Close it', action: close },
      ],
      parameters: {},
      secretNames: [],
    };
    expect(typescriptScript(spec)).toContain("test('Tabs', async ({ page, context }) => {");
    const python = pythonScript(spec);
    expect(python).toMatch(/^from playwright\.sync_api import BrowserContext, (?:Locator, )?Page, expect$/m);
    expect(python).toContain('def test_tabs(page: Page, context: BrowserContext) -> None:');
    expect(typescriptScript({ ...spec, steps: spec.steps.slice(0, 1) })).toContain(
      "test('Tabs', async ({ page }) => {",
    );
  });

  it('are described and read back from storage', () => {
    expect(describeAction(click)).toBe('Click "Open help" link and switch to the new tab');
    expect(describeAction(close)).toBe('Close the tab and go back to the one before');
    for (const action of [click, close, first])
      expect(isAction(JSON.parse(JSON.stringify(action)))).toBe(true);
    expect(isAction({ kind: 'tab', op: 'switch', to: 'third' })).toBe(false);
    expect(isAction({ ...click, popup: 'yes' })).toBe(false);
  });
});
