import { chooseLocale, LOCALE_STORAGE_KEY } from './locale';

describe('the locale', () => {
  afterEach(() => {
    document.documentElement.lang = '';
  });

  it('is stored on the first start (English, the one supported) and set on the page', () => {
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
    expect(chooseLocale()).toBe('en');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('replaces a stored locale the app does not have with English, and keeps a supported one', () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'xx');
    expect(chooseLocale()).toBe('en');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(chooseLocale()).toBe('en');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
  });
});
