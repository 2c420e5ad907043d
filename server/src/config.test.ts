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

  it('sets up the test inbox on port 2525 at inbox.plainwright.test unless told otherwise', () => {
    expect(loadConfig({}).inbox).toEqual({
      smtpPort: 2525,
      domain: 'inbox.plainwright.test',
      maxBytes: 1024 * 1024,
      perMinute: 60,
    });
    expect(loadConfig({ INBOX_SMTP_PORT: 'off' }).inbox.smtpPort).toBeNull();
    expect(loadConfig({ INBOX_SMTP_PORT: '0' }).inbox.smtpPort).toBeNull();
    expect(loadConfig({ INBOX_SMTP_PORT: '2626', INBOX_DOMAIN: 'Mail.Example.TEST' }).inbox).toMatchObject({
      smtpPort: 2626,
      domain: 'mail.example.test',
    });
    expect(() => loadConfig({ INBOX_SMTP_PORT: 'smtp', INBOX_DOMAIN: 'not a domain' })).toThrow(
      expect.objectContaining({
        problems: [
          expect.stringContaining('INBOX_SMTP_PORT must be a whole number from 1 to 65535'),
          expect.stringContaining('INBOX_DOMAIN must be a domain name'),
        ],
      }),
    );
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
