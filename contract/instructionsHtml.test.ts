import { isSafeHref, sanitizeInstructionsHtml } from './instructionsHtml';

/** Issue 27: only the instructions editor's own markup is kept; everything a script could ride on goes. */
describe('sanitizeInstructionsHtml', () => {
  it.each([
    [
      'the editor’s own markup',
      '<h2>Sign in</h2><p>Type <strong>ada</strong>, <em>then</em> <s>x</s> <u>y</u> <code>z</code></p><ul><li><p>one</p></li></ul><ol start="3"><li>two</li></ol><blockquote><p>q</p></blockquote><pre><code class="language-js">a</code></pre><hr><p>line<br>break</p>',
      '<h2>Sign in</h2><p>Type <strong>ada</strong>, <em>then</em> <s>x</s> <u>y</u> <code>z</code></p><ul><li><p>one</p></li></ul><ol start="3"><li>two</li></ol><blockquote><p>q</p></blockquote><pre><code class="language-js">a</code></pre><hr><p>line<br>break</p>',
    ],
    [
      'a link as the editor writes it',
      '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/?a=1&amp;b=2">site</a>',
      '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/?a=1&amp;b=2">site</a>',
    ],
    ['plain text, with its < and &', 'Verify 3 < 4 & "done" > 2.', 'Verify 3 < 4 & "done" > 2.'],
    ['an image that runs a script on error', '<p>Hi<img src=x onerror="alert(1)"></p>', '<p>Hi</p>'],
    ['a script and its code', '<p>a</p><script>alert(document.cookie)</script><p>b</p>', '<p>a</p><p>b</p>'],
    ['a script never closed', '<p>a</p><SCRIPT src=//evil.example/x.js>', '<p>a</p>'],
    [
      'event handlers and styles on kept tags',
      '<p onclick="x()" style="color:red" class="c">a</p>',
      '<p>a</p>',
    ],
    [
      'a javascript: link, however it is spelled',
      '<a href="javascript:alert(1)">a</a><a href=" JaVa&#115;cript:alert(1)">b</a><a href="java&#x09;script:1">c</a><a href="javascript&colon;1">d</a>',
      '<a>a</a><a>b</a><a>c</a><a>d</a>',
    ],
    [
      'data: and vbscript: links',
      '<a href="data:text/html,<script>x</script>">a</a><a href="vbscript:x">b</a>',
      '<a>a</a><a>b</a>',
    ],
    [
      'svg, iframes and their content',
      '<svg onload="x()"><script>y()</script></svg><iframe srcdoc="<script>z()</script>"></iframe><p>ok</p>',
      '<p>ok</p>',
    ],
    ['comments and doctypes', '<!-- <img src=x onerror=y> --><!doctype html><p>a</p>', '<p>a</p>'],
    ['a tag left open', '<p>a</p><img src=x onerror=alert(1)//', '<p>a</p>&lt;img src=x onerror=alert(1)//'],
    [
      'an attribute value that closes the tag early',
      '<a href="x" title=\'"><script>y()</script>\'>a</a>',
      '<a href="x">a</a>',
    ],
    ['a stray < read as a tag, as browsers read it', '<p>a <b and c</p>', '<p>a <b>'],
  ])('keeps %s safe', (_label, input, expected) => {
    expect(sanitizeInstructionsHtml(input)).toBe(expected);
  });

  it('never leaves a tag the editor does not write, nor an on… attribute', () => {
    const hostile = [
      '<img/src/onerror=alert(1)>',
      '<details open ontoggle=alert(1)>',
      '<a href=javascript:alert(1)>x',
      '<p><math><mi xlink:href="javascript:1">x</mi></math></p>',
      '<<script>script>alert(1)<</script>/script>',
      '<p title="&quot;><img src=x onerror=1>">a</p>',
    ].map(sanitizeInstructionsHtml);
    for (const output of hostile) {
      expect(output).not.toMatch(/<(?!\/?(p|a|b)\b)[a-z]/i);
      expect(output).not.toMatch(/\son\w+=/i);
      expect(output).not.toMatch(/javascript:/i);
    }
  });

  it.each([
    ['https://example.com', true],
    ['/relative/path', true],
    ['#anchor', true],
    ['mailto:a@example.com', true],
    ['my-app:open', true],
    ['javascript:alert(1)', false],
    ['\u0000javascript:alert(1)', false],
    ['data:text/html,x', false],
    [':nothing', false],
  ])('tells whether a link may point at %j', (href, safe) => {
    expect(isSafeHref(href)).toBe(safe);
  });
});
