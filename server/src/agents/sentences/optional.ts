// Optional steps (issue 32): the one conditional a test may have, a click on something that is
// sometimes there.
//   'If a cookie banner is shown, click "Accept all"', 'If the newsletter pop-up appears, close it with "No thanks"'
//   'Click "Accept all" if it is shown', 'Click "Dismiss" if the banner is visible', 'Accept the cookies if asked'
// 'When the dialog is open, click Save' waits for the dialog (a leading clause), never skips the click.
// Read on the raw sentence (quotes kept). Only a click can be optional: 'If X is shown, type …' is
// read as an optional step that cannot be, so that nothing else becomes conditional.
import { cleaned } from './stepText';

export interface OptionalSentence {
  /** The step to take when its element is shown: 'click "Accept all"'. */
  act: string;
  /** The words of the element it clicks ('Accept all'); '' when the act names none. */
  words: string;
  /** False when the act is not a click (such a step cannot be optional). */
  click: boolean;
}

const SHOWN = String.raw`(?:is|are|gets|get)\s+(?:shown|visible|displayed|there|present|open|opened|showing|on\s+(?:the\s+)?(?:page|screen))|(?:appears?|shows?\s+up|pops?\s+up|comes?\s+up|exists?)`;
const CONDITION = String.raw`(?:if|in\s+case|should)\s+(?:there\s+is\s+)?(.+?)\s*(?:${SHOWN})`;

const LEADING = new RegExp(String.raw`^${CONDITION}\s*(?:,|\s)\s*(?:then\s+)?(.+)$`, 'i');
const TRAILING = new RegExp(
  String.raw`^(.+?),?\s+if\s+(?:it\s+is\s+|it's\s+|one\s+is\s+|(?:.+?)\s+(?:is|are)\s+)?(?:shown|visible|displayed|there|present|asked|open|showing)$`,
  'i',
);
const CLICK =
  /^(?:please\s+)?(?:click|tap|press|hit|close|dismiss|accept|choose|select|use)\b\s*(?:on\s+)?(?:it\s+)?(?:with\s+|by\s+clicking\s+(?:on\s+)?)?(.*)$/i;

/** The element's words in a click's words: its quoted text, else its words without 'the … button'. */
function elementWords(rest: string): string {
  const quoted = /"([^"]+)"/.exec(rest);
  if (quoted) return quoted[1].trim();
  return rest
    .replace(/^(?:the|a|an)\s+/i, '')
    .replace(/\s+(?:button|link|option|icon|tab)$/i, '')
    .trim();
}

/** The optional step a sentence asks for, or null when it asks for no condition on the page. */
export function optionalSentence(sentence: string): OptionalSentence | null {
  const text = cleaned(sentence);
  let act: string | null = null;
  const leading = LEADING.exec(text);
  if (leading) act = leading[2];
  else {
    const trailing = TRAILING.exec(text);
    if (trailing) act = trailing[1];
  }
  if (act === null) return null;
  act = act.trim().replace(/,$/, '');
  // 'If the page shows "Welcome"' is a check, not a condition on an element to click.
  if (!act) return null;
  const click = CLICK.exec(act);
  if (!click) return { act, words: '', click: false };
  return { act, words: elementWords(click[1]), click: true };
}
