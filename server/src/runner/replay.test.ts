import { rebaseUrl } from './replay';

describe('rebaseUrl', () => {
  it.each([
    [
      'a page under the website',
      'http://a.test/app/login',
      'http://a.test/app/',
      'http://b.test/x/',
      'http://b.test/x/login',
    ],
    [
      'a {{reference}} in the path, kept as written',
      'http://a.test/other/{{TOKEN}}?key={{API_KEY}}',
      'http://a.test/app/',
      'http://b.test/x/',
      'http://b.test/other/{{TOKEN}}?key={{API_KEY}}',
    ],
    [
      'another origin, left alone',
      'http://c.test/{{TOKEN}}',
      'http://a.test/app/',
      'http://b.test/',
      'http://c.test/{{TOKEN}}',
    ],
  ])('moves %s', (_what, url, website, override, rebased) => {
    expect(rebaseUrl(url, website, override)).toBe(rebased);
  });
});
