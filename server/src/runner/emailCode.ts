// The exported files' test inbox (issue 32). An exported test cannot reach Plainwright's database, so it
// reads its mail over HTTP: it makes an address of its own, `pw-<32 hex digits>@<domain>` (random, so
// the address is its key, and parallel runs never read each other's mail), and polls
// GET <PLAINWRIGHT_INBOX_URL>/<address> (routes/inbox.ts) for the newest message there. Its link and
// code are found as a run finds them (lib/mail.ts): by the link's words, the code said to be one.
import { CODE_SOURCE, SAID_CODE_SOURCE } from '../lib/mail';

/** The variable a test's steps name the inbox's address by. */
export const INBOX_VARIABLE = 'inbox';

/** Default of PLAINWRIGHT_INBOX_URL in the exported files: this server's API on its default port. */
const DEFAULT_INBOX_URL = 'http://localhost:3000/api/inbox';
/** Default of PLAINWRIGHT_INBOX_DOMAIN: INBOX_DOMAIN's default. */
const DEFAULT_DOMAIN = 'inbox.plainwright.test';

/** The Python modules the helper needs beyond os and re. */
export const PYTHON_EMAIL_IMPORTS = [
  'import json',
  'import time',
  'import urllib.parse',
  'import urllib.request',
  'import uuid',
];

/** Whether the exported body reads the inbox (its helpers are then written at the file's top). */
export function usesInbox(body: string): boolean {
  return /\b(?:latestEmail|latest_email)\(|(?<![{\w.])(?:inbox|INBOX)\b(?!}})/.test(body);
}

/** The helper's lines, for the file's top; null when the body reads no mail. */
export function emailHelper(language: 'typescript' | 'python', body: string): string[] | null {
  if (!usesInbox(body)) return null;
  if (language === 'typescript')
    return [
      "// The test inbox (Plainwright, docs/inbox.md): the application mails this test's own address, and the",
      "// test reads the newest message there over HTTP. Point the application's SMTP at Plainwright's inbox",
      '// (INBOX_SMTP_PORT) and set PLAINWRIGHT_INBOX_URL to its API (…/api/inbox).',
      'interface Email {',
      '  from: string;',
      '  subject: string;',
      '  text: string;',
      '  links: { text: string; url: string }[];',
      '  received_at: string;',
      '}',
      `const inboxUrl = process.env.PLAINWRIGHT_INBOX_URL ?? '${DEFAULT_INBOX_URL}';`,
      `const inbox = \`pw-\${crypto.randomUUID().replace(/-/g, '')}@\${process.env.PLAINWRIGHT_INBOX_DOMAIN ?? '${DEFAULT_DOMAIN}'}\`;`,
      'let mail: Email;',
      '',
      '/** The newest e-mail to the address, waiting for one up to the timeout. */',
      'async function latestEmail(address: string, timeout = 20_000): Promise<Email> {',
      '  const deadline = Date.now() + timeout;',
      '  for (;;) {',
      '    const response = await fetch(`${inboxUrl}/${encodeURIComponent(address)}`);',
      '    if (!response.ok) throw new Error(`The inbox answered HTTP ${response.status}: ${await response.text()}`);',
      '    const { mails } = (await response.json()) as { mails: Email[] };',
      '    if (mails.length > 0) return mails[0];',
      '    if (Date.now() > deadline) throw new Error(`No e-mail came to ${address} within ${timeout / 1000} s.`);',
      '    await new Promise((resolve) => setTimeout(resolve, 250));',
      '  }',
      '}',
      '',
      'function mailWords(text: string): string {',
      "  return text.replace(/\\s+/g, ' ').trim().toLowerCase();",
      '}',
      '',
      "/** The e-mail's link named by these words (its text, else the stem in its text or address). */",
      'function emailLink(email: Email, words: string): string {',
      '  const name = mailWords(words);',
      "  const stem = name.replace(/(?:ation|ing|ed|e)$/, '');",
      '  const link =',
      '    email.links.find((one) => mailWords(one.text) === name) ??',
      '    email.links.find((one) => mailWords(one.text).includes(name)) ??',
      '    (stem.length >= 4',
      '      ? (email.links.find((one) => mailWords(one.text).includes(stem)) ??',
      '        email.links.find((one) => one.url.toLowerCase().includes(stem)))',
      '      : undefined);',
      '  if (!link) throw new Error(`The e-mail "${email.subject}" has no "${words}" link.`);',
      '  return link.url;',
      '}',
      '',
      "/** The e-mail's code (not in a link's address): the first said to be one, else the first of 4 to 8 digits. */",
      'function emailCode(email: Email): string {',
      "  const texts = [email.text, email.subject].map((text) => text.replace(/\\bhttps?:\\/\\/[^\\s<>\"')\\]]+/gi, ' '));",
      `  const said = new RegExp(${JSON.stringify(SAID_CODE_SOURCE)}, 'i');`,
      `  const code = new RegExp(${JSON.stringify(CODE_SOURCE)});`,
      '  for (const text of texts) if (said.test(text)) return said.exec(text)![1];',
      '  for (const text of texts) if (code.test(text)) return code.exec(text)![0];',
      '  throw new Error(`The e-mail "${email.subject}" holds no code of 4 to 8 digits.`);',
      '}',
      '',
    ];
  return [
    '',
    "# The test inbox (Plainwright, docs/inbox.md): the application mails this test's own address, and the",
    "# test reads the newest message there over HTTP. Point the application's SMTP at Plainwright's inbox",
    '# (INBOX_SMTP_PORT) and set PLAINWRIGHT_INBOX_URL to its API (…/api/inbox).',
    `INBOX_URL = os.environ.get("PLAINWRIGHT_INBOX_URL", "${DEFAULT_INBOX_URL}")`,
    `INBOX = f"pw-{uuid.uuid4().hex}@{os.environ.get('PLAINWRIGHT_INBOX_DOMAIN', '${DEFAULT_DOMAIN}')}"`,
    '',
    '',
    'def latest_email(address: str, timeout: float = 20.0) -> dict:',
    '    """The newest e-mail to the address, waiting for one up to the timeout."""',
    '    deadline = time.monotonic() + timeout',
    '    while True:',
    '        with urllib.request.urlopen(f"{INBOX_URL}/{urllib.parse.quote(address)}") as response:',
    '            mails = json.load(response)["mails"]',
    '        if mails:',
    '            return mails[0]',
    '        if time.monotonic() > deadline:',
    '            raise AssertionError(f"No e-mail came to {address} within {timeout} s.")',
    '        time.sleep(0.25)',
    '',
    '',
    'def mail_words(text: str) -> str:',
    '    return " ".join(text.split()).lower()',
    '',
    '',
    'def email_link(email: dict, words: str) -> str:',
    '    """The e-mail\'s link named by these words (its text, else the stem in its text or address)."""',
    '    name = mail_words(words)',
    '    stem = re.sub(r"(?:ation|ing|ed|e)$", "", name)',
    '    links = email["links"]',
    '    found = [one for one in links if mail_words(one["text"]) == name]',
    '    found += [one for one in links if name in mail_words(one["text"])]',
    '    if len(stem) >= 4:',
    '        found += [one for one in links if stem in mail_words(one["text"])]',
    '        found += [one for one in links if stem in one["url"].lower()]',
    '    if not found:',
    '        raise AssertionError(f"The e-mail \\"{email[\'subject\']}\\" has no \\"{words}\\" link.")',
    '    return found[0]["url"]',
    '',
    '',
    'def email_code(email: dict) -> str:',
    '    """The e-mail\'s code (not in a link\'s address): the first said to be one, else the first of 4 to 8 digits."""',
    '    texts = [re.sub(r"\\bhttps?://[^\\s<>\\"\')\\]]+", " ", text) for text in (email["text"], email["subject"])]',
    '    for text in texts:',
    `        said = re.search(r"${SAID_CODE_SOURCE}", text, re.IGNORECASE)`,
    '        if said:',
    '            return said.group(1)',
    '    for text in texts:',
    `        code = re.search(r"${CODE_SOURCE}", text)`,
    '        if code:',
    '            return code.group(0)',
    '    raise AssertionError(f"The e-mail \\"{email[\'subject\']}\\" holds no code of 4 to 8 digits.")',
    '',
  ];
}
