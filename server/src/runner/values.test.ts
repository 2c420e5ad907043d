import { type Action } from './actions';
import { hideSecrets, maskSecretBytes, maskSecrets, SECRET_MASK } from './values';

const SECRET = 'Plänted sëcret&"7Q';
const M = SECRET_MASK;

describe('maskSecrets', () => {
  it.each([
    ['as typed', `key: ${SECRET}`, `key: ${M}`],
    ['inside JSON', JSON.stringify({ value: SECRET }), `{"value":"${M}"}`],
    ['URL-encoded', `/?key=${encodeURIComponent(SECRET)}`, `/?key=${M}`],
    [
      'with lower-case escapes',
      `/?key=${encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())}`,
      `/?key=${M}`,
    ],
    ['form-encoded', `/?${new URLSearchParams({ key: SECRET })}`, `/?key=${M}`],
    ['as the browser encodes a query', new URL(`http://site/?key=${SECRET}`).href, `http://site/?key=${M}`],
    ['HTML-escaped', 'Plänted sëcret&amp;&quot;7Q', M],
  ])('hides the value %s', (_form, text, masked) => {
    expect(maskSecrets(text, [SECRET])).toBe(masked);
  });

  it('leaves text alone when a URL would cut the secret short', () => {
    // Cut at '#', a query holds only 'abc': that prefix is not a form of the secret.
    expect(maskSecrets('abc and abc#def', ['abc#def'])).toBe(`abc and ${M}`);
  });

  it('masks bytes the same way', () => {
    const data = Buffer.from(`{"url":"http://site/?key=${encodeURIComponent(SECRET)}"}`);
    expect(maskSecretBytes(data, [SECRET]).toString()).toBe(`{"url":"http://site/?key=${M}"}`);
  });
});

describe('hideSecrets', () => {
  it('masks every string of a stored value but keeps a {{reference}} inside actions', () => {
    const fill: Action = {
      kind: 'click',
      target: { locator: { by: 'text', text: `Saved: ${SECRET}`, exact: true } },
    };
    const step = {
      url: `http://site/?key=${encodeURIComponent(SECRET)}`,
      verification: {
        passed: true,
        message: `The page http://site/?key=${encodeURIComponent(SECRET)} is open.`,
      },
      action: fill,
      unsuccessful_code_attempts: [{ action: { kind: 'goto', url: `http://site/?key=${SECRET}` } }],
      duration_ms: 12,
      cached_action_id: null,
    };
    expect(hideSecrets([step], { API_KEY: SECRET })).toEqual([
      {
        url: `http://site/?key=${M}`,
        verification: { passed: true, message: `The page http://site/?key=${M} is open.` },
        action: {
          kind: 'click',
          target: { locator: { by: 'text', text: 'Saved: {{API_KEY}}', exact: true } },
        },
        unsuccessful_code_attempts: [{ action: { kind: 'goto', url: 'http://site/?key={{API_KEY}}' } }],
        duration_ms: 12,
        cached_action_id: null,
      },
    ]);
  });

  it('returns the value itself without secrets', () => {
    const steps = [{ url: 'http://site/' }];
    expect(hideSecrets(steps, {})).toBe(steps);
    expect(hideSecrets(null, { API_KEY: SECRET })).toBeNull();
  });
});
