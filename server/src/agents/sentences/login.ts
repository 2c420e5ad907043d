// A log-in with its credentials written bare (issue 29): 'Log in as ops / s3cret', 'log in w/
// admin@corp.io pw admin123', 'Log in with customer ID 12345678 and passcode 4321'. A log-in is one
// intention, so both values are found or none is: never a user name typed without its password.
// Quoted values arrive as ⟦n⟧ tokens and count as one credential each.

export interface Credentials {
  username: string;
  password: string;
}

const LOG_IN = String.raw`(?:log\s?in(?:to)?|log\s+into|logn|sign\s?in(?:to)?|sign\s+into|sign\s?on|logging\s+in|signing\s+in)`;
// Whatever is between the verb and the credentials: 'to wp-admin', 'to my account'.
const BETWEEN = String.raw`(?:\s+(?:to|into|on|at)\s+[^\s/]+(?:\s+[a-z]+)?)?`;
const CRED = String.raw`(⟦\d+⟧|[^\s/⟦⟧]+)`;
// A user name after a field's words ('customer ID 12345678') looks like one: digits, @, a dot or a token.
const NAMED_CRED = String.raw`(⟦\d+⟧|[^\s/⟦⟧]*[\d@._][^\s/⟦⟧]*)`;
const PASSWORD_WORD = String.raw`(?:password|passcode|passwrd|pass|pw|pwd|pin)`;

const SLASHED = new RegExp(
  String.raw`^${LOG_IN}${BETWEEN}\s+(?:as|with|using|w/)\s+(?:[a-z]+\s+){0,3}?${CRED}\s*/\s*${CRED}$`,
  'i',
);
const AS_USER = new RegExp(
  String.raw`^${LOG_IN}${BETWEEN}\s+as\s+${CRED}\s*,?\s+(?:and\s+|with\s+|using\s+)?(?:the\s+|a\s+)?${PASSWORD_WORD}\s+${CRED}$`,
  'i',
);
const WITH_FIELDS = new RegExp(
  String.raw`^${LOG_IN}${BETWEEN}\s+(?:with|using|w/)\s+(?:[a-z-]+\s+){0,3}?${NAMED_CRED}\s*,?\s+(?:and\s+|with\s+)?(?:the\s+|a\s+)?${PASSWORD_WORD}\s+${CRED}$`,
  'i',
);
// 'Sign in with username ops and password s3cret': a user name after its field's word, whatever it looks like.
const USER_FIELD = new RegExp(
  String.raw`^${LOG_IN}${BETWEEN}\s+(?:with|using|w/)\s+(?:the\s+|my\s+|a\s+)?(?:user\s?name|user(?:\s+id)?|login|e-?mail(?:\s+address)?|account)\s+${CRED}\s*,?\s+(?:and\s+|with\s+)?(?:the\s+|a\s+)?${PASSWORD_WORD}\s+${CRED}$`,
  'i',
);
// 'Enter shopper@test.io / Passw0rd! and log in': the values first, then the log-in.
const VALUES_FIRST = new RegExp(
  String.raw`^(?:enter|type|use)\s+${CRED}\s*/\s*${CRED}\s*,?\s+(?:and|then)\s+${LOG_IN}$`,
  'i',
);

/** The credentials of a log-in sentence (tokens as written), or null when it is not one with both. */
export function logInCredentials(text: string): Credentials | null {
  const trimmed = text.trim().replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim();
  for (const pattern of [SLASHED, AS_USER, WITH_FIELDS, USER_FIELD, VALUES_FIRST]) {
    const m = pattern.exec(trimmed);
    if (m && !m[1].startsWith('/')) return { username: m[1], password: m[2] };
  }
  return null;
}

// A persona: 'the admin user', 'a support agent', 'patient Jane Doe', 'the new account'. Not a value
// ('as ops', 'as {{user}}') and not a place ('to wp-admin').
const PERSONA = new RegExp(
  String.raw`^(?:${LOG_IN}|logged\s+in|signed\s+in)${BETWEEN}\s+(?:as|with)\s+((?:the|a|an|my|our)\s+[^⟦⟧/@]+|[a-z]+\s+[A-Z][^⟦⟧/@]*)$`,
);

/**
 * The persona a log-in names when it gives no credentials ('Sign in as the test customer', 'log in
 * with the new account'), or null. The suite's parameters or modules say who that is; the sentence alone
 * cannot type anything.
 */
export function logInPersona(text: string): string | null {
  const trimmed = text.trim().replace(/[.!]+$/, '');
  if (logInCredentials(trimmed)) return null;
  const m = PERSONA.exec(trimmed.replace(/^(\w)/, (c) => c.toLowerCase()));
  return m ? m[1].trim() : null;
}
