import fs from 'node:fs';
import {
  actionCode,
  envName,
  IDENTIFIER,
  indented,
  moduleFunctionName,
  oneLine,
  pyString,
  pythonScript,
  revealHelper,
  type ScriptSpec,
  type ScriptStep,
  tsString,
  typescriptScript,
} from './codegen';

// Exports that are several files (issues 13 and 15). A test that uses modules is a Playwright project:
// its modules become functions in modules.ts; a browser state's module runs in a `setup` project that
// saves the browser's storage state, which the tests start from (Playwright's authentication pattern:
// dependencies + storageState), as a run starts from a saved state. A setup module without a state is
// called as the test's first step, in its own page, as a run does (issue 28). A collection is a whole
// project a team runs in its own CI: package.json, a config with Chromium, Firefox and WebKit
// projects, one spec per test, one setup per browser state's module.

/** A module as exported: its steps (module calls kept as calls) and its variables. */
export interface ModuleScript {
  name: string;
  steps: ScriptStep[];
  parameters: Record<string, string>;
}

export interface ProjectSpec extends ScriptSpec {
  /**
   * The module of the test's browser state, which the setup project runs; the test starts from the
   * state it saves. (A setup module without a state is a module call among `steps`.)
   */
  setup: ModuleScript | null;
  /** Every module the steps (or other modules) call, the setup's included. */
  modules: ModuleScript[];
}

export interface ProjectFile {
  path: string;
  content: string;
}

/** 'Pay by card!' → 'pay-by-card': the name of a file made from a test's or a module's name. */
export function fileSlug(name: string, fallback = 'test'): string {
  const words =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? [];
  return words.join('-').slice(0, 80).replace(/-+$/, '') || fallback;
}

/** 'Pay by card!' → 'test_pay_by_card.py', the file pytest collects. */
export function pythonTestFileName(name: string): string {
  return `test_${fileSlug(name, 'generated').replace(/-/g, '_')}.py`;
}

/** The version of @playwright/test the exported project pins: the one the runner generated against. */
const PLAYWRIGHT_VERSION: string = (() => {
  try {
    const file = require.resolve('@playwright/test/package.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return '1.65.1';
  }
})();

// ── One test ─────────────────────────────────────────────────────────────────────────────────────

/** The files of a test's project: playwright.config.ts, modules.ts, auth.setup.ts and the spec. */
export function typescriptProject(spec: ProjectSpec, specFileName: string): ProjectFile[] {
  const stateFile = "path.join(__dirname, '.auth', 'state.json')";
  const files: ProjectFile[] = [
    {
      path: 'playwright.config.ts',
      content: [
        "import path from 'node:path';",
        "import { defineConfig } from '@playwright/test';",
        '',
        'export default defineConfig({',
        "  testDir: '.',",
        '  projects: [',
        ...(spec.setup
          ? [
              "    // Runs the setup module once and saves the browser's storage state (cookies, local storage).",
              "    { name: 'setup', testMatch: /.*\\.setup\\.ts/ },",
              '    {',
              "      name: 'tests',",
              '      testMatch: /.*\\.spec\\.ts/,',
              "      dependencies: ['setup'],",
              `      use: { storageState: ${stateFile} },`,
              '    },',
            ]
          : ["    { name: 'tests', testMatch: /.*\\.spec\\.ts/ },"]),
        '  ],',
        '});',
        '',
      ].join('\n'),
    },
    { path: 'modules.ts', content: modulesFile(spec.modules, spec.secretNames) },
  ];
  if (spec.setup)
    files.push({ path: 'auth.setup.ts', content: setupFile(spec.setup, './modules', stateFile) });
  files.push({ path: specFileName, content: specFile(spec, './modules', null) });
  return files;
}

// ── A collection ─────────────────────────────────────────────────────────────────────────────────

export interface CollectionExport {
  name: string;
  tests: ProjectSpec[];
  /** Tests left out, and why (not generated yet, a module that cannot be read). */
  skipped: { name: string; reason: string }[];
  /**
   * The project's environments (issue 33), the default first: the config's baseURL is the default's
   * origin, and each one is a project of its own. The tests' pages on their own websites are relative.
   */
  environments?: ExportEnvironment[];
}

export interface ExportEnvironment {
  name: string;
  /** The environment's origin (https://staging.shop.example). */
  origin: string;
}

/**
 * A URL on the origin of `website` as a path relative to the config's baseURL ('/app/cart?x=1'), kept as
 * written (a {{reference}} stays substitutable); any other URL as it is.
 */
export function onBaseUrl(url: string, website: string): string {
  try {
    const from = new URL(url);
    if (from.origin !== new URL(website).origin) return url;
    const rest = url.slice(from.origin.length);
    const asWritten =
      url.slice(0, from.origin.length).toLowerCase() === from.origin && /^(?:[/?#]|$)/.test(rest);
    return (asWritten ? rest : `${from.pathname}${from.search}${from.hash}`) || '/';
  } catch {
    return url;
  }
}

/**
 * The collection as a Playwright Test project: package.json, playwright.config.ts (setup, chromium,
 * firefox, webkit), modules.ts, setup/<module>.setup.ts for each setup module, tests/<test>.spec.ts,
 * a .gitignore and a README that says how to run it and which environment variables it reads.
 */
export function collectionProject(collection: CollectionExport): ProjectFile[] {
  const setups = new Map<string, { file: string; module: ModuleScript }>();
  const modules = new Map<string, ModuleScript>();
  const specNames = new Set<string>();
  const specs: { file: string; spec: ProjectSpec; setupFile: string | null }[] = [];
  for (const spec of collection.tests) {
    for (const module of spec.modules) modules.set(moduleFunctionName(module.name, 'typescript'), module);
    let setupFile: string | null = null;
    if (spec.setup) {
      const key = moduleFunctionName(spec.setup.name, 'typescript');
      const known = setups.get(key);
      setupFile =
        known?.file ??
        unique(fileSlug(spec.setup.name, 'setup'), new Set([...setups.values()].map((s) => s.file)));
      if (!known) setups.set(key, { file: setupFile, module: spec.setup });
    }
    const file = unique(fileSlug(spec.name), specNames);
    specNames.add(file);
    specs.push({ file, spec, setupFile });
  }

  const files: ProjectFile[] = [];
  const slug = fileSlug(collection.name, 'collection');
  files.push({
    path: 'package.json',
    content: `${JSON.stringify(
      {
        name: `${slug}-playwright`,
        private: true,
        description: `The Plainwright collection "${oneLine(collection.name)}" as Playwright tests.`,
        scripts: { test: 'playwright test', 'test:chromium': 'playwright test --project=chromium' },
        devDependencies: { '@playwright/test': PLAYWRIGHT_VERSION },
      },
      null,
      2,
    )}\n`,
  });
  const dependencies = setups.size > 0 ? ", dependencies: ['setup']" : '';
  const browser = (name: string, device: string) =>
    `    { name: '${name}', testMatch: /tests\\/.*\\.spec\\.ts/, use: { ...devices['${device}'] }${dependencies} },`;
  const environments = environmentProjects(collection.environments ?? []);
  const baseURL = environments[0]
    ? `, baseURL: process.env.BASE_URL ?? ${tsString(environments[0].origin)}`
    : '';
  files.push({
    path: 'playwright.config.ts',
    content: [
      "import { defineConfig, devices } from '@playwright/test';",
      '',
      `// The Plainwright collection ${tsString(oneLine(collection.name))}: every test in Chromium, Firefox and WebKit.`,
      '// `npx playwright test --project=chromium` runs one browser (its setup runs first by itself).',
      'export default defineConfig({',
      "  testDir: '.',",
      '  fullyParallel: true,',
      '  forbidOnly: Boolean(process.env.CI),',
      // NOTE: no retries: a test that passes on a second try is a test that failed.
      '  retries: 0,',
      "  reporter: process.env.CI ? [['list'], ['junit', { outputFile: 'results.xml' }]] : 'list',",
      `  use: { trace: 'retain-on-failure'${baseURL} },`,
      '  projects: [',
      ...(setups.size > 0
        ? [
            "    // Each setup module runs once and saves the browser's storage state for the tests that start from it.",
            "    { name: 'setup', testMatch: /setup\\/.*\\.setup\\.ts/ },",
          ]
        : []),
      browser('chromium', 'Desktop Chrome'),
      browser('firefox', 'Desktop Firefox'),
      browser('webkit', 'Desktop Safari'),
      ...(environments.length > 0
        ? [
            '    // One project per environment of the Plainwright project, in Chromium: `npx playwright test --project=staging`.',
            ...environments.map(
              (environment) =>
                `    { name: ${tsString(environment.project)}, testMatch: /tests\\/.*\\.spec\\.ts/, use: { ...devices['Desktop Chrome'], baseURL: ${tsString(environment.origin)} }${dependencies} },`,
            ),
          ]
        : []),
      '  ],',
      '});',
      '',
    ].join('\n'),
  });
  const allSecrets = [...new Set(collection.tests.flatMap((spec) => spec.secretNames))];
  if (modules.size > 0)
    files.push({ path: 'modules.ts', content: modulesFile([...modules.values()], allSecrets) });
  for (const { file, module } of setups.values())
    files.push({
      path: `setup/${file}.setup.ts`,
      content: setupFile(module, '../modules', stateFileOf(file)),
    });
  for (const { file, spec, setupFile: setup } of specs)
    files.push({
      path: `tests/${file}.spec.ts`,
      content: specFile(spec, '../modules', setup && stateFileOf(setup)),
    });
  files.push({
    path: '.gitignore',
    content: ['node_modules/', '.auth/', 'test-results/', 'playwright-report/', 'results.xml', ''].join('\n'),
  });
  files.push({ path: 'README.md', content: readme(collection, specs, files) });
  return files;
}

/** Each environment's project name: its name as a file's ('staging'), never one of the browsers' or the setup's. */
function environmentProjects(environments: ExportEnvironment[]) {
  const taken = new Set(['setup', 'chromium', 'firefox', 'webkit']);
  return environments.map((environment) => {
    const project = unique(fileSlug(environment.name, 'environment'), taken);
    taken.add(project);
    return { ...environment, project };
  });
}

/** Where a setup module's state is kept, from a file in setup/ or tests/. */
function stateFileOf(setupFile: string): string {
  return `path.join(__dirname, '..', '.auth', ${tsString(`${setupFile}.json`)})`;
}

function unique(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}`;
  return name;
}

function readme(
  collection: CollectionExport,
  specs: { file: string; spec: ProjectSpec; setupFile: string | null }[],
  files: ProjectFile[],
): string {
  const code = files.map((file) => file.content).join('\n');
  const secrets = [
    ...new Set([...code.matchAll(/secret\('(SECRET_[A-Z0-9_]+)'\)/g)].map((match) => match[1])),
  ].sort();
  const params = [
    ...new Set([...code.matchAll(/process\.env\.(PARAM_[A-Z0-9_]+)/g)].map((match) => match[1])),
  ].sort();
  const lines = [
    `# ${oneLine(collection.name)}`,
    '',
    `The Plainwright collection "${oneLine(collection.name)}" as a Playwright Test project: ${specs.length} ${specs.length === 1 ? 'test' : 'tests'}, each in Chromium, Firefox and WebKit.`,
    '',
    '## Run',
    '',
    '```sh',
    'npm install',
    'npx playwright install --with-deps   # the browsers, once per machine',
    'npx playwright test                  # every test in every browser',
    'npx playwright test --project=chromium',
    '```',
    '',
  ];
  if (secrets.length > 0 || params.length > 0) {
    lines.push('## Environment', '');
    if (secrets.length > 0)
      lines.push(
        'Secrets are never written into these files; set them before running (in CI, as repository secrets):',
        '',
        ...secrets.map((name) => `- \`${name}\``),
        '',
      );
    if (params.length > 0)
      lines.push(
        'Variables have their Plainwright values; an environment variable of the same name overrides one:',
        '',
        ...params.map((name) => `- \`${name}\``),
        '',
      );
  }
  const environments = environmentProjects(collection.environments ?? []);
  if (environments.length > 0)
    lines.push(
      '## Environments',
      '',
      `The tests open their pages relative to the base URL: ${environments[0].origin} (the default environment, \`${oneLine(environments[0].name)}\`) unless \`BASE_URL\` is set. Each environment is a project of its own, in Chromium:`,
      '',
      ...environments.map(
        (environment) =>
          `- \`npx playwright test --project=${environment.project}\`: ${oneLine(environment.name)}, ${environment.origin}`,
      ),
      '',
    );
  lines.push('## Tests', '');
  for (const { file, spec, setupFile } of specs)
    lines.push(
      `- \`tests/${file}.spec.ts\`: ${oneLine(spec.name)}${setupFile ? ` (starts from the state \`setup/${setupFile}.setup.ts\` saves)` : ''}`,
    );
  lines.push('');
  if (collection.skipped.length > 0) {
    lines.push('## Left out', '');
    for (const test of collection.skipped) lines.push(`- ${oneLine(test.name)}: ${test.reason}`);
    lines.push('');
  }
  return lines.join('\n');
}

// ── One test, in Python ─────────────────────────────────────────────────────────────────────────
// pytest-playwright's own patterns: the modules are functions of modules.py; a setup module runs once
// per session in a fixture of conftest.py that saves the storage state, and the test's module
// overrides browser_context_args to start from it.

/** The files of a test's pytest project: requirements.txt, modules.py, conftest.py and the test. */
export function pythonProject(spec: ProjectSpec, testFileName: string): ProjectFile[] {
  const secrets = new Set(spec.secretNames);
  const files: ProjectFile[] = [
    { path: 'requirements.txt', content: 'pytest-playwright\n' },
    { path: 'modules.py', content: pythonModulesFile(spec.modules, secrets) },
  ];
  const setup = spec.setup && moduleFunctionName(spec.setup.name, 'python');
  if (spec.setup && setup)
    files.push({
      path: 'conftest.py',
      content: [
        'from pathlib import Path',
        '',
        'import pytest',
        'from playwright.sync_api import Browser',
        '',
        `from modules import ${setup}`,
        '',
        'AUTH = Path(__file__).parent / ".auth"',
        '',
        '',
        '@pytest.fixture(scope="session")',
        `def ${setup}_state(browser: Browser) -> str:`,
        `    """Runs the setup module ${pyString(oneLine(spec.setup.name))} once and saves the browser's storage state."""`,
        '    AUTH.mkdir(exist_ok=True)',
        `    path = AUTH / ${pyString(`${setup}.json`)}`,
        '    context = browser.new_context()',
        '    page = context.new_page()',
        `    ${setup}(page)`,
        '    context.storage_state(path=str(path))',
        '    context.close()',
        '    return str(path)',
        '',
      ].join('\n'),
    });

  const called = [
    ...new Set(
      spec.steps.flatMap(({ action }) =>
        action.kind === 'module' ? [moduleFunctionName(action.name, 'python')] : [],
      ),
    ),
  ];
  const script = pythonScript(spec).split('\n');
  const imports = called.length > 0 ? [`from modules import ${called.join(', ')}`] : [];
  // After `from playwright.sync_api import …` and its blank line.
  const afterImports = script.findIndex((line) => line.startsWith('from playwright.sync_api')) + 1;
  script.splice(afterImports, 0, ...imports);
  if (setup) {
    const test = script.findIndex((line) => line.startsWith('def test_'));
    const overridden = script.findIndex((line) => line.startsWith('def browser_context_args('));
    if (overridden >= 0) {
      // The browser settings' override: the state joins them.
      script[overridden] = `def browser_context_args(browser_context_args, ${setup}_state):`;
      script[overridden + 1] = script[overridden + 1].replace(/}$/, `, "storage_state": ${setup}_state}`);
    } else
      script.splice(
        test - 1,
        0,
        '',
        '@pytest.fixture',
        `def browser_context_args(browser_context_args, ${setup}_state):`,
        `    # The test starts from the state the setup module ${pyString(oneLine(spec.setup!.name))} saved.`,
        `    return {**browser_context_args, "storage_state": ${setup}_state}`,
        '',
      );
  }
  files.push({ path: testFileName, content: script.join('\n') });
  return files;
}

/** modules.py: one function per module, with the modules' variables and the secret reader. */
function pythonModulesFile(modules: ModuleScript[], secrets: ReadonlySet<string>): string {
  const parameters: Record<string, string> = {};
  for (const module of modules) Object.assign(parameters, module.parameters);
  const lines = [
    '"""The modules this test uses, one function each, as Plainwright runs them."""',
    'import os',
    'import re',
    '',
    'from playwright.sync_api import Page, expect',
    '',
  ];
  const names = Object.keys(parameters).sort();
  if (names.length > 0) {
    lines.push("# Variables: the modules' values, overridden by PARAM_<NAME> environment variables.");
    lines.push('PARAMS = {');
    for (const name of names)
      lines.push(
        `    ${pyString(name)}: os.environ.get(${pyString(envName('PARAM', name))}, ${pyString(parameters[name])}),`,
      );
    lines.push('}', '');
  }
  if (secrets.size > 0)
    lines.push(
      '',
      'def secret(name: str) -> str:',
      '    """Secrets are read from SECRET_<NAME> environment variables; they are never written into this file."""',
      '    value = os.environ.get(name)',
      '    if value is None:',
      '        raise RuntimeError(f"Set {name}: this test reads a secret from the environment.")',
      '    return value',
      '',
    );
  const seen = new Set<string>();
  const functions: string[] = [];
  for (const module of modules) {
    const fn = moduleFunctionName(module.name, 'python');
    if (seen.has(fn)) continue;
    seen.add(fn);
    functions.push('', `def ${fn}(page: Page) -> None:`);
    functions.push(`    """The module ${pyString(oneLine(module.name))}."""`);
    module.steps.forEach((step, index) => {
      functions.push(`    # ${index + 1}. ${oneLine(step.description)}`);
      functions.push(indented(actionCode(step.action, 'python', secrets, { reveal: true }), '    '));
    });
    functions.push('');
  }
  // Hovers where a run hovers (issue 28), as the test's own file does.
  const reveal = revealHelper('python', functions.join('\n'));
  if (reveal) {
    lines[lines.indexOf('from playwright.sync_api import Page, expect')] =
      'from playwright.sync_api import Locator, Page, expect';
    lines.push(...reveal);
  }
  lines.push(...functions);
  return lines.join('\n');
}

// ── Shared pieces ────────────────────────────────────────────────────────────────────────────────

/** modules.ts: one exported function per module, with the modules' variables and the secret reader. */
function modulesFile(modules: ModuleScript[], secretNames: string[]): string {
  const secrets = new Set(secretNames);
  const parameters: Record<string, string> = {};
  for (const module of modules) Object.assign(parameters, module.parameters);
  const checks = modules.some((module) => module.steps.some((step) => step.action.kind === 'expect'));
  const seen = new Set<string>();
  const functions: string[] = [];
  for (const module of modules) {
    const fn = moduleFunctionName(module.name, 'typescript');
    if (seen.has(fn)) continue;
    seen.add(fn);
    functions.push(`/** The module "${oneLine(module.name).replace(/\*\//g, '* /')}". */`);
    functions.push(`export async function ${fn}(page: Page): Promise<void> {`);
    module.steps.forEach((step, index) => {
      functions.push(`  // ${index + 1}. ${oneLine(step.description)}`);
      functions.push(indented(actionCode(step.action, 'typescript', secrets, { reveal: true }), '  '));
    });
    functions.push('}', '');
  }
  // Hovers where a run hovers (issue 28), as the test's own file does.
  const reveal = revealHelper('typescript', functions.join('\n'));
  const lines: string[] = [
    '// The modules this test uses, one function each, as Plainwright runs them.',
    `import { ${checks ? 'expect, ' : ''}${reveal ? 'type Locator, ' : ''}type Page } from '@playwright/test';`,
    '',
  ];
  const names = Object.keys(parameters).sort();
  if (names.length > 0) {
    lines.push("// Variables: the modules' values, overridden by PARAM_<NAME> environment variables.");
    lines.push('const params = {');
    for (const name of names)
      lines.push(
        `  ${IDENTIFIER.test(name) ? name : tsString(name)}: process.env.${envName('PARAM', name)} ?? ${tsString(parameters[name])},`,
      );
    lines.push('};', '');
  }
  if (secrets.size > 0)
    lines.push(
      'function secret(name: string): string {',
      '  const value = process.env[name];',
      '  if (value === undefined) throw new Error(`Set ${name}: this test reads a secret from the environment.`);',
      '  return value;',
      '}',
      '',
    );
  if (reveal) lines.push(...reveal);
  lines.push(...functions);
  return lines.join('\n');
}

/** A setup file: runs the module and saves the storage state the tests start from. */
function setupFile(module: ModuleScript, modulesPath: string, stateFile: string): string {
  const fn = moduleFunctionName(module.name, 'typescript');
  return [
    "import path from 'node:path';",
    "import { test as setup } from '@playwright/test';",
    `import { ${fn} } from '${modulesPath}';`,
    '',
    `setup(${tsString(module.name)}, async ({ page }) => {`,
    `  await ${fn}(page);`,
    `  await page.context().storageState({ path: ${stateFile} });`,
    '});',
    '',
  ].join('\n');
}

/** A test's spec: its script, importing the module functions it calls, starting from its setup's state. */
function specFile(spec: ProjectSpec, modulesPath: string, stateFile: string | null): string {
  const called = [
    ...new Set(
      spec.steps.flatMap(({ action }) =>
        action.kind === 'module' ? [moduleFunctionName(action.name, 'typescript')] : [],
      ),
    ),
  ];
  const script = typescriptScript(spec).split('\n');
  const extra: string[] = [];
  if (stateFile) extra.push("import path from 'node:path';");
  if (called.length > 0) extra.push(`import { ${called.join(', ')} } from '${modulesPath}';`);
  script.splice(stateFile ? 0 : 1, 0, ...extra);
  if (stateFile) {
    // After the imports and the helpers, before the test: it starts signed in (or wherever its setup left it).
    const at = script.findIndex((line) => line.startsWith('test('));
    script.splice(at, 0, `test.use({ storageState: ${stateFile} });`, '');
  }
  return script.join('\n');
}
