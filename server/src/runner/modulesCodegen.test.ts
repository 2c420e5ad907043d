import { type Action } from './actions';
import { actionCode, moduleFunctionName } from './codegen';
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
    expect(modules).toContain("import { type Page } from '@playwright/test';");
    expect(modules).toContain("  password: process.env.PARAM_PASSWORD ?? 'pw',");
    expect(modules).toContain("  await page.getByLabel('Password').fill(params.password);");
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
