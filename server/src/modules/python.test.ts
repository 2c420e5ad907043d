import { type Action, describeAction } from '../runner/actions';
import { pythonScript, type ScriptStep } from '../runner/codegen';
import { translatePythonScript } from './python';

const step = (action: Action, description = describeAction(action)): ScriptStep => ({ description, action });

/** Tests as generation leaves them: our Python export of each must read back into the same actions. */
const EXPORTED_TESTS: {
  name: string;
  steps: ScriptStep[];
  parameters?: Record<string, string>;
  secrets?: string[];
}[] = [
  {
    name: 'Signs in as admin',
    parameters: { base_url: 'http://127.0.0.1:4100', email: 'ada@example.com' },
    secrets: ['admin_password'],
    steps: [
      step({ kind: 'goto', url: '{{base_url}}/login' }, 'Open the sign-in page'),
      step({ kind: 'fill', target: { locator: { by: 'label', text: 'Email' } }, value: '{{email}}' }),
      step({
        kind: 'fill',
        target: { locator: { by: 'label', text: 'Password', exact: true } },
        value: '{{admin_password}}',
      }),
      step({ kind: 'click', target: { locator: { by: 'role', role: 'button', name: 'Sign in' } } }),
      step({ kind: 'expect', assert: { type: 'url', value: '/dashboard', match: 'contains' } }),
      step({
        kind: 'expect',
        assert: {
          type: 'visible',
          target: { locator: { by: 'role', role: 'heading', name: 'Welcome, {{email}}' } },
        },
      }),
      step({ kind: 'expect', assert: { type: 'title', value: 'Dashboard "Acme"', match: 'equals' } }),
    ],
  },
  {
    name: 'Completes a todo',
    steps: [
      step({ kind: 'goto', url: 'http://127.0.0.1:4100/todos?filter=all&q=a b' }),
      step({
        kind: 'fill',
        target: { locator: { by: 'placeholder', text: 'What needs doing?' } },
        value: 'Pay rent\nand "bills" \\ \u00e9\u2028',
      }),
      step({
        kind: 'press',
        key: 'Enter',
        target: { locator: { by: 'placeholder', text: 'What needs doing?' } },
      }),
      step({
        kind: 'check',
        target: {
          locator: { by: 'role', role: 'checkbox' },
          within: { by: 'role', role: 'listitem' },
          withinText: 'Pay rent',
        },
      }),
      step({
        kind: 'expect',
        assert: { type: 'count', target: { locator: { by: 'role', role: 'listitem' } }, count: 3 },
      }),
      step({
        kind: 'click',
        target: {
          locator: { by: 'role', role: 'button', name: 'Delete' },
          within: { by: 'role', role: 'row' },
          withinHas: { by: 'role', role: 'cell' },
          withinNth: -1,
        },
      }),
      step({
        kind: 'hover',
        target: { locator: { by: 'role', role: 'row' }, has: { by: 'role', role: 'cell' }, nth: 0 },
      }),
      step({
        kind: 'click',
        target: { locator: { by: 'text', text: 'Done', exact: true }, visible: true, nth: -1 },
      }),
      step({ kind: 'click', target: { locator: { by: 'testId', testId: 'todo-title' } }, clickCount: 2 }),
      step({
        kind: 'click',
        target: { locator: { by: 'css', selector: 'ul > li:nth-child(2)' }, nth: 1 },
        button: 'right',
      }),
      step({ kind: 'uncheck', target: { locator: { by: 'label', text: 'Show done' } } }),
      step({ kind: 'select', target: { locator: { by: 'label', text: 'Sort by' } }, value: 'Due date' }),
      step({
        kind: 'expect',
        assert: {
          type: 'text',
          target: { locator: { by: 'css', selector: '#count' } },
          value: '2 left',
          negate: true,
        },
      }),
      step({
        kind: 'expect',
        assert: { type: 'value', target: { locator: { by: 'label', text: 'Sort by' } }, value: 'due' },
      }),
      step({
        kind: 'expect',
        assert: { type: 'checked', target: { locator: { by: 'label', text: 'Show done' } }, checked: false },
      }),
      step({
        kind: 'expect',
        assert: {
          type: 'enabled',
          target: { locator: { by: 'role', role: 'button', name: 'Save' } },
          enabled: false,
        },
      }),
      step({
        kind: 'expect',
        assert: { type: 'visible', target: { locator: { by: 'text', text: 'Saved' } }, negate: true },
      }),
    ],
  },
  {
    name: 'Browses the shop',
    steps: [
      step({ kind: 'goto', url: 'http://127.0.0.1:4100/shop' }),
      step({ kind: 'scroll', to: 'bottom' }),
      step({ kind: 'scroll', to: 'top' }),
      step({ kind: 'scroll', to: 'down' }),
      step({ kind: 'scroll', to: 'up' }),
      step({ kind: 'scrollTo', target: { locator: { by: 'role', role: 'link', name: 'Contact' } } }),
      step({ kind: 'wait', ms: 1500 }),
      step({ kind: 'waitForLoad' }),
      step({ kind: 'waitFor', target: { locator: { by: 'text', text: 'Loading' } }, state: 'hidden' }),
      step({
        kind: 'click',
        target: { locator: { by: 'role', role: 'button', name: 'Pay' }, frame: 'iframe#checkout' },
      }),
      step({ kind: 'type', value: '4242 4242' }),
      step({ kind: 'press', key: 'Tab' }),
      step({ kind: 'goBack' }),
      step({ kind: 'reload' }),
      step({ kind: 'expect', assert: { type: 'url', value: 'http://127.0.0.1:4100/shop', match: 'equals' } }),
      step({ kind: 'expect', assert: { type: 'title', value: 'Shop', match: 'contains' } }),
      step({
        kind: 'expect',
        assert: {
          type: 'enabled',
          target: { locator: { by: 'role', role: 'button', name: 'Buy' } },
          enabled: true,
        },
      }),
      step({
        kind: 'expect',
        assert: {
          type: 'checked',
          target: { locator: { by: 'role', role: 'checkbox' }, nth: 2 },
          checked: true,
        },
      }),
    ],
  },
];

describe('translatePythonScript', () => {
  it.each(EXPORTED_TESTS)('reads our own Python export of "$name" back into the same steps', (test) => {
    const script = pythonScript({
      name: test.name,
      steps: test.steps,
      parameters: test.parameters ?? {},
      secretNames: test.secrets ?? [],
    });
    const translation = translatePythonScript(script, { secretNames: test.secrets });
    if (!translation.ok) throw new Error(JSON.stringify(translation.errors, null, 2));
    expect(translation.steps.map((s) => s.action)).toEqual(test.steps.map((s) => s.action));
    // The export writes each description as a one-line comment above its step.
    expect(translation.steps.map((s) => s.description)).toEqual(
      test.steps.map((s) => s.description.replace(/\s+/g, ' ').trim()),
    );
    expect(translation.steps.map((s) => s.actionName)).toEqual(test.steps.map((s) => s.action.kind));
  });

  it('reads a hand-written script in the same dialect, describing steps in words', () => {
    const translation = translatePythonScript(
      [
        'import re',
        'from playwright.sync_api import Page, expect',
        '',
        '',
        'def run(page: Page):',
        '    """Signs in."""',
        "    page.goto('https://shop.example/{{path}}')",
        '    page.get_by_role("textbox", name="Email").fill(r"a\\d@example.com")',
        '    page.get_by_role("list").filter(has_text="Pay rent").get_by_role("button").first.click()',
        '    expect(page.get_by_text("Hello")).to_have_text("Hello, Ada")',
        '    expect(page).to_have_url(re.compile("dashboard"))',
        '    expect(page.get_by_role("alert")).not_to_be_visible()',
      ].join('\n'),
    );
    expect(translation).toEqual({
      ok: true,
      steps: [
        { description: 'Open https://shop.example/{{path}}', actionName: 'goto', action: expect.anything() },
        {
          description: 'Fill "Email" field with "a\\d@example.com"',
          actionName: 'fill',
          action: expect.anything(),
        },
        {
          description: 'Click first button in the list with "Pay rent"',
          actionName: 'click',
          action: {
            kind: 'click',
            target: {
              locator: { by: 'role', role: 'button' },
              within: { by: 'role', role: 'list' },
              withinText: 'Pay rent',
              nth: 0,
            },
          },
        },
        {
          description: 'Expect text "Hello" to contain "Hello, Ada"',
          actionName: 'expect',
          action: expect.anything(),
        },
        {
          description: 'Expect the URL to contain "dashboard"',
          actionName: 'expect',
          action: { kind: 'expect', assert: { type: 'url', value: 'dashboard', match: 'contains' } },
        },
        {
          description: 'Expect alert to be hidden',
          actionName: 'expect',
          action: expect.anything(),
        },
      ],
    });
  });

  // Each unsafe script, the line of the refusal, and what the refusal quotes.
  const UNSAFE: [string, string, number, string, RegExp][] = [
    [
      'an import of os.system',
      'import subprocess\npage.goto("https://a.example")',
      1,
      'import subprocess',
      /imported/,
    ],
    ['from-import of a module', 'from os import system\n', 1, 'from os import system', /imported/],
    [
      'a name of playwright not in the subset',
      'from playwright.sync_api import sync_playwright\n',
      1,
      'from playwright',
      /sync_playwright/,
    ],
    [
      'os.system',
      'import os\npage.goto("https://a.example")\nos.system("rm -rf /")',
      3,
      'os.system("rm -rf /")',
      /server/,
    ],
    ['eval', 'page.goto("https://a.example")\n\neval("1 + 1")', 3, 'eval("1 + 1")', /not allowed/],
    [
      'exec in a function',
      'def run(page):\n    page.goto("https://a.example")\n    exec("x = 1")',
      3,
      'exec("x = 1")',
      /not allowed/,
    ],
    [
      '__import__',
      'page.goto("https://a.example")\n__import__("os").system("id")',
      2,
      '__import__("os")',
      /not allowed/,
    ],
    ['open', 'page.goto(open("/etc/passwd").read())', 1, 'open("/etc/passwd")', /text value/],
    [
      'page.evaluate',
      'page.goto("https://a.example")\npage.evaluate("fetch(\'/x\')")',
      2,
      'page.evaluate',
      /JavaScript/,
    ],
    ['page.route', 'page.route("**/*", lambda route: route.abort())', 1, 'page.route', /subset/],
    [
      'set_input_files',
      'page.get_by_label("File").set_input_files("/etc/passwd")',
      1,
      'page.get_by_label("File").set_input_files',
      /not a supported action/,
    ],
    [
      'a loop',
      'def run(page):\n    for i in range(3):\n        page.reload()',
      2,
      'for i in range(3):',
      /Loops/,
    ],
    ['a while loop', 'while True:\n    page.reload()', 1, 'while True:', /Loops/],
    ['a variable', 'x = "a"\npage.goto(x)', 1, 'x = "a"', /Variables/],
    [
      'attribute access outside page',
      'page.goto("a")\npage.context.browser.close()',
      2,
      'page.context.browser.close()',
      /subset/,
    ],
    ['an f-string', 'page.goto(f"https://{host}/")', 1, 'f"https://{host}/"', /f-strings/],
    [
      'an unknown keyword',
      'page.get_by_role("button").click(force=True)',
      1,
      'page.get_by_role("button").click(force=True)',
      /force=/,
    ],
    [
      'a decorator',
      '@pytest.fixture\ndef browser_context_args():\n    return {}',
      1,
      '@pytest.fixture',
      /Decorators/,
    ],
    [
      'a locator without an action',
      'page.get_by_role("button", name="Save")',
      1,
      'page.get_by_role',
      /does nothing/,
    ],
    [
      'a timeout option',
      'expect(page.get_by_text("Hi")).to_be_visible(timeout=100)',
      1,
      'to_be_visible',
      /timeout=/,
    ],
    ['a class', 'class A:\n    pass', 1, 'class A:', /Classes/],
    ['invalid Python', 'page.goto("a"\n', 2, '', /not valid Python/],
    [
      'a changed secret helper',
      'import os\ndef secret(name: str) -> str:\n    return os.popen(name).read()',
      2,
      'def secret',
      /exactly/,
    ],
    [
      'a changed shown helper',
      'import os\ndef shown(locator):\n    os.system("x")\n    return locator',
      2,
      'def shown',
      /exactly/,
    ],
  ];

  it.each(UNSAFE)('refuses %s, naming the line and the call', (_what, script, line, code, reason) => {
    const translation = translatePythonScript(script);
    expect(translation.ok).toBe(false);
    if (translation.ok) return;
    expect(translation.errors[0]).toEqual({
      line,
      column: expect.any(Number),
      code: expect.stringContaining(code),
      reason: expect.stringMatching(reason),
    });
  });

  it('reports every refusal of a script, not only the first', () => {
    const translation = translatePythonScript(
      ['import sys', 'page.goto("https://a.example")', 'page.evaluate("1")', 'sys.exit(1)'].join('\n'),
    );
    expect(translation.ok ? [] : translation.errors.map((error) => [error.line, error.column])).toEqual([
      [1, 1],
      [3, 1],
      [4, 1],
    ]);
  });

  it('refuses a script without a single step', () => {
    expect(translatePythonScript('# nothing here\nimport re\n')).toEqual({
      ok: false,
      errors: [{ line: 1, column: 1, code: '', reason: 'The script has no Playwright steps' }],
    });
  });
});
