import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import {
  parsePrompt,
  loadAllPrompts,
  parseStep,
  planSteps,
  withStartPage,
  parsePythonStatement,
  PromptError,
} from '../src/agents';
import {
  envName,
  pythonScript,
  typescriptScript,
  actionCode,
  type Action,
  maskSecrets,
  substitute,
} from '../src/runner';
import { readZip, writeZip } from '../src/lib/zip';
import { UrlSigner } from '../src/storage';
import { ConfigError, loadConfig } from '../src/config';
import { truncateActionName } from '../../contract/generation';

const SITE = 'http://127.0.0.1:4400/login/';

function intent(sentence: string) {
  const result = parseStep(sentence, SITE);
  if (!result.ok) throw new Error(`"${sentence}" was not understood: ${result.hint}`);
  return result.intent;
}

describe('the rules grammar', () => {
  it.each([
    ['Go to https://example.com/a.html', { kind: 'goto', url: 'https://example.com/a.html' }],
    ['Open the home page', { kind: 'goto', url: SITE }],
    ['Navigate to /shop/cart.html', { kind: 'goto', url: 'http://127.0.0.1:4400/shop/cart.html' }],
    [
      'Open the cart page',
      { kind: 'click', target: { kind: 'phrase', phrase: { text: 'cart', role: 'link' } } },
    ],
    ['Go back', { kind: 'goBack' }],
    ['Refresh the page', { kind: 'reload' }],
    [
      'Click the Sign in button',
      { kind: 'click', target: { kind: 'phrase', phrase: { text: 'Sign in', role: 'button' } } },
    ],
    [
      'Tap on "Checkout"',
      { kind: 'click', target: { kind: 'phrase', phrase: { text: 'Checkout', exact: true } } },
    ],
    [
      'Click the second "Add to cart" button',
      {
        kind: 'click',
        target: { kind: 'phrase', phrase: { text: 'Add to cart', role: 'button', exact: true, ordinal: 2 } },
      },
    ],
    [
      'Click the last link',
      { kind: 'click', target: { kind: 'phrase', phrase: { text: '', role: 'link', ordinal: -1 } } },
    ],
    [
      'Double-click "Buy milk"',
      { kind: 'click', clickCount: 2, target: { kind: 'phrase', phrase: { text: 'Buy milk', exact: true } } },
    ],
    [
      'Type "ada@example.com" into the Email field',
      {
        kind: 'fill',
        value: 'ada@example.com',
        target: { kind: 'phrase', phrase: { text: 'Email', role: 'textbox' } },
      },
    ],
    [
      'Enter {{email}} in the email field',
      {
        kind: 'fill',
        value: '{{email}}',
        target: { kind: 'phrase', phrase: { text: 'email', role: 'textbox' } },
      },
    ],
    [
      'Fill in the Password field with {{ password }}',
      {
        kind: 'fill',
        value: '{{password}}',
        target: { kind: 'phrase', phrase: { text: 'Password', role: 'textbox' } },
      },
    ],
    [
      'Type hello into the search box',
      {
        kind: 'fill',
        value: 'hello',
        target: { kind: 'phrase', phrase: { text: 'search', role: 'searchbox' } },
      },
    ],
    [
      'Select "Canada" from the Country dropdown',
      {
        kind: 'select',
        value: 'Canada',
        target: { kind: 'phrase', phrase: { text: 'Country', role: 'combobox' } },
      },
    ],
    [
      'Check the "Remember me" checkbox',
      {
        kind: 'check',
        target: { kind: 'phrase', phrase: { text: 'Remember me', role: 'checkbox', exact: true } },
      },
    ],
    ['Uncheck Remember me', { kind: 'uncheck', target: { kind: 'phrase', phrase: { text: 'Remember me' } } }],
    [
      'Mark "Buy milk" as done',
      { kind: 'check', target: { kind: 'phrase', phrase: { text: 'Buy milk', exact: true } } },
    ],
    [
      'Hover over the Cart link',
      { kind: 'hover', target: { kind: 'phrase', phrase: { text: 'Cart', role: 'link' } } },
    ],
    ['Press Enter', { kind: 'press', key: 'Enter' }],
    [
      'Press Ctrl+A in the Email field',
      {
        kind: 'press',
        key: 'Control+a',
        target: { kind: 'phrase', phrase: { text: 'Email', role: 'textbox' } },
      },
    ],
    ['Press the Escape key', { kind: 'press', key: 'Escape' }],
    ['Wait 2 seconds', { kind: 'wait', ms: 2000 }],
    [
      'Wait for "Saved" to appear',
      { kind: 'waitFor', state: 'visible', target: { kind: 'text', text: 'Saved' } },
    ],
    ['Scroll to the bottom of the page', { kind: 'scroll', to: 'bottom' }],
    ['Scroll down', { kind: 'scroll', to: 'down' }],
    [
      'Add "Brass desk lamp" to the cart',
      {
        kind: 'click',
        target: {
          kind: 'phrase',
          phrase: { text: 'add to cart', role: 'button', context: 'Brass desk lamp' },
        },
      },
    ],
    ['Submit the form', { kind: 'click', target: { kind: 'phrase', phrase: { text: '', submit: true } } }],
  ])('reads %j', (sentence, expected) => {
    expect(intent(sentence)).toEqual(expected);
  });

  it.each([
    [
      'Verify the page shows "Welcome, Ada Lovelace"',
      { type: 'visible', target: { kind: 'text', text: 'Welcome, Ada Lovelace' } },
    ],
    [
      'I should see "Incorrect email or password."',
      { type: 'visible', target: { kind: 'text', text: 'Incorrect email or password.' } },
    ],
    [
      'The page should not show "Error"',
      { type: 'visible', negate: true, target: { kind: 'text', text: 'Error' } },
    ],
    [
      'Verify "Nothing to do yet." is not visible',
      { type: 'visible', negate: true, target: { kind: 'text', text: 'Nothing to do yet.' } },
    ],
    [
      'Verify the Email field has the value "ada@example.com"',
      {
        type: 'value',
        value: 'ada@example.com',
        target: { kind: 'phrase', phrase: { text: 'Email', role: 'textbox' } },
      },
    ],
    [
      'Verify the "Remember me" checkbox is checked',
      {
        type: 'checked',
        checked: true,
        target: { kind: 'phrase', phrase: { text: 'Remember me', role: 'checkbox', exact: true } },
      },
    ],
    [
      'Verify "Buy milk" is not checked',
      {
        type: 'checked',
        checked: false,
        target: { kind: 'phrase', phrase: { text: 'Buy milk', exact: true } },
      },
    ],
    [
      'Verify there are 3 todo items',
      { type: 'count', count: 3, target: { kind: 'phrase', phrase: { text: 'todo items' } } },
    ],
    [
      'There should be no products',
      { type: 'count', count: 0, target: { kind: 'phrase', phrase: { text: 'products' } } },
    ],
    [
      'Verify the URL contains "/dashboard.html"',
      { type: 'url', value: '/dashboard.html', match: 'contains' },
    ],
    [
      'Verify the title is "Dashboard · Acme Portal"',
      { type: 'title', value: 'Dashboard · Acme Portal', match: 'equals' },
    ],
    ['Check that the title contains "Sign in"', { type: 'title', value: 'Sign in', match: 'contains' }],
    ['Verify I am on the dashboard', { type: 'onPage', name: 'dashboard' }],
    [
      'Verify the total is "$54.00"',
      { type: 'text', value: '$54.00', target: { kind: 'phrase', phrase: { text: 'total' } } },
    ],
    [
      'Verify the Place order button is disabled',
      {
        type: 'enabled',
        enabled: false,
        target: { kind: 'phrase', phrase: { text: 'Place order', role: 'button' } },
      },
    ],
  ])('reads the check %j', (sentence, expected) => {
    expect(intent(sentence)).toEqual({ kind: 'expect', assert: expected });
  });

  it.each([
    ['Make sure everything works', 'Say what must be true'],
    ['Test the login page', 'Write one action per sentence'],
    ['Click it', 'Name the button or link to click'],
    ['Type into the Email field', 'Say what to type, in quotes'],
    ['Buy something nice', 'Write one action per sentence'],
  ])('explains how to phrase %j', (sentence, hint) => {
    const result = parseStep(sentence, SITE);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.hint).toContain(hint);
  });
});

describe('the rules planner', () => {
  it('splits sentences, list items and "and then" without splitting quoted text', () => {
    expect(
      planSteps(
        '<ol><li>Sign in as "ada@example.com" with password {{password}}.</li><li>Verify the page shows "Incorrect email or password." Click Sign out, then open the cart and verify the total is "$1.00".</li></ol>',
      ),
    ).toEqual([
      'Type "ada@example.com" into the email or username field',
      'Type {{password}} into the password field',
      'Click the sign in or log in button',
      'Verify the page shows "Incorrect email or password."',
      'Click Sign out',
      'Open the cart',
      'Verify the total is "$1.00"',
    ]);
  });

  it('opens the website first unless the plan opens a page itself', () => {
    expect(withStartPage(['Click Sign in'], SITE)).toEqual([`Open ${SITE}`, 'Click Sign in']);
    expect(withStartPage(['Go to https://example.com'], SITE)).toEqual(['Go to https://example.com']);
  });
});

describe('code generation', () => {
  const steps: { description: string; action: Action }[] = [
    { description: 'Open the site', action: { kind: 'goto', url: 'http://127.0.0.1:4400/login/' } },
    {
      description: "Type the user's email",
      action: {
        kind: 'fill',
        target: { locator: { by: 'label', text: 'Email', exact: true } },
        value: '{{email}}',
      },
    },
    {
      description: 'Type the password',
      action: {
        kind: 'fill',
        target: { locator: { by: 'role', role: 'textbox', name: 'Password', exact: true } },
        value: 'pw:{{password}}',
      },
    },
    {
      description: 'Check the URL',
      action: { kind: 'expect', assert: { type: 'url', value: 'dashboard.html', match: 'contains' } },
    },
    {
      description: 'It\'s "quoted"',
      action: {
        kind: 'expect',
        assert: {
          type: 'visible',
          target: { locator: { by: 'text', text: 'It\'s "quoted"\n' }, visible: true, nth: 0 },
        },
      },
    },
    {
      description: 'Count',
      action: {
        kind: 'expect',
        assert: {
          type: 'count',
          count: 2,
          target: {
            within: { by: 'role', role: 'list', name: 'Todo list' },
            locator: { by: 'role', role: 'listitem' },
          },
        },
      },
    },
  ];
  const spec = {
    name: "Ada's sign-in",
    steps,
    parameters: { email: 'ada@example.com' },
    secretNames: ['password'],
    viewport: { width: 1280, height: 720 },
  };

  it('writes one comment per step, parameters from the environment and secrets never inlined', () => {
    const ts = typescriptScript(spec);
    expect(ts).toContain("  email: process.env.PARAM_EMAIL ?? 'ada@example.com',");
    // Through shown(), as a run shows a field hidden until hovered (issue 28).
    expect(ts).toContain(
      "await (await shown(page.getByRole('textbox', { name: 'Password', exact: true }))).fill('pw:' + secret('SECRET_PASSWORD'));",
    );
    expect(ts).toContain('await expect(page).toHaveURL(/dashboard\\.html/);');
    expect(ts).toContain(
      "await expect(page.getByRole('list', { name: 'Todo list' }).getByRole('listitem')).toHaveCount(2);",
    );
    expect(ts.match(/^ {2}\/\/ \d+\. /gm)).toHaveLength(steps.length);
    const py = pythonScript(spec);
    expect(py).toContain('"email": os.environ.get("PARAM_EMAIL", "ada@example.com"),');
    expect(py).toContain('page.get_by_text("It\'s \\"quoted\\"\\n").filter(visible=True).nth(0)');
    expect(py).toContain('expect(page).to_have_url(re.compile(re.escape("dashboard.html")))');
  });

  it('writes TypeScript that compiles and Python that compiles', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-codegen-'));
    try {
      fs.writeFileSync(path.join(dir, 'test_generated.py'), pythonScript(spec));
      execFileSync('python3', ['-m', 'py_compile', path.join(dir, 'test_generated.py')]);
      fs.writeFileSync(path.join(dir, 'generated.spec.ts'), typescriptScript(spec));
      const output = ts.transpileModule(fs.readFileSync(path.join(dir, 'generated.spec.ts'), 'utf8'), {
        reportDiagnostics: true,
        compilerOptions: { module: ts.ModuleKind.CommonJS },
      });
      expect(output.diagnostics ?? []).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names environment variables safely', () => {
    expect(envName('PARAM', 'email')).toBe('PARAM_EMAIL');
    expect(envName('SECRET', 'clé')).toMatch(/^SECRET_CL__[0-9A-F]{6}$/);
    expect(actionCode({ kind: 'press', key: 'Enter' }, 'python')).toBe('page.keyboard.press("Enter")');
  });

  it('cuts action names at 100 characters with an ellipsis unless they end with a dot', () => {
    expect(truncateActionName('a'.repeat(100))).toBe('a'.repeat(100));
    expect(truncateActionName('a'.repeat(120))).toBe(`${'a'.repeat(100)}...`);
    expect(truncateActionName(`${'a'.repeat(120)}.`)).toBe(`${'a'.repeat(120)}.`);
  });
});

describe('values', () => {
  it('substitutes at run time, refuses unknown names and masks secrets', () => {
    const values = { parameters: { user: 'ada' }, secrets: { password: 's3cr"et' } };
    expect(substitute('{{user}}:{{password}}', values)).toBe('ada:s3cr"et');
    expect(() => substitute('{{nope}}', values)).toThrow('{{nope}} is not a variable or secret of this test');
    expect(maskSecrets('{"value":"s3cr\\"et"} and s3cr"et', ['s3cr"et'])).toBe(
      '{"value":"••••••"} and ••••••',
    );
  });
});

describe('Python statements given as feedback', () => {
  it('become actions, and anything else is refused', () => {
    expect(parsePythonStatement('page.get_by_role("button", name="Sign in", exact=True).click()')).toEqual({
      kind: 'click',
      target: { locator: { by: 'role', role: 'button', name: 'Sign in', exact: true } },
    });
    expect(parsePythonStatement("expect(page.get_by_test_id('total')).to_have_text('$5.00')")).toEqual({
      kind: 'expect',
      assert: { type: 'text', value: '$5.00', target: { locator: { by: 'testId', testId: 'total' } } },
    });
    expect(parsePythonStatement('expect(page).to_have_url(re.compile(r"dashboard\\.html"))')).toEqual({
      kind: 'expect',
      assert: { type: 'url', value: 'dashboard.html', match: 'contains' },
    });
    expect(parsePythonStatement('page.get_by_label("Email").first.fill("x")')).toMatchObject({
      kind: 'fill',
      target: { nth: 0 },
    });
    expect(() => parsePythonStatement('__import__("os").system("id")')).toThrow(
      'Statements start with page or expect',
    );
    expect(() => parsePythonStatement('page.evaluate("alert(1)")')).toThrow(
      'page.evaluate is not understood',
    );
  });
});

describe("agents' prompts", () => {
  it('load with their front matter and examples', () => {
    const prompts = loadAllPrompts(path.resolve(__dirname, '../src/agents'));
    expect(Object.keys(prompts)).toEqual(['planner', 'coder', 'verifier']);
    expect(prompts.coder).toMatchObject({
      name: 'coder',
      model: 'inherit',
      tools: ['runner/candidates', 'runner/execute'],
    });
    expect(prompts.planner.examples.length).toBeGreaterThan(0);
  });

  it.each([
    ['no header', 'Just text', 'Prompt file must start with a YAML header between --- lines'],
    [
      'no name',
      '---\ndescription: d\nmodel: inherit\ntools: []\n---\nDo.\n<example>x</example>',
      'YAML header must contain a "name" field',
    ],
    [
      'no tools',
      '---\nname: coder\ndescription: d\nmodel: inherit\n---\nDo.\n<example>x</example>',
      'YAML header must contain a "tools" field',
    ],
    [
      'tools not a list',
      '---\nname: coder\ndescription: d\nmodel: inherit\ntools: all\n---\nDo.\n<example>x</example>',
      'YAML header field "tools" must be a list',
    ],
    [
      'another agent',
      '---\nname: planner\ndescription: d\nmodel: inherit\ntools: []\n---\nDo.\n<example>x</example>',
      'YAML header field "name" must be "coder" (got "planner")',
    ],
    [
      'no example',
      '---\nname: coder\ndescription: d\nmodel: inherit\ntools: []\n---\nDo.',
      'Prompt must contain at least one <example> block',
    ],
    [
      'open example',
      '---\nname: coder\ndescription: d\nmodel: inherit\ntools: []\n---\nDo.\n<example>x',
      'Every <example> block must be closed with </example>',
    ],
  ])('refuse a prompt with %s', (_case, text, message) => {
    expect(() => parsePrompt(text, 'coder')).toThrow(new PromptError(message));
  });
});

describe('artifact links and traces', () => {
  it('sign links that expire and cannot be altered', () => {
    const signer = new UrlSigner('a'.repeat(32), 60);
    const now = Date.UTC(2030, 0, 1);
    const { url, expiresAt } = signer.sign('k', now);
    const query = new URL(url, 'http://x').searchParams;
    expect(expiresAt.getTime()).toBe(now + 60_000);
    expect(signer.verify('k', query.get('expires')!, query.get('signature')!, now)).toBe('ok');
    expect(signer.verify('k', query.get('expires')!, query.get('signature')!, now + 61_000)).toBe('expired');
    expect(signer.verify('other', query.get('expires')!, query.get('signature')!, now)).toBe('invalid');
    expect(
      new UrlSigner('b'.repeat(32), 60).verify('k', query.get('expires')!, query.get('signature')!, now),
    ).toBe('invalid');
  });

  it('rewrite zips entry for entry', () => {
    const entries = [
      { name: 'trace.trace', data: Buffer.from('{"a":1}\n') },
      { name: 'screencast/a.jpeg', data: Buffer.from([0xff, 0xd8, 1, 2, 3]) },
    ];
    expect(readZip(writeZip(entries))).toEqual(entries);
  });
});

describe('generation settings', () => {
  it('default to the offline rules, a local browser and artifacts under the data folder', () => {
    const { generation } = loadConfig({ DATA_DIR: '/srv/plainwright' });
    expect(generation).toMatchObject({
      aiProvider: 'rules',
      browserWsEndpoint: null,
      stepTimeoutMs: 10000,
      artifactsDir: '/srv/plainwright/artifacts',
      artifactUrlTtlSeconds: 900,
      watchTimeoutMs: 540_000,
      traceScreencast: false,
      autoHeal: true,
    });
  });

  it('list every bad value at once', () => {
    let caught: unknown;
    try {
      loadConfig({
        AI_PROVIDER: 'skynet',
        BROWSER_WS_ENDPOINT: 'http://not-a-socket',
        AI_PRICE_INPUT: '-1',
        GENERATION_HEARTBEAT_MS: '10000',
        GENERATION_STALE_MS: '20000',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems).toEqual(
      expect.arrayContaining([
        'AI_PROVIDER must be rules, openai or anthropic (got "skynet")',
        'AI_PRICE_INPUT must be a number of US dollars per million tokens, 0 or more (got "-1")',
        'GENERATION_STALE_MS must be at least three times GENERATION_HEARTBEAT_MS',
        'BROWSER_WS_ENDPOINT must be a ws or wss URL (got "http://not-a-socket")',
      ]),
    );
    expect(() => loadConfig({ AI_PROVIDER: 'anthropic' })).toThrow(
      'AI_API_KEY is required with AI_PROVIDER=anthropic',
    );
  });
});
