// The e-mail steps (issue 32): a test reads what the application mailed to its inbox.
//   'Open the latest e-mail to {{inbox}}', 'Wait for the confirmation email'
//   'Check that the e-mail's subject contains "Welcome"', 'The subject of the mail should be "Hi"'
//   'Check that the e-mail says "Your code is"', 'Verify the welcome email contains "Thanks"'
//   'Click the "Confirm" link in the e-mail', 'Follow the confirmation link from the email'
//   'Type the code from the e-mail into the "Code" field', 'Fill the OTP field with the code from the mail'
// Read on the raw sentence (quotes kept); a sentence naming no e-mail is left to the other rules.
import { cleaned } from './stepText';

export type EmailSentence =
  /** `to`: the address, `{{inbox}}` unless the sentence names another. */
  | { op: 'open'; to: string }
  | { op: 'expect'; field: 'subject' | 'text'; value: string }
  /** `text`: the link's words ('' for 'the link in the e-mail'). */
  | { op: 'link'; text: string }
  /** `field`: the words naming the field the code goes into ('the "Code" field'). */
  | { op: 'code'; field: string };

/** The inbox's address when a sentence names none. */
export const DEFAULT_ADDRESS = '{{inbox}}';

const MAIL = String.raw`(?:e-?mail|mail)(?:\s+message)?`;
// 'the latest confirmation e-mail', 'an email', 'the password reset mail', 'the e-mail we sent'.
const A_MAIL = String.raw`(?:(?:the|an?|that|this|my|our|their|its)\s+)?(?:(?:latest|newest|last|most\s+recent|new|recent|incoming|received|first)\s+)?(?:[\w-]+\s+){0,2}?${MAIL}`;
const ADDRESS = String.raw`(\{\{\s*[\w.-]+\s*\}\}|"[^"\s]+@[^"\s]+"|[^\s"@]+@[^\s"]+)`;
const VALUE = String.raw`(?:"([^"]*)"|(.+?))`;
const CHECK = String.raw`(?:(?:please\s+)?(?:check|verify|confirm|ensure|make\s+sure|expect|assert|validate|see)\s+(?:that\s+|if\s+|whether\s+)?)?`;
const CONTAINS = String.raw`(?:contains?|includes?|says|reads|mentions|shows|has|is|equals|matches|should\s+(?:contain|include|say|read|mention|show|have|be|equal|match)|must\s+(?:contain|include|say|be))`;
const BODY_VERB = String.raw`(?:contains?|includes?|says|reads|mentions|shows|has|should\s+(?:contain|include|say|read|mention|show|have)|must\s+(?:contain|include|say))`;
const CODE_WORDS = String.raw`(?:(?:[\w-]+\s+){0,2}?(?:code|otp|pin|passcode|one[-\s]time\s+(?:code|password)|token))`;

/** 'the body of the e-mail', "the mail's text": the message's words, whether or not one was opened. */
const BODY_NAMED = new RegExp(
  String.raw`\b(?:body|text|content)\s+of\s+${A_MAIL}|${MAIL}(?:'s|’s)?\s+(?:body|text|content)\b`,
  'i',
);

const OPEN = [
  // 'Open the latest e-mail to {{inbox}}', 'Wait for the confirmation email sent to a@b.test'
  new RegExp(
    String.raw`^(?:please\s+)?(?:open|read|view|check\s+for|get|fetch|find|wait\s+for|go\s+to|look\s+at|receive)\s+(?:up\s+)?${A_MAIL}(?:\s+(?:that\s+(?:was|is)\s+|which\s+(?:was|is)\s+)?(?:sent\s+|delivered\s+|mailed\s+)?(?:to|for|at|in)\s+${ADDRESS})?(?:\s+in\s+(?:the\s+)?inbox)?$`,
    'i',
  ),
  // 'Check {{inbox}} for the welcome e-mail', 'Check the inbox of {{inbox}} for an email'
  new RegExp(
    String.raw`^(?:please\s+)?(?:check|open|look\s+in|search)\s+(?:the\s+inbox\s+(?:of|at|for)\s+)?${ADDRESS}(?:'s\s+inbox)?\s+for\s+${A_MAIL}$`,
    'i',
  ),
];

const SUBJECT = [
  // "Check that the e-mail's subject contains X", 'the subject line of the mail should be X'
  new RegExp(
    String.raw`^${CHECK}(?:the\s+)?(?:${A_MAIL}(?:'s|’s)?\s+subject|subject(?:\s+line)?\s+of\s+${A_MAIL})(?:\s+line)?\s+${CONTAINS}\s+${VALUE}$`,
    'i',
  ),
  // 'Check that the e-mail has the subject "Welcome"'
  new RegExp(
    String.raw`^${CHECK}${A_MAIL}\s+(?:has|is\s+titled|is\s+called)\s+(?:the\s+|a\s+)?(?:subject\s+)?${VALUE}$`,
    'i',
  ),
];

const TEXT = [
  // 'Check that the e-mail says "Your code is"', 'the body of the mail should mention X'
  new RegExp(
    String.raw`^${CHECK}(?:(?:the\s+)?(?:body|text|content)\s+of\s+)?${A_MAIL}(?:(?:'s|’s)?\s+(?:body|text|content))?\s+${BODY_VERB}\s+(?:the\s+(?:text|words?)\s+)?${VALUE}$`,
    'i',
  ),
];

const LINK = [
  // 'Click the "Confirm" link in the e-mail', 'Follow the confirmation link from the email'
  new RegExp(
    String.raw`^(?:please\s+)?(?:click|follow|open|tap|press|visit|use|go\s+to)\s+(?:on\s+)?(?:the\s+|a\s+)?(?:"([^"]+)"\s+(?:link|button)|link\s+"([^"]+)"|([\w-]+(?:\s+[\w-]+)?)\s+(?:link|button)|link|button)\s+(?:in|from|of|inside)\s+${A_MAIL}$`,
    'i',
  ),
];

const CODE = [
  // 'Type the code from the e-mail into the "Code" field', 'Enter the OTP from the mail in Code'
  new RegExp(
    String.raw`^(?:please\s+)?(?:type|enter|fill\s+in|fill|put|input|paste|copy|write|use)\s+(?:the\s+|a\s+)?${CODE_WORDS}\s+(?:from|in|of|sent\s+in|that\s+came\s+in)\s+${A_MAIL}\s+(?:into|in|to|on|as)\s+(.+?)$`,
    'i',
  ),
  // 'Fill the "Code" field with the code from the e-mail'
  new RegExp(
    String.raw`^(?:please\s+)?(?:fill(?:\s+in)?|complete|populate|set)\s+(.+?)\s+(?:with|to)\s+(?:the\s+)?${CODE_WORDS}\s+(?:from|in|of)\s+${A_MAIL}$`,
    'i',
  ),
];

/** An unquoted value, or one in single quotes. */
function unquoted(value: string): string {
  return value.trim().replace(/^'(.*)'$/, '$1');
}

function address(raw: string | undefined): string {
  if (!raw) return DEFAULT_ADDRESS;
  const bare = raw.replace(/^"|"$/g, '');
  const reference = /^\{\{\s*([\w.-]+)\s*\}\}$/.exec(bare);
  return reference ? `{{${reference[1]}}}` : bare;
}

/**
 * The e-mail step a sentence asks for, or null when it names no e-mail of the inbox. `opened`: an earlier
 * step opened an e-mail; only then is 'the email shows X' a check of the e-mail rather than of a page's
 * Email field.
 */
export function emailSentence(sentence: string, options: { opened?: boolean } = {}): EmailSentence | null {
  const text = cleaned(sentence);
  if (!/\b(?:e-?mail|mail)\b/i.test(text)) return null;
  for (const pattern of OPEN) {
    const m = pattern.exec(text);
    if (m) return { op: 'open', to: address(m[1]) };
  }
  for (const pattern of SUBJECT) {
    const m = pattern.exec(text);
    if (m) return { op: 'expect', field: 'subject', value: m[1] ?? unquoted(m[2]) };
  }
  for (const pattern of TEXT) {
    const m = pattern.exec(text);
    if (m && (options.opened || BODY_NAMED.test(text)))
      return { op: 'expect', field: 'text', value: m[1] ?? unquoted(m[2]) };
  }
  for (const pattern of LINK) {
    const m = pattern.exec(text);
    if (m) return { op: 'link', text: (m[1] ?? m[2] ?? m[3] ?? '').trim() };
  }
  for (const pattern of CODE) {
    const m = pattern.exec(text);
    if (m && !/\b(?:e-?mail|mail)\b/i.test(m[1])) return { op: 'code', field: m[1].trim() };
  }
  return null;
}
