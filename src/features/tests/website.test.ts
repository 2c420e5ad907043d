import { isWebsiteUrl, normalizeWebsite } from '../../../contract/testCases';

describe('normalizeWebsite', () => {
  it.each([
    ['localhost:3112', 'http://localhost:3112'],
    ['localhost', 'http://localhost'],
    ['LOCALHOST:3000/login', 'http://LOCALHOST:3000/login'],
    ['app.localhost:8080', 'http://app.localhost:8080'],
    ['127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['192.168.1.20/admin', 'http://192.168.1.20/admin'],
    ['[::1]:3000', 'http://[::1]:3000'],
    ['example.com', 'https://example.com'],
    ['  example.com  ', 'https://example.com'],
    ['example.com:8443/path', 'https://example.com:8443/path'],
    ['shop.example.com/cart?item=1#top', 'https://shop.example.com/cart?item=1#top'],
    ['http://example.com', 'http://example.com'],
    [' https://localhost:3112 ', 'https://localhost:3112'],
    ['ftp://files.example.com', 'ftp://files.example.com'],
    ['nope', 'nope'],
    ['not a url', 'not a url'],
    ['', ''],
  ])('turns %j into %j', (input, expected) => {
    expect(normalizeWebsite(input)).toBe(expected);
  });

  it('gives the URL check a value it accepts for hosts typed without a scheme', () => {
    expect(isWebsiteUrl(normalizeWebsite('localhost:3112'))).toBe(true);
    expect(isWebsiteUrl(normalizeWebsite('example.com'))).toBe(true);
    expect(isWebsiteUrl(normalizeWebsite('nope'))).toBe(false);
    expect(isWebsiteUrl(normalizeWebsite('mailto:a@example.com'))).toBe(false);
  });
});
