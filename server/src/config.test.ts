import { ConfigError, identityUrl, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives every documented default when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      publicUrl: 'http://127.0.0.1:3000',
      authAutoconfirm: false,
      supabaseUrl: null,
      smtpUrl: null,
      workerConcurrency: 2,
      workerProcesses: 1,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(identityUrl(config)).toBe('http://127.0.0.1:3000/idp');
  });

  it('lists every bad or missing value in one message', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        AUTH_AUTOCONFIRM: 'maybe',
        SUPABASE_URL: 'https://project.supabase.co',
        SMTP_URL: 'not a url',
        GOOGLE_CLIENT_ID: 'id-without-secret',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('PORT must be a whole number'),
        expect.stringContaining('DATABASE_URL must be a postgres or postgresql URL'),
        expect.stringContaining('AUTH_AUTOCONFIRM must be true or false'),
        'SUPABASE_ANON_KEY is required when SUPABASE_URL is set',
        expect.stringContaining('SMTP_URL must be a smtp or smtps URL'),
        'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
      ]),
    );
    expect(problems).toHaveLength(6);
    expect((caught as ConfigError).message).toContain('PORT must be a whole number');
  });

  it('points the SPA at a hosted Supabase when one is configured', () => {
    const config = loadConfig({
      SUPABASE_URL: 'https://abc.supabase.co/',
      SUPABASE_ANON_KEY: 'anon',
      PUBLIC_URL: 'https://app.example.com',
    });
    expect(identityUrl(config)).toBe('https://abc.supabase.co');
    expect(config.publicUrl).toBe('https://app.example.com');
  });
});
