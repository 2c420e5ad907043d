import { type Action } from './actions';
import { actionCode, isOnSite, moduleFunctionName, siteAddress, stepCode } from './codegen';
import { typescriptProject } from './projects';

describe('moduleFunctionName', () => {
  it.each([
    ['Sign in as admin', 'signInAsAdmin', 'sign_in_as_admin'],
    ['  Log-in (v2)! ', 'logInV2', 'log_in_v2'],
    ['2FA setup', 'module2faSetup', 'module_2fa_setup'],
    ['Café', 'cafe', 'cafe'],
    ['!!!', 'module', 'module'],
  ])('names the function of %j %s in TypeScript and %s in Python', (name, ts, py) => {
    expect(moduleFunctionName(name, 'typescript')).toBe(ts);
    expect(moduleFunctionName(name, 'python')).toBe(py);
  });

  it('writes a module call as a call of that function', () => {
    const call: Action = { kind: 'module', moduleId: 'm1', name: 'Sign in as admin' };
    expect(actionCode(call, 'typescript')).toBe('await signInAsAdmin(page);');
    expect(actionCode(call, 'python')).toBe('sign_in_as_admin(page)');
  });
});

describe("a test's opening step after its setup module (issue 28)", () => {
  it.each([
    ['http://h:1/todo/', 'http://h:1/todo/'],
    ['http://h:1/todo', 'http://h:1/todo/'],
    ['http://h:1/todo/index.html', 'http://h:1/todo/'],
    ['http://H:1/shop/cart.html?x=1', 'http://h:1/shop/cart.html'],
    ['http://h:1', 'http://h:1/'],
    ['http://h:1/{{path}}/', null],
    ['about:blank', null],
  ])('takes %j to be on the site %j', (url, site) => {
    expect(siteAddress(url)).toBe(site);
  });

  it('keeps a page within the site and opens one in another folder or origin', () => {
    expect(isOnSite('http://h:1/todo/#/active', 'http://h:1/todo/')).toBe(true);
    expect(isOnSite('http://h:1/todo/index.html', 'http://h:1/todo/index.html')).toBe(true);
    expect(isOnSite('http://h:1/tasks/', 'http://h:1/todo/')).toBe(false);
    expect(isOnSite('http://h:2/todo/', 'http://h:1/todo/')).toBe(false);
    expect(isOnSite('about:blank', 'http://h:1/todo/')).toBe(false);
  });

  it('writes the same decision into the exported code, in TypeScript and Python', () => {
    const open = {
      description: 'Open the site',
      action: { kind: 'goto', url: 'http://h:1/todo/' } as Action,
    };
    expect(stepCode(open, 'typescript')).toBe("await page.goto('http://h:1/todo/');");
    expect(stepCode({ ...open, continuesSetup: true }, 'typescript').split('\n')[1]).toBe(
      "if (!page.url().startsWith('http://h:1/todo/')) await page.goto('http://h:1/todo/');",
    );
    expect(
      stepCode({ ...open, continuesSetup: true }, 'python')
        .split('\n')
        .slice(1),
    ).toEqual(['if not page.url.startswith("http://h:1/todo/"):', '    page.goto("http://h:1/todo/")']);
  });
});

describe('typescriptProject', () => {
  const signIn = {
    name: 'Sign in',
    steps: [
      { description: 'Open the page', action: { kind: 'goto', url: 'http://127.0.0.1:1/' } as Action },
      {
        description: 'Fill the password',
        action: {
          kind: 'fill',
          target: { locator: { by: 'label', text: 'Password' } },
          value: '{{password}}',
        } as Action,
      },
    ],
    parameters: { password: 'pw' },
  };
  const base = {
    name: 'Greets',
    steps: [{ description: 'Open the page', action: { kind: 'goto', url: 'http://127.0.0.1:1/' } as Action }],
    parameters: {},
    secretNames: [],
  };

  it('adds a setup project the tests depend on and start from when the test has a setup module', () => {
    const files = typescriptProject({ ...base, setup: signIn, modules: [signIn] }, 'greets.spec.ts');
    expect(files.map((file) => file.path)).toEqual([
      'playwright.config.ts',
      'modules.ts',
      'auth.setup.ts',
      'greets.spec.ts',
    ]);
    const [config, modules, setup] = files.map((file) => file.content);
    expect(config).toContain("{ name: 'setup', testMatch: /.*\\.setup\\.ts/ },");
    expect(config).toContain("dependencies: ['setup'],");
    // A field is filled as a run fills it: shown first when it shows only on hover (issue 28).
    expect(modules).toContain("import { type Locator, type Page } from '@playwright/test';");
    expect(modules).toContain("  password: process.env.PARAM_PASSWORD ?? 'pw',");
    expect(modules).toContain('async function shown(locator: Locator): Promise<Locator> {');
    expect(modules).toContain("  await (await shown(page.getByLabel('Password'))).fill(params.password);");
    expect(setup).toContain("setup('Sign in', async ({ page }) => {");
  });

  it('has no setup project when the steps only call modules, and imports what they call', () => {
    const steps = [
      ...base.steps,
      { description: 'Sign in', action: { kind: 'module', moduleId: 'm1', name: 'Sign in' } as Action },
    ];
    const files = typescriptProject({ ...base, steps, setup: null, modules: [signIn] }, 'greets.spec.ts');
    expect(files.map((file) => file.path)).toEqual(['playwright.config.ts', 'modules.ts', 'greets.spec.ts']);
    expect(files[0].content).not.toContain('dependencies');
    expect(files[2].content.split('\n').slice(0, 2)).toEqual([
      "import { test, expect } from '@playwright/test';",
      "import { signIn } from './modules';",
    ]);
  });
});
