import { readLocal, writeLocal } from './storage';

// SPEC §3/§9: the locale is kept in local storage, and English is the only one supported: a stored
// locale the app does not have (from an older or another build) falls back to English, and the
// locale the app chose is stored, so every later start reads the same one.

export const LOCALE_STORAGE_KEY = 'locale';
export const SUPPORTED_LOCALES = ['en'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

const isSupported = (value: string | null): value is Locale =>
  value !== null && (SUPPORTED_LOCALES as readonly string[]).includes(value);

/** The locale the app runs in: the stored one when supported, else English; stored, and on <html lang>. */
export function chooseLocale(): Locale {
  const stored = readLocal(LOCALE_STORAGE_KEY);
  const locale = isSupported(stored) ? stored : DEFAULT_LOCALE;
  if (stored !== locale) writeLocal(LOCALE_STORAGE_KEY, locale);
  document.documentElement.lang = locale;
  return locale;
}
