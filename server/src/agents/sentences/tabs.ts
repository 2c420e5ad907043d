// New tabs and pop-ups (issue 32, runner/tabs.ts): the steps that move the test between tabs.
//   'Switch to the new tab', 'Go to the pop-up window', 'Go back to the first tab'
//   'Close it', 'Close the tab', 'Close the new tab and go back to the first tab'
//   'Check that the new tab shows "Help centre"', 'The new tab should show "Help centre"'
//   'Click "Open help" and switch to the new tab' (when the planner keeps it one step)
// A click that opens a tab without saying so continues in it (the step's note says so): no words needed.
// Read on the raw sentence (quotes kept).
import { cleaned } from './stepText';

export type TabSentence =
  | { op: 'switch'; to: 'first' | 'last' }
  /** `it`: 'Close it', a tab step only when the test is in a tab it opened. */
  | { op: 'close'; it: boolean }
  | { op: 'expect'; value: string }
  /** `act`: the click that opens the tab ('Click "Open help"'). */
  | { op: 'click'; act: string };

const TAB = String.raw`(?:browser\s+)?(?:tab|window|pop-?up(?:\s+window)?)`;
const FIRST = String.raw`first|original|previous|old|main|initial|other`;
const NEW = String.raw`new|newest|latest|second|opened|last`;

const SWITCH = new RegExp(
  String.raw`^(?:please\s+)?(?:switch|go|change|move|return|jump|come)\s+(?:back\s+)?(?:over\s+)?to\s+(?:the\s+|that\s+|this\s+)?(?:(${FIRST})|(${NEW}))?\s*${TAB}$`,
  'i',
);
const CLOSE = new RegExp(
  String.raw`^(?:please\s+)?close\s+(it|this|that|(?:the|this|that)\s+(?:new\s+|current\s+|second\s+|opened\s+)?${TAB})(?:\s*,?\s*(?:and\s+)?(?:then\s+)?(?:go|switch|return|come)\s+back\s+to\s+(?:the\s+)?(?:${FIRST})\s+${TAB})?$`,
  'i',
);
const EXPECT = [
  new RegExp(
    String.raw`^(?:please\s+)?(?:check|verify|confirm|assert|ensure|make\s+sure)\s+(?:that\s+)?(?:the\s+)?(?:(?:${NEW})\s+)?${TAB}\s+(?:shows|says|contains|displays|has|reads)\s+"([^"]+)"$`,
    'i',
  ),
  new RegExp(
    String.raw`^(?:the\s+)?(?:(?:${NEW})\s+)?${TAB}\s+(?:should|must)\s+(?:show|say|contain|display|have|read)\s+"([^"]+)"$`,
    'i',
  ),
];
const CLICK_AND_SWITCH = new RegExp(
  String.raw`^(.+?),?\s+(?:and\s+)?(?:then\s+)?(?:switch|go|move)\s+to\s+(?:the\s+)?(?:${NEW})\s+${TAB}$`,
  'i',
);

/** The tab step a sentence asks for, or null when it speaks of no tab. */
export function tabSentence(sentence: string): TabSentence | null {
  const text = cleaned(sentence);
  const switched = SWITCH.exec(text);
  // 'Switch to the Archived tab' is an in-page tab: only first/new (or none: 'the pop-up') move tabs.
  if (switched) {
    if (switched[1]) return { op: 'switch', to: 'first' };
    if (switched[2] || !/\btab$/i.test(text)) return { op: 'switch', to: 'last' };
  }
  const closed = CLOSE.exec(text);
  if (closed) return { op: 'close', it: /^(?:it|this|that)$/i.test(closed[1]) };
  for (const pattern of EXPECT) {
    const m = pattern.exec(text);
    if (m) return { op: 'expect', value: m[1].trim() };
  }
  const clicked = CLICK_AND_SWITCH.exec(text);
  if (clicked && /^(?:please\s+)?(?:click|tap|press|follow|open|select)\b/i.test(clicked[1]))
    return { op: 'click', act: clicked[1].trim() };
  return null;
}
