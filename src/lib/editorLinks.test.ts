import { ALLOWED_LINK_PROTOCOLS, isAllowedLinkHref, isValidCustomScheme } from './editorLinks';

describe('isAllowedLinkHref', () => {
  it.each([
    'http://shop.example',
    'https://shop.example/cart?x=1',
    'ftp://files.example/a.txt',
    'ftps://files.example/a.txt',
    'mailto:ada@example.com',
    'tel:+441234567',
    'callto:ada',
    'sms:+441234567',
    'cid:part1@example.com',
    'xmpp:ada@example.com',
    'HTTPS://SHOP.EXAMPLE',
  ])('allows %s', (href) => {
    expect(isAllowedLinkHref(href)).toBe(true);
  });

  it('allows every protocol SPEC §5 lists, and only those', () => {
    expect(ALLOWED_LINK_PROTOCOLS).toEqual([
      'http',
      'https',
      'ftp',
      'ftps',
      'mailto',
      'tel',
      'callto',
      'sms',
      'cid',
      'xmpp',
    ]);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'java\nscript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'myapp://open',
    '',
    '   ',
  ])('refuses %j', (href) => {
    expect(isAllowedLinkHref(href)).toBe(false);
  });

  it('allows addresses without a scheme', () => {
    expect(isAllowedLinkHref('/docs/getting-started')).toBe(true);
    expect(isAllowedLinkHref('#step-2')).toBe(true);
    expect(isAllowedLinkHref('shop.example/cart')).toBe(true);
  });

  it('allows a registered custom scheme only when its name follows the rule', () => {
    expect(isAllowedLinkHref('my-app://open', ['my-app'])).toBe(true);
    expect(isAllowedLinkHref('app2://open', ['app2'])).toBe(true);
    expect(isAllowedLinkHref('My-App://open', ['My-App'])).toBe(false);
    expect(isAllowedLinkHref('app-://open', ['app-'])).toBe(false);
    expect(isAllowedLinkHref('other://open', ['my-app'])).toBe(false);
  });
});

describe('isValidCustomScheme', () => {
  it.each(['myapp', 'my-app', 'a1-b2-c3', '42'])('accepts %s', (scheme) => {
    expect(isValidCustomScheme(scheme)).toBe(true);
  });

  it.each(['-app', 'app-', 'my--app', 'MyApp', 'my_app', 'my.app', 'my app', ''])('rejects %j', (scheme) => {
    expect(isValidCustomScheme(scheme)).toBe(false);
  });
});
