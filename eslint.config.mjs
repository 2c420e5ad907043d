// Lint, including the import boundaries of docs/DESIGN.md §3 and STYLE.md; a violation fails `npm test`.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const features = fs.existsSync('src/features')
  ? fs
      .readdirSync('src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// A feature may import from another feature only that feature's api.ts.
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`, ...features.filter((other) => other !== name).map((other) => `./${other}/api.ts`)],
  message: 'A feature imports nothing from another feature except its api.ts.',
}));

const clientZones = [
  ...featureZones,
  {
    target: './src/features',
    from: './src/app',
    except: ['./hooks.ts'],
    message: 'Dependencies flow shared → features → app (features may use the typed hooks of app/hooks.ts).',
  },
  {
    target: ['./src/components', './src/lib', './src/config', './src/api', './src/hooks', './src/theme'],
    from: ['./src/features', './src/app'],
    message: 'Shared code imports no feature and no app module.',
  },
  {
    target: './src',
    from: './server',
    message: 'The SPA never imports server code; share through contract/.',
  },
  { target: './contract', from: ['./src', './server'], message: 'contract/ stands alone.' },
];

const serverZones = [
  {
    target: './server/src/runner',
    from: [
      './server/src/routes',
      './server/src/services',
      './server/src/db',
      './server/src/agents',
      './server/src/jobs',
    ],
    message: 'runner/ drives the browser for others: it imports no route, service, database, agent or job.',
  },
  {
    target: './server/src/agents',
    from: ['./server/src/routes', './server/src/services', './server/src/db', './server/src/jobs'],
    message: 'agents/ read sentences and pages: they reach no route, service, database or job.',
  },
  {
    target: './server/src/services',
    from: './server/src/routes',
    message: 'Routes call services, never the other way.',
  },
  {
    target: ['./server/src/services', './server/src/tracking'],
    from: './server/src/jobs',
    message:
      'Services and the tracked-job module take the queue as a port (tracking/queue.ts); jobs/ runs on top of them.',
  },
  {
    target: './server/src/routes',
    from: ['./server/src/runner', './server/src/agents', './server/src/jobs'],
    message:
      'Routes call services (app.ts hands a route what else it needs): never the runner, the agents or jobs.',
  },
  {
    target: './server/src/db',
    from: ['./server/src/routes', './server/src/services'],
    message: 'db/ is the bottom layer.',
  },
  {
    target: './server/src/routes',
    from: './server/src/db',
    except: ['./schema.ts'],
    message: 'Routes reach the database only through services.',
  },
  {
    target: './server/src/agents',
    from: './server/src/runner',
    except: ['./index.ts'],
    message: 'Agents reach the browser only through runner/index.ts.',
  },
  { target: './server', from: './src', message: 'The server never imports the SPA.' },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'build',
      'data',
      'storybook-static',
      'coverage',
      'server/src/db/migrations',
      'test-results',
      'playwright-report',
      'public/mockServiceWorker.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'check-file': checkFile },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...clientZones, ...serverZones] }],
      'import-x/no-cycle': ['error', { maxDepth: 4, ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='process'][callee.property.name='exit']",
          message: 'process.exit only in entry points (server/src/main.ts, the standalone CLI, scripts).',
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        {
          'src/**/!(*.stories|*.test).tsx': 'PASCAL_CASE',
          '{src,server,contract,bench}/**/*.ts': 'CAMEL_CASE',
        },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch'],
              message: 'Use useAppSelector / useAppDispatch from app/hooks.ts.',
            },
          ],
        },
      ],
    },
  },
  { files: ['src/app/hooks.ts'], rules: { 'no-restricted-imports': 'off' } },
  // A runner test may drive the runner with what the agents wrote (a widget's code from its sentence).
  {
    files: ['server/src/runner/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...clientZones,
            ...serverZones.map((zone) =>
              zone.target === './server/src/runner'
                ? { ...zone, from: zone.from.filter((from) => from !== './server/src/agents') }
                : zone,
            ),
          ],
        },
      ],
    },
  },
  // A promise on the server is awaited, returned or handed on: a forgotten one loses its error (an
  // unhandled rejection ends the process) and its ordering. Typed rules, so only for the server's own code.
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  // The entry point keeps the bundler's conventional name; config files in CommonJS use require.
  { files: ['src/main.tsx'], rules: { 'check-file/filename-naming-convention': 'off' } },
  { files: ['*.config.js', '*.cjs', 'bin/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    files: [
      'server/src/main.ts',
      'server/src/cli/standalone.ts',
      'bin/**',
      'scripts/**',
      'bench/**',
      'fixtures/**',
      'e2e/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  { files: ['**/*.test.ts', '**/*.test.tsx'], rules: { '@typescript-eslint/no-non-null-assertion': 'off' } },
  prettier,
);
