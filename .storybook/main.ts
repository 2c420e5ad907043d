import type { StorybookConfig } from '@storybook/react-webpack5';

// The build-time values webpack.config.js defines for the app; stories read them through src/config/env.ts.
const appEnv = {
  APP_NAME: 'Plainwright',
  APP_VERSION: '0.2.8',
  APP_API_URL: '/api',
  APP_SUPPORT_EMAIL: 'support@plainwright.dev',
  APP_DOCS_URL: 'https://plainwright.dev/docs',
  APP_FAQ_URL: 'https://plainwright.dev/docs/faq',
};

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-webpack5-compiler-swc'],
  framework: { name: '@storybook/react-webpack5', options: {} },
  // public/ holds MSW's service worker, which answers the stories' API and identity calls.
  staticDirs: ['../public'],
  env: (config) => ({ ...config, ...appEnv }),
  typescript: { reactDocgen: false },
  core: { disableTelemetry: true },
};

export default config;
