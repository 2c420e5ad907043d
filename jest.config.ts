/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// ESM-only packages that jest's CommonJS runtime needs transformed.
const esmPackages = ['jose', 'openid-client', 'oauth4webapi'];

const swc: Config['transform'] = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/)`];

// msw 2 pulls in ESM-only helpers: every .mjs file, and until-async's ESM .js, get transformed.
const clientIgnore = [`/node_modules/(?!(${[...esmPackages, 'until-async'].join('|')})/).+\\.c?js$`];
const clientTransform: Config['transform'] = { ...swc, '^.+\\.mjs$': swc['^.+\\.(t|j)sx?$'] };

const config: Config = {
  // The slowest suites, printed after every run (scripts/suiteTimes.mjs).
  reporters: ['default', '<rootDir>/scripts/suiteTimes.mjs'],
  projects: [
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/src/testing/jsdomEnvironment.cjs',
      roots: ['<rootDir>/src', '<rootDir>/contract'],
      testMatch: ['**/*.test.ts?(x)'],
      setupFiles: ['<rootDir>/src/testing/setupEnv.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setupTests.ts', '<rootDir>/scripts/jestQuarantine.ts'],
      transform: clientTransform,
      transformIgnorePatterns: clientIgnore,
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/src/testing/fileStub.ts' },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/server/test/setup.ts', '<rootDir>/scripts/jestQuarantine.ts'],
      roots: ['<rootDir>/server', '<rootDir>/fixtures'],
      testMatch: ['**/*.test.ts'],
      transform: swc,
      transformIgnorePatterns,
    },
  ],
};

export default config;
