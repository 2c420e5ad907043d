import { env, parseEnv } from './env';

const valid = {
  APP_NAME: 'Plainwright',
  APP_VERSION: '1.2.3',
  APP_API_URL: '/api',
  APP_SUPPORT_EMAIL: 'help@example.org',
  APP_DOCS_URL: 'https://example.org/docs',
  APP_FAQ_URL: 'http://example.org/faq',
};

describe('the build-time env', () => {
  it('keeps the values the build defined', () => {
    expect(parseEnv(valid)).toEqual(valid);
    expect(env.apiDocsUrl).toBe(`${env.apiUrl.replace(/\/+$/, '')}/docs`);
  });

  it('names every variable that is missing, blank or not what it should be', () => {
    expect(() =>
      parseEnv({
        ...valid,
        APP_NAME: undefined,
        APP_VERSION: '  ',
        APP_SUPPORT_EMAIL: 'help at example.org',
        APP_FAQ_URL: 'example.org/faq',
      }),
    ).toThrow(
      'Invalid env provided. The following variables are missing or invalid: APP_NAME, APP_VERSION, APP_SUPPORT_EMAIL, APP_FAQ_URL',
    );
    expect(() => parseEnv({ ...valid, APP_DOCS_URL: 'javascript:alert(1)' })).toThrow(/APP_DOCS_URL$/);
  });
});
