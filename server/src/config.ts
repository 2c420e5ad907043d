import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { BROWSER_NICENESS } from './runner/chromium';

export const APP_VERSION = '0.2.8';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset means embedded PGlite under dataDir. */
  databaseUrl: string | null;
  publicUrl: string;
  authAutoconfirm: boolean;
  /** Set means a hosted Supabase project is the identity provider; unset means the embedded one at /idp. */
  supabaseUrl: string | null;
  supabaseAnonKey: string;
  supabaseJwtSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  appSecret: string | null;
  googleClientId: string | null;
  googleClientSecret: string | null;
  googleIssuer: string;
  azureClientId: string | null;
  azureClientSecret: string | null;
  azureIssuer: string;
  workerConcurrency: number;
  /** Worker processes `start` runs beside the API (each with workerConcurrency jobs at once). */
  workerProcesses: number;
  logLevel: string;
  /** Serve the SPA from this folder (built by webpack). */
  staticDir: string;
  signInRateLimit: number;
  /** Shared tests and badges one address may read in a minute without signing in (issue 27). */
  shareRateLimit: number;
  /** Fastify's trustProxy: false, a hop count, or addresses/CIDRs of the proxies in front. */
  trustProxy: boolean | number | string;
  accessTokenTtlSeconds: number;
  /**
   * The dev mailbox (every e-mail readable without SMTP): `forced` by DEV_MAILBOX=true; `loopback` when the
   * server and PUBLIC_URL are loopback-only (the default set-up); `off` otherwise, or with DEV_MAILBOX=false.
   */
  devMailbox: DevMailbox;
  /**
   * What opens the dev mailbox (DEV_MAIL_TOKEN, else made at each start and printed in the start log):
   * only the person who started the server reads the e-mails, not every program or web page on the machine.
   */
  devMailToken: string;
  /** The test inbox (issue 32): e-mail applications under test send to addresses at its domain. */
  inbox: InboxConfig;
  generation: GenerationConfig;
}

export interface InboxConfig {
  /** INBOX_SMTP_PORT: where its SMTP server listens, on HOST; null (`0` or `off`) means no listener. */
  smtpPort: number | null;
  /** INBOX_DOMAIN: the domain of every test's `{{inbox}}` address. */
  domain: string;
  /** The largest message taken, in bytes. */
  maxBytes: number;
  /** INBOX_RATE_LIMIT: messages one sender's address may deliver in a minute. */
  perMinute: number;
}

export type DevMailbox = 'forced' | 'loopback' | 'off';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/** Whether a host name or address can only be reached from this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    LOOPBACK_HOSTS.has(bare) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare) || bare.endsWith('.localhost')
  );
}

export type AiProvider = 'rules' | 'openai' | 'anthropic';

/** Agents, runner, artifacts and the live socket (issue 5). */
export interface GenerationConfig {
  aiProvider: AiProvider;
  aiBaseUrl: string | null;
  aiApiKey: string | null;
  aiModel: string;
  aiTimeoutMs: number;
  /** US dollars per million tokens, for a step's cost. */
  aiPriceInput: number;
  aiPriceOutput: number;
  /** A remote Playwright browser server; unset launches Chromium in each worker. */
  browserWsEndpoint: string | null;
  /** The niceness of the Chromium a worker launches (0–19; above the API's 0 so people are answered first). */
  browserNiceness: number;
  stepTimeoutMs: number;
  /** Record the screencast (frames for the trace viewer's filmstrip) in generation traces. */
  traceScreencast: boolean;
  /** AUTO_HEAL: projects may heal their failed runs automatically (each project's own switch, on by default, still decides). */
  autoHeal: boolean;
  generationTimeoutMs: number;
  /** A run (issue 6) taking longer than this fails at the step in progress. */
  runTimeoutMs: number;
  maxSteps: number;
  artifactsDir: string;
  artifactUrlTtlSeconds: number;
  watchTimeoutMs: number;
  heartbeatMs: number;
  /** A running generation whose heartbeat is older than this is taken for dead. */
  staleMs: number;
  /** Where the test browsers may not connect (runner/targetGuard.ts): the server itself, and more. */
  testTargets: {
    serverHost: string;
    serverPort: number;
    publicUrl: string;
    /** TEST_TARGETS_PRIVATE: loopback and private networks allowed (people test local apps) or denied. */
    privateTargets: 'allow' | 'deny';
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(
      `Invalid configuration. Fix these environment variables:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
}

type Env = Record<string, string | undefined>;

/** Reads and validates the environment; throws one ConfigError listing every bad value. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const str = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = str(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean) => {
    const raw = str(name);
    if (raw === null) return fallback;
    if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
    if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]) => {
    const raw = str(name);
    if (raw === null) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      return raw.replace(/\/+$/, '');
    } catch {
      problems.push(
        `${name} must be a ${protocols.map((p) => p.replace(':', '')).join(' or ')} URL (got "${raw}")`,
      );
      return null;
    }
  };

  const port = int('PORT', 3000, 0, 65535);
  const host = str('HOST') ?? '127.0.0.1';
  const publicUrl =
    url('PUBLIC_URL', ['http:', 'https:']) ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const supabaseUrl = url('SUPABASE_URL', ['http:', 'https:']);
  const supabaseAnonKey = str('SUPABASE_ANON_KEY');
  if (supabaseUrl && !supabaseAnonKey)
    problems.push('SUPABASE_ANON_KEY is required when SUPABASE_URL is set');
  if (!supabaseUrl && str('SUPABASE_JWT_SECRET'))
    problems.push('SUPABASE_JWT_SECRET only applies with SUPABASE_URL');
  const logLevel = str('LOG_LEVEL') ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(
      `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`,
    );
  }
  const devMailboxFlag = str('DEV_MAILBOX');
  if (devMailboxFlag !== null && !['true', 'false'].includes(devMailboxFlag))
    problems.push(`DEV_MAILBOX must be true or false (got "${devMailboxFlag}")`);
  const devMailToken = str('DEV_MAIL_TOKEN');
  if (devMailToken !== null && !/^[A-Za-z0-9._~-]{32,256}$/.test(devMailToken))
    problems.push('DEV_MAIL_TOKEN must be 32 to 256 characters of A-Z, a-z, 0-9, ".", "_", "~" and "-"');
  const inboxPortRaw = str('INBOX_SMTP_PORT');
  let inboxPort: number | null = 2525;
  if (inboxPortRaw !== null) {
    if (['0', 'off'].includes(inboxPortRaw.toLowerCase())) inboxPort = null;
    else inboxPort = int('INBOX_SMTP_PORT', 2525, 1, 65535);
  }
  const inboxDomain = (str('INBOX_DOMAIN') ?? 'inbox.plainwright.test').toLowerCase();
  if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/.test(inboxDomain))
    problems.push(`INBOX_DOMAIN must be a domain name such as inbox.example.test (got "${inboxDomain}")`);
  const appSecret = str('APP_SECRET');
  if (appSecret && appSecret.length < 32) problems.push('APP_SECRET must be at least 32 characters');
  const pair = (id: string, secret: string) => {
    if (Boolean(str(id)) !== Boolean(str(secret))) problems.push(`${id} and ${secret} must be set together`);
  };
  pair('GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET');
  pair('AZURE_CLIENT_ID', 'AZURE_CLIENT_SECRET');

  const trustProxyRaw = str('TRUST_PROXY');
  let trustProxy: boolean | number | string = false;
  if (trustProxyRaw !== null) {
    if (/^\d+$/.test(trustProxyRaw)) trustProxy = Number(trustProxyRaw);
    else if (['false', '0', 'no'].includes(trustProxyRaw.toLowerCase())) trustProxy = false;
    else if (trustProxyRaw.toLowerCase() === 'true') {
      problems.push(
        'TRUST_PROXY=true would let anyone fake their address: give the number of proxy hops or their addresses',
      );
    } else trustProxy = trustProxyRaw;
  }

  const dataDir = path.resolve(str('DATA_DIR') ?? './data');
  const aiProvider = (str('AI_PROVIDER') ?? 'rules').toLowerCase();
  if (!['rules', 'openai', 'anthropic'].includes(aiProvider))
    problems.push(`AI_PROVIDER must be rules, openai or anthropic (got "${aiProvider}")`);
  const aiBaseUrl = url('AI_BASE_URL', ['http:', 'https:']);
  const aiApiKey = str('AI_API_KEY');
  if (aiProvider === 'anthropic' && !aiApiKey && !aiBaseUrl)
    problems.push('AI_API_KEY is required with AI_PROVIDER=anthropic');
  if (aiProvider === 'openai' && !aiApiKey && !aiBaseUrl)
    problems.push('AI_PROVIDER=openai needs AI_API_KEY (OpenAI) or AI_BASE_URL (a local endpoint)');
  const price = (name: string) => {
    const raw = str(name);
    if (raw === null) return 0;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) {
      problems.push(`${name} must be a number of US dollars per million tokens, 0 or more (got "${raw}")`);
      return 0;
    }
    return value;
  };
  const privateTargets = (str('TEST_TARGETS_PRIVATE') ?? 'allow').toLowerCase();
  if (privateTargets !== 'allow' && privateTargets !== 'deny')
    problems.push(`TEST_TARGETS_PRIVATE must be allow or deny (got "${privateTargets}")`);
  const heartbeatMs = int('GENERATION_HEARTBEAT_MS', 10_000, 100, 600_000);
  const staleMs = int('GENERATION_STALE_MS', 120_000, 300, 3_600_000);
  if (staleMs < heartbeatMs * 3)
    problems.push('GENERATION_STALE_MS must be at least three times GENERATION_HEARTBEAT_MS');
  const generation: GenerationConfig = {
    aiProvider: aiProvider as AiProvider,
    aiBaseUrl,
    aiApiKey,
    aiModel: str('AI_MODEL') ?? (aiProvider === 'anthropic' ? 'claude-sonnet-4-5' : 'gpt-4o-mini'),
    aiTimeoutMs: int('AI_TIMEOUT_MS', 30_000, 100, 600_000),
    aiPriceInput: price('AI_PRICE_INPUT'),
    aiPriceOutput: price('AI_PRICE_OUTPUT'),
    browserWsEndpoint: url('BROWSER_WS_ENDPOINT', ['ws:', 'wss:']),
    browserNiceness: int('BROWSER_NICENESS', BROWSER_NICENESS, 0, 19),
    stepTimeoutMs: int('STEP_TIMEOUT_MS', 10_000, 100, 120_000),
    traceScreencast: bool('TRACE_SCREENCAST', false),
    autoHeal: bool('AUTO_HEAL', true),
    generationTimeoutMs: int('GENERATION_TIMEOUT_MS', 900_000, 1_000, 86_400_000),
    runTimeoutMs: int('RUN_TIMEOUT_MS', 600_000, 1_000, 86_400_000),
    maxSteps: int('GENERATION_MAX_STEPS', 100, 1, 1_000),
    artifactsDir: path.resolve(str('ARTIFACTS_DIR') ?? path.join(dataDir, 'artifacts')),
    artifactUrlTtlSeconds: int('ARTIFACT_URL_TTL', 900, 5, 86_400),
    watchTimeoutMs: int('WATCH_TIMEOUT_MS', 540_000, 100, 3_600_000),
    heartbeatMs,
    staleMs,
    testTargets: {
      serverHost: host,
      serverPort: port,
      publicUrl,
      privateTargets: privateTargets === 'deny' ? 'deny' : 'allow',
    },
  };

  const config: Config = {
    port,
    host,
    dataDir,
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    publicUrl,
    authAutoconfirm: bool('AUTH_AUTOCONFIRM', false),
    supabaseUrl,
    // NOTE: the embedded provider has no anon key of its own; supabase-js only needs a non-empty string.
    supabaseAnonKey: supabaseAnonKey ?? 'plainwright-embedded-anon-key',
    supabaseJwtSecret: str('SUPABASE_JWT_SECRET'),
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: str('MAIL_FROM') ?? 'Plainwright <no-reply@plainwright.local>',
    appSecret,
    googleClientId: str('GOOGLE_CLIENT_ID'),
    googleClientSecret: str('GOOGLE_CLIENT_SECRET'),
    googleIssuer: url('GOOGLE_ISSUER', ['http:', 'https:']) ?? 'https://accounts.google.com',
    azureClientId: str('AZURE_CLIENT_ID'),
    azureClientSecret: str('AZURE_CLIENT_SECRET'),
    azureIssuer: url('AZURE_ISSUER', ['http:', 'https:']) ?? 'https://login.microsoftonline.com/common/v2.0',
    workerConcurrency: int('WORKER_CONCURRENCY', 2, 1, 64),
    workerProcesses: int('WORKER_PROCESSES', 1, 1, 16),
    logLevel,
    staticDir: path.resolve(str('STATIC_DIR') ?? './dist'),
    signInRateLimit: int('AUTH_RATE_LIMIT', 30, 1, 100000),
    shareRateLimit: int('SHARE_RATE_LIMIT', 60, 1, 100000),
    accessTokenTtlSeconds: int('AUTH_ACCESS_TOKEN_TTL', 3600, 30, 86400),
    trustProxy,
    devMailbox:
      devMailboxFlag === 'true'
        ? 'forced'
        : devMailboxFlag === null && isLoopbackHost(host) && isLoopbackHost(hostnameOf(publicUrl))
          ? 'loopback'
          : 'off',
    devMailToken: devMailToken ?? randomBytes(24).toString('base64url'),
    inbox: {
      smtpPort: inboxPort,
      domain: inboxDomain,
      maxBytes: 1024 * 1024,
      perMinute: int('INBOX_RATE_LIMIT', 60, 1, 100_000),
    },
    generation,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** The dev mailbox's page with its token, as the start log prints it (the first visit keeps it in a cookie). */
export function devMailboxUrl(config: Config): string {
  return `${config.publicUrl}/dev/mail?token=${config.devMailToken}`;
}

/** The base URL supabase-js in the SPA talks to. */
export function identityUrl(config: Config): string {
  return config.supabaseUrl ?? `${config.publicUrl}/idp`;
}
