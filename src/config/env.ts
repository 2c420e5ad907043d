import { object, string, ValidationError } from 'yup';

// Each variable is spelled out so webpack's DefinePlugin can replace it at build time.
const rawEnv = {
  APP_NAME: process.env.APP_NAME,
  APP_VERSION: process.env.APP_VERSION,
  APP_API_URL: process.env.APP_API_URL,
  APP_SUPPORT_EMAIL: process.env.APP_SUPPORT_EMAIL,
  APP_DOCS_URL: process.env.APP_DOCS_URL,
  APP_FAQ_URL: process.env.APP_FAQ_URL,
};

const envSchema = object({
  APP_NAME: string().required(),
  APP_VERSION: string().required(),
  APP_API_URL: string().required(),
  APP_SUPPORT_EMAIL: string().email().required(),
  APP_DOCS_URL: string().url().required(),
  APP_FAQ_URL: string().url().required(),
});

function parseEnv() {
  try {
    return envSchema.validateSync(rawEnv, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof ValidationError) {
      const names = [...new Set(error.inner.map((inner) => inner.path))].join(', ');
      throw new Error(`Invalid env provided. The following variables are missing or invalid: ${names}`);
    }
    throw error;
  }
}

const parsed = parseEnv();

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
