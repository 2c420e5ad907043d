import { execFileSync } from 'node:child_process';
import { findCode, findLink, linksOf, mailText } from './mail';
import { actionCode, typescriptScript, pythonScript } from '../runner';

// Issue 32: what an e-mail step reads of a message — its link by the link's words, its first code.

const welcome = {
  subject: 'Welcome to Acme',
  text: '',
  html: '<p>Hi Ada,</p><p>Signed up on 12 March 2026? Your code is <b>482913</b>.</p><p><a href="https://acme.test/confirm?token=77120045&amp;u=1">Confirm my e-mail</a> · <a href=\'https://acme.test/help\'>Help</a></p>',
};

describe('reading a received e-mail', () => {
  it('reads its HTML as words when it has no text part', () => {
    expect(mailText(welcome).replace(/\s+/g, ' ').trim()).toBe(
      'Hi Ada, Signed up on 12 March 2026? Your code is 482913 . Confirm my e-mail · Help',
    );
  });

  it('finds a link by its words, by the stem of a word, or the only link', () => {
    const links = linksOf(welcome);
    expect(links).toEqual([
      { text: 'Confirm my e-mail', url: 'https://acme.test/confirm?token=77120045&u=1' },
      { text: 'Help', url: 'https://acme.test/help' },
    ]);
    expect(findLink(links, 'Confirm')?.url).toBe('https://acme.test/confirm?token=77120045&u=1');
    expect(findLink(links, 'confirmation')?.url).toBe('https://acme.test/confirm?token=77120045&u=1');
    expect(findLink(links, 'help')?.url).toBe('https://acme.test/help');
    expect(findLink(links, 'Unsubscribe')).toBeNull();
    // 'the link in the e-mail' names none: only a message with one link answers it.
    expect(findLink(links, '')).toBeNull();
    expect(findLink(links.slice(1), '')?.text).toBe('Help');
    // A plain-text message: the words before its URL name it.
    expect(
      findLink(linksOf({ text: 'Reset your password: https://a.test/reset?t=1.\n', html: null }), 'reset'),
    ).toEqual({ text: 'Reset your password', url: 'https://a.test/reset?t=1' });
  });

  it("takes the code said to be one, else the first of 4 to 8 digits, never a date or a link's token", () => {
    // 2026 comes first, but 482913 is said to be the code.
    expect(findCode(welcome)).toBe('482913');
    expect(findCode({ subject: 'x', text: 'Booked for 2026. Show 7741 at the desk.', html: null })).toBe(
      '2026',
    );
    expect(
      findCode({ subject: 'x', text: 'Go to https://a.test/c?code=99887766 then type 1234.', html: null }),
    ).toBe('1234');
    expect(findCode({ subject: 'x', text: 'Due 2026-03-12 at 10:30, ref 12.5000', html: null })).toBeNull();
    expect(findCode({ subject: 'Your code: 553311', text: 'See the subject.', html: null })).toBe('553311');
    expect(findCode({ subject: 'x', text: 'Call 123456789 or use 12345', html: null })).toBe('12345');
  });
});

describe('the exported code of e-mail steps', () => {
  const steps = [
    {
      description: 'Open the latest e-mail to {{inbox}}',
      action: { kind: 'email', op: 'open', to: '{{inbox}}' },
    },
    {
      description: 'Check that the e-mail\'s subject contains "Welcome"',
      action: { kind: 'email', op: 'expect', field: 'subject', value: 'Welcome' },
    },
    {
      description: 'Click the "Confirm" link in the e-mail',
      action: { kind: 'email', op: 'link', text: 'Confirm' },
    },
    {
      description: 'Type the code from the e-mail into the "Code" field',
      action: { kind: 'email', op: 'code', target: { locator: { by: 'label', text: 'Code' } } },
    },
  ] as const;

  it('reads the mail over HTTP with its own address, in TypeScript and Python', () => {
    expect(steps.map((step) => actionCode(step.action, 'typescript'))).toEqual([
      'mail = await latestEmail(inbox);',
      "expect(mailWords(mail.subject)).toContain(mailWords('Welcome'));",
      "await page.goto(emailLink(mail, 'Confirm'));",
      "await page.getByLabel('Code').fill(emailCode(mail));",
    ]);
    expect(steps.map((step) => actionCode(step.action, 'python'))).toEqual([
      'mail = latest_email(INBOX)',
      'assert mail_words("Welcome") in mail_words(mail["subject"])',
      'page.goto(email_link(mail, "Confirm"))',
      'page.get_by_label("Code").fill(email_code(mail))',
    ]);
    const spec = { name: 'Sign up', steps: [...steps], parameters: {}, secretNames: [] };
    const ts = typescriptScript(spec);
    expect(ts).toContain('async function latestEmail(address: string');
    expect(ts).toContain(
      "const inboxUrl = process.env.PLAINWRIGHT_INBOX_URL ?? 'http://localhost:3000/api/inbox';",
    );
    const py = pythonScript(spec);
    expect(py).toContain('def latest_email(address: str');
    expect(py.split('\n').slice(0, 8)).toEqual([
      'import json',
      'import os',
      'import re',
      'import time',
      'import urllib.parse',
      'import urllib.request',
      'import uuid',
      '',
    ]);
    // The helpers find what a run finds (lib/mail.ts), in both languages.
    const python = [
      ...py.split('\n').filter((line) => line.startsWith('import ')),
      py.slice(py.indexOf('def mail_words'), py.indexOf('\n\ndef test_')),
      `print(email_code(${JSON.stringify({ text: mailText(welcome), subject: welcome.subject })}))`,
      `print(email_link({"subject": "s", "links": ${JSON.stringify(linksOf(welcome))}}, "confirmation"))`,
    ].join('\n');
    expect(execFileSync('python3', ['-c', python], { encoding: 'utf8' }).split('\n')).toEqual([
      '482913',
      'https://acme.test/confirm?token=77120045&u=1',
      '',
    ]);
    // A test without e-mail steps carries none of it.
    expect(typescriptScript({ ...spec, steps: [] })).not.toContain('latestEmail');
  });
});
