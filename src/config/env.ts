// Each variable is spelled out so webpack's DefinePlugin can replace it at build time.
const rawEnv = {
  APP_NAME: process.env.APP_NAME,
  APP_VERSION: process.env.APP_VERSION,
  APP_API_URL: process.env.APP_API_URL,
  APP_SUPPORT_EMAIL: process.env.APP_SUPPORT_EMAIL,
  APP_DOCS_URL: process.env.APP_DOCS_URL,
  APP_FAQ_URL: process.env.APP_FAQ_URL,
};

type EnvName = keyof typeof rawEnv;

const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

function isWebUrl(value: string) {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** What each variable must be besides present and not blank. */
const checks: Partial<Record<EnvName, (value: string) => boolean>> = {
  APP_SUPPORT_EMAIL: isEmail,
  APP_DOCS_URL: isWebUrl,
  APP_FAQ_URL: isWebUrl,
};

/**
 * Checks the build-time values by hand: this module is in the SPA's first chunk, and a schema library
 * (yup, which the forms load with their routes) would add ~10 KB gzip to it for six strings.
 */
export function parseEnv(raw: Record<EnvName, string | undefined>): Record<EnvName, string> {
  const names = Object.keys(rawEnv) as EnvName[];
  const invalid = names.filter((name) => {
    const value = raw[name]?.trim();
    return !value || checks[name]?.(value) === false;
  });
  if (invalid.length > 0) {
    throw new Error(
      `Invalid env provided. The following variables are missing or invalid: ${invalid.join(', ')}`,
    );
  }
  return Object.fromEntries(names.map((name) => [name, (raw[name] ?? '').trim()])) as Record<EnvName, string>;
}

const parsed = parseEnv(rawEnv);

export const env = {
  appName: parsed.APP_NAME,
  version: parsed.APP_VERSION,
  apiUrl: parsed.APP_API_URL,
  /** The server's Swagger UI, beside its API (server/src/app.ts registers it at /api/docs). */
  apiDocsUrl: `${parsed.APP_API_URL.replace(/\/+$/, '')}/docs`,
  supportEmail: parsed.APP_SUPPORT_EMAIL,
  docsUrl: parsed.APP_DOCS_URL,
  faqUrl: parsed.APP_FAQ_URL,
} as const;
