import { type ScrollTo } from '../runner';
import { countComparison } from './sentences/comparisons';
import { NUMBER_WORDS, ORDINALS } from '../lib/words';
import { isJudgement, judgesManner, trailingClause } from './sentences/clauses';
import { logInPersona } from './sentences/login';
import { absence, isStatement, negates, unsafeAbsent } from './sentences/negation';
import { type Check, checkStatement, exampleValue, seeSaying } from './sentences/checks';
import {
  confirmOrder,
  labelOrder,
  markAsOrder,
  negativeOrder,
  type Order,
  switchState,
  switchTo,
  unfold,
} from './sentences/orders';
import {
  type Intent,
  type IntentAssertion,
  type ItemKind,
  type ParseResult,
  type Phrase,
  type RoleHint,
  type TargetRef,
  phraseTarget,
} from './intent';

// The offline model's plain-English grammar: one sentence → one intent, or a hint that says how to
// phrase it. Quoted strings and {{parameters}} are lifted out first, so the patterns never look
// inside values.

const OPEN_TOKEN = '⟦';
const CLOSE_TOKEN = '⟧';
const TOK = `${OPEN_TOKEN}\\d+${CLOSE_TOKEN}`;
const TOKEN_ONLY = new RegExp(`^${TOK}$`);
const TOKEN_ANY = new RegExp(TOK, 'g');

export interface Tokenized {
  text: string;
  values: string[];
}

const PAIRS: Record<string, string[]> = {
  '"': ['"', '”'],
  '“': ['”', '"'],
  '„': ['“', '”', '"'],
  "'": ["'", '’'],
  '‘': ['’', "'"],
  '`': ['`'],
  '«': ['»'],
};

/** Lifts quoted strings and bare {{parameters}} into ⟦n⟧ tokens. */
export function tokenize(sentence: string): Tokenized {
  const values: string[] = [];
  let out = '';
  let i = 0;
  while (i < sentence.length) {
    const char = sentence[i];
    if (sentence.startsWith('{{', i)) {
      const end = sentence.indexOf('}}', i + 2);
      if (end > 0) {
        values.push(
          sentence
            .slice(i, end + 2)
            .replace(/\{\{\s*/, '{{')
            .replace(/\s*\}\}$/, '}}'),
        );
        out += `${OPEN_TOKEN}${values.length - 1}${CLOSE_TOKEN}`;
        i = end + 2;
        continue;
      }
    }
    const closers = PAIRS[char];
    // An apostrophe inside a word ("don't", "Ada's") opens nothing.
    const apostrophe = char === "'" || char === '‘' || char === '’';
    const opens = closers && (!apostrophe || i === 0 || /[\s([{:,=]/.test(sentence[i - 1]));
    if (opens) {
      let end = -1;
      for (let j = i + 1; j < sentence.length; j++) {
        if (!closers.includes(sentence[j])) continue;
        if (apostrophe && j + 1 < sentence.length && /[\p{L}\p{N}]/u.test(sentence[j + 1])) continue;
        end = j;
        break;
      }
      if (end > i) {
        values.push(sentence.slice(i + 1, end));
        out += `${OPEN_TOKEN}${values.length - 1}${CLOSE_TOKEN}`;
        i = end + 1;
        continue;
      }
    }
    out += char;
    i++;
  }
  return { text: out, values };
}

export function detokenize(text: string, values: string[]): string {
  return text.replace(TOKEN_ANY, (token) => values[Number(token.slice(1, -1))] ?? token);
}

/** Puts a token back with quotes (for sentences rebuilt from parts). */
export function requote(text: string, values: string[]): string {
  return text.replace(TOKEN_ANY, (token) => quote(values[Number(token.slice(1, -1))] ?? ''));
}

export function quote(value: string): string {
  if (/^\{\{[^}]+\}\}$/.test(value)) return value;
  if (!value.includes('"')) return `"${value}"`;
  if (!value.includes('”')) return `“${value}”`;
  return `'${value}'`;
}

// ── Words ─────────────────────────────────────────────────────────────────────────────────────────

const NUMBER = `(?:\\d+|${Object.keys(NUMBER_WORDS).join('|')})`;

function toNumber(text: string): number | null {
  const lower = text.toLowerCase();
  if (/^\d+$/.test(lower)) return Number(lower);
  return NUMBER_WORDS[lower] ?? null;
}

// Longest first, so 'radio button' wins over 'button'. Each maps to a role and words kept in the phrase.
const ROLE_WORDS: [string, RoleHint, string][] = [
  ['radio button', 'radio', ''],
  ['search box', 'searchbox', 'search'],
  ['search field', 'searchbox', 'search'],
  ['search bar', 'searchbox', 'search'],
  ['search input', 'searchbox', 'search'],
  ['text box', 'textbox', ''],
  ['text field', 'textbox', ''],
  ['input field', 'textbox', ''],
  ['input box', 'textbox', ''],
  ['text input', 'textbox', ''],
  ['text area', 'textbox', ''],
  ['check box', 'checkbox', ''],
  ['select box', 'combobox', ''],
  ['combo box', 'combobox', ''],
  ['drop-down list', 'combobox', ''],
  ['dropdown list', 'combobox', ''],
  ['drop down list', 'combobox', ''],
  ['drop-down menu', 'combobox', ''],
  ['dropdown menu', 'combobox', ''],
  ['drop down', 'combobox', ''],
  ['drop-down', 'combobox', ''],
  ['dropdown', 'combobox', ''],
  ['menu item', 'menuitem', ''],
  ['textbox', 'textbox', ''],
  ['textarea', 'textbox', ''],
  ['field', 'textbox', ''],
  ['input', 'textbox', ''],
  ['box', 'textbox', ''],
  ['checkbox', 'checkbox', ''],
  ['tickbox', 'checkbox', ''],
  ['toggle', 'checkbox', ''],
  ['switch', 'checkbox', ''],
  ['combobox', 'combobox', ''],
  ['select', 'combobox', ''],
  ['picker', 'combobox', ''],
  ['button', 'button', ''],
  ['btn', 'button', ''],
  ['hyperlink', 'link', ''],
  ['link', 'link', ''],
  ['tab', 'tab', ''],
  ['heading', 'heading', ''],
  ['header', 'heading', ''],
  ['headline', 'heading', ''],
  ['image', 'img', ''],
  ['picture', 'img', ''],
  ['icon', 'img', ''],
  ['radio', 'radio', ''],
  ['option', 'option', ''],
];

const KEY_NAMES: Record<string, string> = {
  enter: 'Enter',
  return: 'Enter',
  tab: 'Tab',
  escape: 'Escape',
  esc: 'Escape',
  space: 'Space',
  spacebar: 'Space',
  'space bar': 'Space',
  backspace: 'Backspace',
  delete: 'Delete',
  del: 'Delete',
  insert: 'Insert',
  home: 'Home',
  end: 'End',
  'page up': 'PageUp',
  pageup: 'PageUp',
  'page down': 'PageDown',
  pagedown: 'PageDown',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  'arrow up': 'ArrowUp',
  'arrow down': 'ArrowDown',
  'arrow left': 'ArrowLeft',
  'arrow right': 'ArrowRight',
  'up arrow': 'ArrowUp',
  'down arrow': 'ArrowDown',
  'left arrow': 'ArrowLeft',
  'right arrow': 'ArrowRight',
  arrowup: 'ArrowUp',
  arrowdown: 'ArrowDown',
  arrowleft: 'ArrowLeft',
  arrowright: 'ArrowRight',
};
const MODIFIERS: Record<string, string> = {
  ctrl: 'Control',
  control: 'Control',
  shift: 'Shift',
  alt: 'Alt',
  option: 'Alt',
  cmd: 'Meta',
  command: 'Meta',
  meta: 'Meta',
  win: 'Meta',
};

/** 'enter', 'the Escape key', 'Ctrl+A' → a Playwright key name; null when it is not a key. */
export function parseKey(raw: string): string | null {
  const text = raw
    .toLowerCase()
    .replace(/^(the )/, '')
    .replace(
      /\s+(?:without typing(?: anything| a thing)?|with nothing typed|on the keyboard|again|now|once)$/,
      '',
    )
    .replace(/ (key|keys|button)$/, '')
    .trim();
  if (KEY_NAMES[text]) return KEY_NAMES[text];
  if (/^f([1-9]|1[0-2])$/.test(text)) return text.toUpperCase();
  // 'Press ?', 'hit /': a punctuation key is its own name.
  if (/^[?/\\.,;'`[\]=*#@!]$/.test(text)) return text;
  const parts = text.split(/\s*[+-]\s*|\s+/).filter(Boolean);
  if (parts.length >= 2 && parts.slice(0, -1).every((part) => MODIFIERS[part])) {
    const last = parts[parts.length - 1];
    const key =
      KEY_NAMES[last] ??
      (/^[a-z0-9]$/.test(last) ? last : /^f([1-9]|1[0-2])$/.test(last) ? last.toUpperCase() : null);
    if (!key) return null;
    return [...parts.slice(0, -1).map((part) => MODIFIERS[part]), key].join('+');
  }
  return null;
}

// ── Targets ───────────────────────────────────────────────────────────────────────────────────────

const VAGUE =
  /^(it|them|this|that|these|those|something|anything|everything|stuff|things?|element|elements|item|page|screen|site)$/i;

/** 'the second "Add to cart" button for "Mug"' → a phrase; null when the words name nothing. */
export function parsePhrase(raw: string, values: string[]): Phrase | null {
  let text = raw
    .trim()
    .replace(/[.,;:!?]+$/, '')
    .trim();
  let context: string | undefined;
  let anaphor: Phrase['anaphor'];
  // 'it', 'that item', 'the same one': the previous step's element; 'its remove button': inside it.
  if (
    /^(?:it again|that (?:item|row|entry|task|todo|one|element)|this (?:item|row|entry|task|todo|one)|the same(?: (?:item|row|entry|task|todo|one|element))?)(?: again)?$/i.test(
      text,
    )
  )
    return { text: '', anaphor: 'same' };
  const its = /^(?:its|their|(?:that|this|the same) (?:item|row|entry|task|todo|one)'s)\s+(.+)$/i.exec(text);
  if (its) {
    anaphor = 'its';
    text = its[1];
  }
  // 'the item being edited': the field the page shows for editing.
  text = text.replace(
    /^(?:the\s+)?(?:item|entry|task|todo|row|text|title)\s+(?:being|currently being)\s+edited$/i,
    'edit field',
  );
  text = text.replace(/\s+(?:again|once more|one more time)$/i, '');
  // 'the trash icon in the third row', 'the menu of the last project': inside the Nth row or item.
  let inItem: Phrase['inItem'];
  const inOrdinal = new RegExp(
    `^(.+?)\\s+(?:in|on|of|from|for|at|next to)\\s+the\\s+${ORDINAL_WORD}\\s+${ITEM_NOUN}$`,
    'i',
  ).exec(text);
  if (inOrdinal) {
    text = inOrdinal[1];
    inItem = { kind: itemKind(inOrdinal[4]), ordinal: ordinalOf(inOrdinal[2], inOrdinal[3]) };
  }
  const contextMatch =
    /^(.+?)\s+(?:for|of|next to|beside|belonging to|(?:in|on|at) the (?:row|line|item|card|entry|tile) (?:for|of|with|containing))\s+(?:the\s+|a\s+|an\s+)?(.+)$/i.exec(
      text,
    );
  if (!inItem && contextMatch && !/^(?:the\s+)?(?:value|number|name|list)$/i.test(contextMatch[1].trim())) {
    text = contextMatch[1];
    if (
      /^(?:it|that (?:item|row|entry|task|todo|one)|this (?:item|row|entry|task|todo|one)|the same(?: (?:item|row|entry|task|todo|one))?)$/i.test(
        contextMatch[2].trim(),
      )
    )
      anaphor = 'its';
    else context = detokenize(contextMatch[2], values).trim();
  }
  let where: string | undefined;
  if (!inItem && !context) {
    const place = placeClause(text);
    if (place) {
      text = place.name;
      if (place.region) where = detokenize(place.words, values);
      else context = detokenize(place.words, values);
    }
  }
  // 'in sidebar', 'on page': a region without its article narrows the target too; the page does not.
  text = text.replace(
    /\s+(?:on|in|at|from)\s+(page|screen|top|bottom|header|footer|form|sidebar|menu bar|top bar|navigation|nav)$/i,
    (_all, region: string) => {
      if (!where && !/^(?:page|screen|top|bottom)$/i.test(region)) where = region;
      return '';
    },
  );
  text = text.replace(/^(?:on|at|onto|into)\s+/i, '').replace(/^(?:the|a|an|my|your|this|that)\s+/i, '');
  let ordinal: number | undefined;
  const ordinalMatch =
    /^(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final|(\d+)(?:st|nd|rd|th))\s+(.+)$/i.exec(
      text,
    );
  if (ordinalMatch && !/^name\b/i.test(ordinalMatch[3])) {
    ordinal = ordinalMatch[2] ? Number(ordinalMatch[2]) : ORDINALS[ordinalMatch[1].toLowerCase()];
    text = ordinalMatch[3];
    // 'the second row', 'the last task': a row or an item itself.
    const noun = new RegExp(`^${ITEM_NOUN}$`, 'i').exec(text.trim());
    if (noun) return { text: '', item: itemKind(noun[1]), ordinal };
  }
  let role: RoleHint | undefined;
  const lower = () => text.toLowerCase();
  for (const [words, hint, keep] of ROLE_WORDS) {
    if (lower() === words) {
      role = hint;
      text = keep;
      break;
    }
    if (lower().endsWith(` ${words}`)) {
      role = hint;
      text = `${text.slice(0, text.length - words.length - 1)}${keep ? ` ${keep}` : ''}`.trim();
      break;
    }
    if (lower().startsWith(`${words} `) && TOKEN_ONLY.test(text.slice(words.length + 1).trim())) {
      role = hint;
      text = text.slice(words.length + 1);
      break;
    }
  }
  text = text.replace(/^(?:the|a|an)\s+/i, '').trim();
  // A quoted name among a few describing words ('the "Active" filter') is the name.
  const quoted = text.match(TOKEN_ANY) ?? [];
  if (quoted.length === 1 && !TOKEN_ONLY.test(text) && !/\sor\s/i.test(text)) {
    const others = text.replace(TOKEN_ANY, ' ').trim().split(/\s+/).filter(Boolean);
    if (others.length <= 3) text = quoted[0];
  }
  // 'the email or username field' names one field by two possible names.
  const alternatives = text
    .split(/\s+or\s+/i)
    .map((part) => part.trim())
    .filter(Boolean);
  const [first, ...rest] = alternatives.length > 0 ? alternatives : [''];
  const exact = TOKEN_ONLY.test(first);
  const main = detokenize(first, values).trim();
  if (!main && !role && !anaphor && !inItem) return null;
  if (VAGUE.test(main) && !role && !anaphor) return null;
  const phrase: Phrase = { text: main };
  if (rest.length > 0)
    phrase.alternatives = rest.map((alternative) => detokenize(alternative, values).trim());
  // 'the ... button', 'the ⋮ menu': dots are drawn, not written; the icon's name says what they are.
  if (/^(?:\.{2,}|…|⋯|⋮|︙)$/.test(main)) {
    phrase.text = 'ellipsis';
    phrase.alternatives = ['more', 'more actions', 'kebab', 'dots', 'options'];
  }
  if (role) phrase.role = role;
  if (exact) phrase.exact = true;
  if (ordinal !== undefined) phrase.ordinal = ordinal;
  if (context) phrase.context = context;
  if (where) phrase.where = where;
  if (anaphor) phrase.anaphor = anaphor;
  if (inItem) phrase.inItem = inItem;
  return phrase;
}

// Words naming a part of the page rather than a row, item or card of its content.
const REGION =
  /\b(?:page|screen|top|bottom|left|right|corner|header|footer|form|sidebar|side ?bar|bar|nav|navigation|menu|toolbar|dialog|modal|pop-?up|panel|drawer|section|area|banner|window|tab|view)s?$/i;

/**
 * 'Reports in the left navigation', 'Add to cart on the out-of-stock jacket': the element's name and
 * the place the sentence gives. A region of the page annotates the target; any other place (an item,
 * a card, a person's row) is context the element's container must match.
 */
function placeClause(text: string): { name: string; words: string; region: boolean } | null {
  const match =
    /^(.+?)\s+(?:in|on|at|inside|within|under|below|above)\s+((?:the|a|an|my|your|this|that|their|its)\s+.+|[^\s']+'s\s+.+)$/i.exec(
      text,
    );
  if (!match || !match[1].trim()) return null;
  const words = match[2].replace(/^(?:the|a|an|my|your|this|that|their|its)\s+/i, '').trim();
  return { name: match[1], words, region: REGION.test(words) };
}

const ORDINAL_WORD =
  '(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final|(\\d+)(?:st|nd|rd|th))';
// Nouns people use for a row or an item of a list; the words of the app ('project', 'order') included.
const ITEM_NOUN =
  '(rows?|lines?|items?|entry|entries|cards?|tasks?|todos?|projects?|orders?|results?|products?|records?|messages?)';

function ordinalOf(word: string, digits: string | undefined): number {
  return digits ? Number(digits) : ORDINALS[word.toLowerCase()];
}

function itemKind(noun: string): ItemKind {
  return /^(?:rows?|lines?|records?|orders?)$/i.test(noun) ? 'row' : 'item';
}

function target(raw: string, values: string[]): TargetRef | null {
  const phrase = parsePhrase(raw, values);
  return phrase ? phraseTarget(phrase) : null;
}

/** A value: one quoted string or {{parameter}}, or bare words. */
function value(raw: string, values: string[]): string {
  const trimmed = raw.trim();
  if (TOKEN_ONLY.test(trimmed)) return detokenize(trimmed, values);
  return detokenize(
    trimmed.replace(/^(?:the (?:text|value|word|words|number)|text|value)\s+/i, ''),
    values,
  ).trim();
}

/** Text shown on the page, or an element named by role words ('the Sign out button'). */
function shownTarget(raw: string, values: string[]): TargetRef | null {
  const trimmed = raw.trim().replace(/[.,;:!?]+$/, '');
  const bare = trimmed.replace(/^(?:the|a|an)\s+/i, '');
  if (TOKEN_ONLY.test(bare)) return { kind: 'text', text: detokenize(bare, values) };
  // '"Required" next to the Email field': the words at that place, or nothing when it cannot be read.
  const placed = new RegExp(`^(${TOK})\\s+(${PLACE_WORDS}\\s+.+)$`, 'i').exec(bare);
  if (placed) return placedTarget({ kind: 'text', text: detokenize(placed[1], values) }, placed[2], values);
  const phrase = parsePhrase(trimmed, values);
  if (phrase?.role || phrase?.ordinal !== undefined) return phraseTarget(phrase);
  const text = detokenize(bare, values).trim();
  if (!text || VAGUE.test(text)) return null;
  return { kind: 'text', text };
}

// ── URLs ──────────────────────────────────────────────────────────────────────────────────────────

const HOME =
  /^(?:the\s+)?(?:home ?page|home|start(?:ing)? page|start|main page|landing page|website|web site|site|app|application|test site|test website|initial (?:url|page)|beginning|front page|index page)$/i;

function looksLikeUrl(text: string): boolean {
  return (
    /^https?:\/\/\S+$/i.test(text) ||
    /^www\.\S+$/i.test(text) ||
    /^\/\S*$/.test(text) ||
    /^\.{1,2}\/\S*$/.test(text) ||
    /^[\w.-]+\.(?:html?|php|aspx?|jsp)(?:[?#]\S*)?$/i.test(text) ||
    /^[\w-]+(?:\.[\w-]+)+\.(?:com|org|net|io|dev|app|co|edu|gov|info|ai)(?:[/:?#]\S*)?$/i.test(text) ||
    /^\{\{[^}]+\}\}\S*$/.test(text)
  );
}

function resolveUrl(text: string, website: string): string {
  if (/^\{\{/.test(text) || /^https?:\/\//i.test(text)) return text;
  if (
    /^www\./i.test(text) ||
    /^[\w-]+(?:\.[\w-]+)+\.(?:com|org|net|io|dev|app|co|edu|gov|info|ai)/i.test(text)
  )
    return `https://${text}`;
  try {
    return new URL(text, website).toString();
  } catch {
    return text;
  }
}

// ── Sentences ─────────────────────────────────────────────────────────────────────────────────────

const LEADING_NOISE =
  /^(?:(?:and|then|next|now|finally|lastly|also|first|firstly|secondly|afterwards|after that|once done|once there|please|kindly|step \d+|\d+[.)]|[-*•])[,:]?\s+)+/i;

/** Trims list markers, courtesy words and the final full stop. */
export function cleanSentence(sentence: string): string {
  let text = sentence.trim().replace(/\s+/g, ' ');
  for (let i = 0; i < 3; i++) text = text.replace(LEADING_NOISE, '').trim();
  text = text.replace(
    /^(?:i want to|i'd like to|i would like to|you should|you need to|we need to|let's|lets|try to)\s+/i,
    '',
  );
  // Typed in a hurry: 'shoud', 'shouldnt'.
  text = text
    .replace(/\b(?:shoud|shuold|shoudl|shold)\b/gi, 'should')
    .replace(/\b(?:shouldnt|shoudnt)\b/gi, "shouldn't");
  return text.replace(/[.!;]+$/, '').trim();
}

type Build = (match: RegExpExecArray, values: string[], website: string) => Intent | null;

function rule(pattern: RegExp, build: Build) {
  return { pattern, build };
}

const ASSERTION_VERB =
  /^(?:verify|assert|expect|ensure|confirm|validate|make sure|double[- ]check|test|check)\s+(?:that\s+|if\s+|whether\s+)?(.+)$/i;

/** Parses one sentence. */
export function parseStep(sentence: string, website: string): ParseResult {
  const cleaned = cleanSentence(sentence);
  if (!cleaned) return { ok: false, hint: 'The step is empty.' };
  const tokenized = tokenize(cleaned);
  const { values } = tokenized;
  const text = withoutTrail(tokenized.text);

  // 'There should be more than 3 results': the count read without the comparison, which it then keeps.
  const compared = countComparison(text);
  if (compared) {
    const read = parseStep(requote(compared.text, values), website);
    if (read.ok && read.intent.kind === 'expect' && read.intent.assert.type === 'count')
      return {
        ok: true,
        intent: { ...read.intent, assert: { ...read.intent.assert, compare: compared.compare } },
      };
  }

  // Assertions first: 'check' and 'see' also start actions, and 'should' turns any sentence into one.
  const verb = ASSERTION_VERB.exec(text);
  // 'Check the privacy settings make sense' is a check of a clause, not a box to tick.
  const isCheckAction =
    /^check\s+(?!that\b|if\b|whether\b)/i.test(text) &&
    !isStatement(text.replace(/^check\s+/i, '')) &&
    !/\b(?:is|are|has|have|shows?|contains?|displays?|reads|says|equals?|appears?|visible|present|exists?)\b/i.test(
      text,
    );
  if (verb && !isCheckAction) {
    const result = assertion(verb[1], values);
    // 'Confirm with Leave channel in the dialog': no check, the dialog's confirming button.
    const confirmed = result.ok ? null : orderIntent(confirmOrder(text), values);
    if (confirmed) return { ok: true, intent: confirmed };
    // 'Test the login page' is a wish, not a check: the general advice fits it better.
    return result.ok || !/^test\b/i.test(text) ? result : { ok: false, hint: hintFor('') };
  }
  if (
    /\b(?:should|must)(?:n't)?\b/i.test(text) ||
    /^(?:i|we|you|the user)\s+(?:can\s+|will\s+)?(?:now\s+)?see\b/i.test(text) ||
    /^see\s/i.test(text)
  )
    return assertion(text, values);
  if (/^(?:i am|i'm|we are|we're|you are|you're|(?:the )?user is)\s/i.test(text))
    return assertion(text, values);
  if (/^there (?:is|are)\s/i.test(text)) return assertion(text, values);
  // 'Enter A in X and B in Y' is two steps; a second value left over would be silently dropped.
  const leftover = new RegExp(`\\band\\s+(?:then\\s+)?(${TOK})\\s+(?:in|into|as|for)\\b`, 'i').exec(text);
  if (leftover && /^(?:type|enter|input|write|put|fill|insert|key in|paste|provide)\b/i.test(text))
    return {
      ok: false,
      hint: `This sentence holds a second value, ${quote(detokenize(leftover[1], values))}, that could not be placed: write one sentence per field, e.g. Type "ada@example.com" into the Email field. Type "secret" into the Password field.`,
    };

  const switched = orderIntent(
    switchState(text) ?? switchTo(text) ?? unfold(text) ?? negativeOrder(text),
    values,
  );
  if (switched) return { ok: true, intent: switched };
  for (const { pattern, build } of ACTIONS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const intent = build(match, values, website);
    if (intent) return { ok: true, intent };
  }
  // 'Zapier is not in the list any more', 'Save is greyed out': a statement about the page is a check.
  if (isStatement(text)) return assertion(text, values);
  // 'Sign in as the sales manager': who that is, and their password, is not in the sentence.
  const persona = logInPersona(text);
  if (persona)
    return {
      ok: false,
      hint: `Say how ${persona} signs in: Sign in as "ada@example.com" with password "{{password}}", or use a module that signs in.`,
    };
  // 'Place the order', 'Archive the last card': a verb that is the label of what is pressed.
  const labelled = orderIntent(labelOrder(text) ?? markAsOrder(text), values);
  if (labelled) return { ok: true, intent: labelled };
  // 'progress bar reads 2/5', 'A "Link copied" toast appears': a statement the tagger did not see as one.
  if (checkStatement(plainVerbs(text))) return assertion(text, values);
  return { ok: false, hint: hintFor(text) };
}

/** An order read by the sentence rules (sentences/orders.ts) as an intent on the element it names. */
function orderIntent(order: Order | null, values: string[]): Intent | null {
  if (!order) return null;
  const t = target(order.object, values);
  if (!t) return null;
  if (order.verb === 'check' || order.verb === 'uncheck') return { kind: order.verb, target: t };
  if (order.verb === 'click') return { kind: 'click', target: t };
  // An accordion, a tree node or a group row opens or closes by a click on it.
  return { kind: 'click', target: t, unfold: order.verb };
}

/**
 * The step's own words: an order loses its purpose, manner or condition clause ('Press Continue to get
 * to the delivery options'), or becomes its means ('… by hovering over the bag icon'); a check loses its
 * condition ('… while the To field is empty').
 */
function withoutTrail(text: string): string {
  // 'Wait for the banner to disappear': the clause is what is waited for.
  if (/^wait\b/i.test(text)) return text;
  const isCheck = ASSERTION_VERB.test(text) || /\b(?:should|must|is|are)\b/i.test(text);
  const trail = trailingClause(text);
  if (trail.means && !isCheck) return trail.means;
  if (!trail.dropped) return text;
  if (isCheck && !/^(?:until|while|once|when|whenever|if|unless|before|after)\b/i.test(trail.dropped))
    return text;
  return trail.main;
}

const VALUE = `(${TOK}|.+?)`;
/** How a sort is ordered, when said: 'ascending', 'descending', 'largest first', 'A to Z'. */
export const SORT_DIRECTION = String.raw`(?:,?\s+(?:in\s+)?(ascending|descending|asc|desc|(?:newest|oldest|largest|smallest|biggest|highest|lowest|cheapest|most expensive|latest|earliest)\s+first|a\s*(?:to|-)\s*z|z\s*(?:to|-)\s*a)(?:\s+order)?)?`;

const ACTIONS = [
  rule(/^(?:go|navigate|move)\s+back(?:\s+(?:to the previous page|one page|a page))?$/i, () => ({
    kind: 'goBack',
  })),
  rule(/^(?:press|click|hit|use)\s+(?:the\s+)?(?:browser'?s?\s+)?back\s+button$/i, () => ({
    kind: 'goBack',
  })),
  rule(/^(?:reload|refresh)(?:\s+the)?(?:\s+(?:page|browser|tab|screen))?$/i, () => ({ kind: 'reload' })),
  rule(/^wait\s+(?:for\s+)?(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?|minutes?|mins?)$/i, (m) => {
    const amount = Number(m[1]);
    const unit = m[2].toLowerCase();
    const ms =
      unit.startsWith('ms') || unit.startsWith('milli')
        ? amount
        : unit.startsWith('m')
          ? amount * 60_000
          : amount * 1000;
    return ms <= 60_000 ? { kind: 'wait', ms: Math.round(ms) } : null;
  }),
  rule(/^wait\s+(?:a\s+(?:second|moment|bit))$/i, () => ({ kind: 'wait', ms: 1000 })),
  rule(
    /^wait\s+(?:for|until)\s+(?:the\s+)?(?:page|site|screen)\s+(?:to\s+)?(?:load|loads|is loaded|has loaded|to finish loading|finishes loading)$/i,
    () => ({
      kind: 'waitForLoad',
    }),
  ),
  rule(
    /^wait\s+(?:for|until)\s+(.+?)\s+(?:to\s+)?(?:disappear|disappears|vanish|vanishes|be hidden|is hidden|is gone|to go away|goes away)$/i,
    (m, v) => {
      const t = shownTarget(m[1], v);
      return t ? { kind: 'waitFor', target: t, state: 'hidden' } : null;
    },
  ),
  rule(
    /^wait\s+(?:for|until)\s+(.+?)(?:\s+(?:to\s+)?(?:appear|appears|be visible|is visible|is shown|to show|shows up|to show up|is displayed|be displayed))?$/i,
    (m, v) => {
      const t = shownTarget(m[1], v);
      return t ? { kind: 'waitFor', target: t, state: 'visible' } : null;
    },
  ),
  rule(
    /^scroll\s+(?:all the way\s+)?(down|up|to the (?:bottom|top|end|start|beginning))(?:\s+of the page)?$/i,
    (m) => {
      const word = m[1].toLowerCase();
      const to: ScrollTo =
        word === 'down' ? 'down' : word === 'up' ? 'up' : /bottom|end/.test(word) ? 'bottom' : 'top';
      return { kind: 'scroll', to };
    },
  ),
  rule(/^scroll\s+(?:down\s+|up\s+)?(?:to|until)\s+(.+?)(?:\s+is visible)?$/i, (m, v) => {
    const t = target(m[1], v);
    return t ? { kind: 'scrollTo', target: t } : null;
  }),
  // Navigation: an address, the start page, or a page reached through its link.
  rule(
    /^(?:go|navigate|browse|head|get|return|come back|proceed|continue|move)\s+(?:back\s+)?(?:to|into|onto)\s+(.+)$/i,
    (m, v, website) => navigate(m[1], v, website),
  ),
  rule(/^(?:open|visit|load|launch|browse(?:\s+to)?)(?:\s+up)?\s+(.+)$/i, (m, v, website) =>
    navigate(m[1], v, website),
  ),
  rule(/^(?:start|begin)\s+(?:at|on|from)\s+(.+)$/i, (m, v, website) => navigate(m[1], v, website)),
  rule(/^submit(?:\s+the)?(?:\s+.+?)?(?:\s+form)?$/i, () => ({
    kind: 'click',
    target: phraseTarget({ text: '', submit: true }),
  })),
  rule(/^(?:sign|log)\s?(?:in|on)$/i, () => ({
    kind: 'click',
    target: phraseTarget({ text: 'sign in', alternatives: ['log in', 'login', 'sign on', 'submit'] }),
  })),
  rule(/^(?:sign|log)\s?(?:out|off)$/i, () => ({
    kind: 'click',
    target: phraseTarget({ text: 'sign out', alternatives: ['log out', 'logout', 'sign off'] }),
  })),
  rule(
    /^(?:press|hit|tap|push|strike)\s+(?:the\s+)?(.+?)(?:\s+(?:in|on|into|inside)\s+(?:the\s+)?(.+))?$/i,
    (m, v) => {
      const key = parseKey(m[1]);
      if (!key) return null;
      if (!m[2]) return { kind: 'press', key };
      const t = target(m[2], v);
      return t ? { kind: 'press', key, target: t } : null;
    },
  ),
  // A bare key or combination: 'Ctrl+A', 'Shift+Tab'.
  rule(/^((?:ctrl|control|shift|alt|option|cmd|command|meta)\s*[+-]\s*\S+)$/i, (m) => {
    const key = parseKey(m[1]);
    return key ? { kind: 'press', key } : null;
  }),
  // 'Add a task "Pay rent" using the "New task" input': the value into the field named.
  rule(
    new RegExp(
      `^(?:add|create|enter|type|write|put)\\s+(?:a\\s+|an\\s+|the\\s+)?(?:new\\s+)?(?:[\\w-]+\\s+)?(?:called\\s+|named\\s+)?(${TOK})\\s+(?:using|via|with|through|in|into)\\s+(?:the\\s+)?(.+)$`,
      'i',
    ),
    (m, v) => {
      const t = target(m[2], v);
      return t ? { kind: 'fill', target: t, value: value(m[1], v) } : null;
    },
  ),
  // 'Replace the text of the item being edited with "Pay the rent"'.
  rule(
    new RegExp(
      `^(?:replace|change|set|update|edit)\\s+(?:the\\s+)?(?:text|title|name|value|words)\\s+(?:of|in)\\s+(?:the\\s+)?(.+?)\\s+(?:with|to|by)\\s+${VALUE}$`,
      'i',
    ),
    (m, v) => {
      const t = target(m[1], v);
      return t ? { kind: 'fill', target: t, value: value(m[2], v) } : null;
    },
  ),
  // Filling fields.
  rule(
    new RegExp(
      `^(?:type|enter|input|write|put|insert|key in|fill in|fill|paste|provide)\\s+${VALUE}\\s+(?:into|in|inside|in to|on|to|as|for|under)\\s+(?:the\\s+)?(.+)$`,
      'i',
    ),
    (m, v) => {
      const t = target(m[2], v);
      return t ? { kind: 'fill', target: t, value: value(m[1], v) } : null;
    },
  ),
  // 'Switch the theme selector to Dark', 'Switch the site language to Welsh': a list switched to one of
  // its options.
  rule(
    new RegExp(
      `^switch\\s+(?:the\\s+|my\\s+)?(.+?\\s(?:selector|switcher|picker|dropdown|language|theme|currency|time ?zone|region|country))\\s+to\\s+${VALUE}$`,
      'i',
    ),
    (m, v) => {
      const t = target(m[1], v);
      return t ? { kind: 'fill', target: t, value: value(m[2], v) } : null;
    },
  ),
  rule(
    new RegExp(
      `^(?:fill in|fill out|fill|complete|populate|set|change|update|enter|put|replace|overwrite)\\s+(?:the\\s+)?(.+?)(?:\\s+(?:with|to|as|=)|\\s*:)\\s+${VALUE}$`,
      'i',
    ),
    (m, v) => {
      // 'Change the size dropdown from S to XL': the value it had is no part of its name.
      const t = target(m[1].replace(/\s+from\s+\S+(?:\s+\S+)?$/i, ''), v);
      return t ? { kind: 'fill', target: t, value: value(m[2], v) } : null;
    },
  ),
  rule(
    new RegExp(
      `^(?:enter|type|input|use|fill in|provide|write)\\s+(?:the\\s+|an?\\s+|your\\s+|my\\s+)?(.+?)\\s+(${TOK})$`,
      'i',
    ),
    (m, v) => {
      const t = target(m[1], v);
      return t ? { kind: 'fill', target: t, value: value(m[2], v) } : null;
    },
  ),
  rule(new RegExp(`^(?:type|enter|input|write)\\s+(${TOK}|\\S+)$`, 'i'), (m, v) => ({
    kind: 'type',
    value: value(m[1], v),
  })),
  rule(/^(?:clear|empty|erase)\s+(?:the\s+)?(.+?)$/i, (m, v) => {
    const t = target(m[1], v);
    return t ? { kind: 'clear', target: t } : null;
  }),
  rule(
    new RegExp(
      `^(?:select|choose|pick)\\s+${VALUE}\\s+(?:from|in|on|for|as|under|within|inside)\\s+(?:the\\s+)?(.+)$`,
      'i',
    ),
    (m, v) => {
      const t = target(m[2], v);
      return t ? { kind: 'select', target: t, value: value(m[1], v) } : null;
    },
  ),
  // Checkboxes and todo-style items.
  rule(/^(?:check|tick|turn on|switch on|toggle on|enable)\s+(?:the\s+)?(.+?)$/i, (m, v) => {
    const t = target(m[1], v);
    return t ? { kind: 'check', target: t } : null;
  }),
  rule(
    /^(?:uncheck|un-check|untick|deselect|unselect|turn off|switch off|toggle off|disable)\s+(?:the\s+)?(.+?)$/i,
    (m, v) => {
      const t = target(m[1], v);
      return t ? { kind: 'uncheck', target: t } : null;
    },
  ),
  rule(
    /^mark\s+(?:the\s+)?(.+?)\s+(?:as\s+)?(?:not done|incomplete|not complete|not completed|not finished|active|undone|unchecked|open)$/i,
    (m, v) => {
      const t = target(m[1], v);
      return t ? { kind: 'uncheck', target: t } : null;
    },
  ),
  rule(/^mark\s+(?:the\s+)?(.+?)\s+(?:as\s+)?(?:done|complete|completed|finished|checked)$/i, (m, v) => {
    const t = target(m[1], v);
    return t ? { kind: 'check', target: t } : null;
  }),
  rule(/^(?:complete|finish)\s+(?:the\s+)?(.+?)\s+(?:todo|task|item)$/i, (m, v) => {
    const t = target(m[1], v);
    return t ? { kind: 'check', target: t } : null;
  }),
  rule(/^(?:hover|mouse)(?:\s+(?:over|on|onto))?\s+(?:the\s+)?(.+)$/i, (m, v) => {
    const t = target(m[1], v);
    return t ? { kind: 'hover', target: t } : null;
  }),
  rule(/^move\s+(?:the\s+)?(?:mouse|cursor|pointer)\s+(?:over|to|onto)\s+(?:the\s+)?(.+)$/i, (m, v) => {
    const t = target(m[1], v);
    return t ? { kind: 'hover', target: t } : null;
  }),
  rule(/^double[- ]?click(?:\s+(?:on|at))?\s+(.+)$/i, (m, v) => {
    const t = target(m[1], v);
    return t ? { kind: 'click', target: t, clickCount: 2 } : null;
  }),
  rule(/^right[- ]?click(?:\s+(?:on|at))?\s+(.+)$/i, (m, v) => {
    const t = target(m[1], v);
    return t ? { kind: 'click', target: t, button: 'right' } : null;
  }),
  // Tables: 'Sort the table by Customer' clicks that column's header.
  // The direction ('descending', 'largest first') is the header's state, not part of its name.
  rule(
    new RegExp(
      `^sort\\s+(?:the\\s+)?(?:(?:table|list|grid|rows|results|items|\\w+)\\s+)?by\\s+(?:the\\s+)?(.+?)(?:\\s+column)?${SORT_DIRECTION}$`,
      'i',
    ),
    (m, v) => {
      const t = target(m[1], v);
      return t ? { kind: 'click', target: t } : null;
    },
  ),
  // 'Sort the Deal value column descending'.
  rule(new RegExp(`^sort\\s+(?:the\\s+)?(.+?\\s+column)${SORT_DIRECTION}$`, 'i'), (m, v) => {
    const t = target(m[1], v);
    return t ? { kind: 'click', target: t } : null;
  }),
  // Shops: 'Add "Mug" to the cart' presses that product's add button.
  rule(
    new RegExp(
      `^add\\s+(?:the\\s+|a\\s+|an\\s+|one\\s+)?${VALUE}\\s+to\\s+(?:the\\s+|my\\s+|your\\s+)?(cart|basket|bag|trolley|wishlist|wish list|favou?rites)$`,
      'i',
    ),
    (m, v) => ({
      kind: 'click',
      target: phraseTarget({ text: `add to ${m[2].toLowerCase()}`, role: 'button', context: value(m[1], v) }),
    }),
  ),
  rule(
    new RegExp(
      `^(remove|delete|discard|drop)\\s+(?:the\\s+)?${VALUE}(?:\\s+(?:from|in)\\s+(?:the\\s+|my\\s+)?.+)?$`,
      'i',
    ),
    (m, v) => {
      const item = value(m[2], v);
      if (!item || VAGUE.test(item)) return null;
      const verb = m[1].toLowerCase();
      // The item's own remove control: named after the item, or a remove button in its row.
      return {
        kind: 'click',
        target: phraseTarget({
          text: verb,
          alternatives: ['remove', 'delete'].filter((other) => other !== verb),
          role: 'button',
          context: item,
        }),
      };
    },
  ),
  rule(
    /^(click|tap|press|push|hit|select|choose|pick|follow|activate|use|trigger|open)(?:\s+(?:on|at))?\s+(.+)$/i,
    (m, v) => {
      const t = target(m[2], v);
      if (!t) return null;
      const choose = /^(?:select|choose|pick)$/i.test(m[1]);
      return choose ? { kind: 'click', target: t, choose } : { kind: 'click', target: t };
    },
  ),
];

function navigate(raw: string, values: string[], website: string): Intent | null {
  const stripped = raw.trim().replace(/[.,;!]+$/, '');
  const bare = stripped.replace(/^(?:the|a|an)\s+/i, '');
  const asValue = TOKEN_ONLY.test(bare) ? detokenize(bare, values) : null;
  if (asValue !== null && looksLikeUrl(asValue)) return { kind: 'goto', url: resolveUrl(asValue, website) };
  if (asValue === null && looksLikeUrl(bare))
    return { kind: 'goto', url: resolveUrl(detokenize(bare, values), website) };
  if (HOME.test(bare) || HOME.test(bare.replace(/\s+(?:page|url)$/i, '')))
    return { kind: 'goto', url: website };
  // 'the product page for "Mug"', 'the details of "Mug"': the link named by the quoted words.
  const detail =
    /^(?:\w+\s+)?(?:page|details|details page|detail page|product page)\s+(?:for|of)\s+(.+)$/i.exec(bare);
  if (detail) {
    const t = target(detail[1], values);
    return t ? { kind: 'click', target: t } : null;
  }
  const name = bare.replace(/\s+(?:page|screen|tab|section|view|area)$/i, '').trim();
  if (!name || VAGUE.test(name)) return null;
  const phrase = parsePhrase(name, values);
  if (!phrase) return null;
  if (!phrase.role) phrase.role = 'link';
  return { kind: 'click', target: phraseTarget(phrase) };
}

// ── Assertions ────────────────────────────────────────────────────────────────────────────────────

/** Rewrites modal forms to plain ones: 'should not be' → 'is not', 'should show' → 'shows'. */
function plainVerbs(text: string): string {
  return (
    text
      // 'should stay disabled', 'becomes Inbox': the state the check reads.
      .replace(/\b(?:should|must|will|shall)\s+(?:stay|remain|become)\b/gi, 'is')
      .replace(/\b(?:stays|remains|becomes)\b/gi, 'is')
      .replace(/\b(?:should|must|will|shall)\s+not\s+be\b/gi, 'is not')
      .replace(/\b(?:shouldn't|mustn't|won't)\s+be\b/gi, 'is not')
      .replace(/\b(?:isn't|aren't)\b/gi, 'is not')
      .replace(/\b(?:should|must|will|shall)\s+(?:still\s+|then\s+|now\s+|also\s+)?be\b/gi, 'is')
      .replace(/\b(?:should|must|will|shall|does|do)\s+not\b/gi, 'not')
      .replace(/\b(?:shouldn't|mustn't|doesn't|don't|won't)\b/gi, 'not')
      .replace(/\b(?:should|must|will|shall)\s+(?:now\s+|still\s+|also\s+|then\s+)?/gi, '')
      .replace(/\bno longer\s+(shows?|contains?|lists?|displays?|includes?|has|have|says?)\b/gi, 'not $1')
      .replace(
        /\b(is|are)\s+no longer\s+(?=in|on|at|inside|within|under|listed|there|visible|shown|displayed|present)\b/gi,
        '$1 not ',
      )
      .replace(/\s+(?:any ?more)\b/gi, '')
      // 'is still off', 'is already ticked': the state, whether or not it was so before.
      .replace(
        /\b(is|are)\s+(?:still|already)\s+(?=(?:on|off|checked|unchecked|ticked|unticked|selected|enabled|disabled|visible|hidden|empty|blank|open|closed|expanded|collapsed)\b)/gi,
        '$1 ',
      )
      // 'The tour should not come back', 'the banner does not reappear': it stays hidden.
      .replace(
        /\bnot\s+(?:comes?\s+back|reappears?|(?:appears?|shows?\s+up|pops?\s+up)\s+again)\b/gi,
        'is not shown',
      )
      .replace(/\b(?:is|are)\s+now\b/gi, 'is')
      // 'now shows' is 'shows'; 'the Buy now button' keeps its name.
      .replace(
        /\bnow\s+(?=(?:shows?|contains?|displays?|reads|says|has|have|lists?|includes?|appears?)\b)/gi,
        '',
      )
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const PAGE_WORDS = /^(?:the\s+)?(?:page|screen|site|app|it|website|browser|body|window|view)$/i;

function ok(assert: IntentAssertion): ParseResult {
  return { ok: true, intent: { kind: 'expect', assert } };
}

const ASSERTION_HINT =
  'Say what must be true, with the exact words in quotes: Verify the page shows "Welcome", Verify the URL contains "/dashboard", Verify the Email field has the value "ada@example.com", Verify the "Remember me" checkbox is checked, or Verify there are 3 todo items.';

const VAGUE_HINT =
  'This check judges rather than names what the page must show: say which words, value or state to check, e.g. Verify the page shows "Welcome", or Verify the Sign up button is enabled.';

const PLACE_HINT =
  'This check gives a place for the words that could not be read, and a check anywhere on the page could pass falsely: name the place by its words, e.g. Verify "Required" appears under the Email field, Verify "Shipped" is shown in the row of "Ada Lovelace", or Verify "Saved" is shown in the Billing section.';

const NEGATION_HINT =
  'This check says something is not there, but it could not be read as a negative check: name what must be absent, e.g. Verify "Ada Lovelace" is not shown, or Verify there are 0 items in the list.';

/**
 * A check, read so that a negative one never becomes positive: a reading that checks something is
 * there, of a sentence that says 'not', 'no', 'gone'…, is refused rather than risk a false pass.
 */
function assertion(rawText: string, values: string[]): ParseResult {
  const read = readAssertion(rawText, values);
  // 'shows relative times like "3 days ago"': the example is the text to find.
  const result =
    read.ok && read.intent.kind === 'expect' && read.intent.assert.type === 'text'
      ? {
          ...read,
          intent: {
            ...read.intent,
            assert: { ...read.intent.assert, value: exampleValue(read.intent.assert.value) },
          },
        }
      : read;
  if (result.ok && isPositive(result.intent) && negates(plainVerbs(rawText)))
    return { ok: false, hint: NEGATION_HINT };
  if (result.ok && isAbsence(result.intent) && unsafeAbsent(absentWords(result.intent)))
    return { ok: false, hint: NEGATION_HINT };
  return result;
}

function isAbsence(intent: Intent): boolean {
  if (intent.kind !== 'expect') return false;
  const { assert } = intent;
  return (
    (assert.type === 'visible' && Boolean(assert.negate)) || (assert.type === 'count' && assert.count === 0)
  );
}

/** The words of what a negative check says is absent, and where. */
function absentWords(intent: Intent): string {
  const ref = intent.kind === 'expect' && 'target' in intent.assert ? intent.assert.target : null;
  if (ref?.kind === 'text') return ref.text;
  if (ref?.kind === 'phrase') return `${ref.phrase.text} ${ref.phrase.where ?? ''}`;
  return '';
}

function isPositive(intent: Intent): boolean {
  if (intent.kind !== 'expect') return false;
  const { assert } = intent;
  if (assert.type === 'visible' || assert.type === 'text') return !assert.negate;
  if (assert.type === 'count') return assert.count > 0;
  return assert.type !== 'checked' && assert.type !== 'enabled';
}

/**
 * A target for the words, narrowed to the place the sentence gives: words the page shows become an
 * element showing them at that place ('"Saved" should appear under the Name field'), never words found
 * anywhere on the page. A place that cannot be read is refused (null), never dropped.
 */
function placedTarget(
  ref: TargetRef | null,
  place: string | undefined,
  values: string[] = [],
): TargetRef | null {
  // 'in Finance but is in Archive': a place with a clause of its own is no place to check.
  if (place && unsafeAbsent(place)) return null;
  if (!ref || !place || ref.kind === 'candidates') return ref;
  const placed = placeOf(place, values);
  if (ref.kind === 'text') {
    if (!placed) return null;
    if (Object.keys(placed).length === 0) return ref;
    return phraseTarget({ text: ref.text, ...(ref.exact ? { exact: true } : {}), shown: true, ...placed });
  }
  if (placed?.near) return phraseTarget({ ...ref.phrase, near: placed.near });
  return phraseTarget({ ...ref.phrase, where: place });
}

// Words that open a place: a region, a row or item, or a side of another element.
const PLACE_WORDS =
  '(?:in|on|at|inside|within|from|under|underneath|below|beneath|above|over|next to|beside|near|alongside)';

// A side of another element: 'under the To field', 'next to Inbox', 'above the Save button'.
const SIDE =
  /^(under|underneath|below|beneath|above|over|next to|beside|by|near|alongside|(?:to the )?(?:right|left) of)\s+(.+)$/i;
// The page itself: no narrower place than the page.
const WHOLE_PAGE = /^(?:on|in|at)\s+(?:the\s+)?(?:page|screen|site|app|website|browser|window)$/i;

/**
 * The place words as a narrowing of the target: a side of another element, the row, item or card that
 * shows some words, or a region of the page. `{}` when the place is the page; null when it names
 * nothing that can be checked ('on that product').
 */
export function placeOf(raw: string, values: string[]): Pick<Phrase, 'near' | 'context' | 'where'> | null {
  const words = raw.trim().replace(/[.,;!]+$/, '');
  if (WHOLE_PAGE.test(words)) return {};
  const side = SIDE.exec(words);
  if (side) {
    const of = parsePhrase(side[2], values);
    if (!of || of.anaphor || (!of.text && !of.role)) return null;
    const which = /^(?:under|underneath|below|beneath)$/i.test(side[1])
      ? 'below'
      : /^(?:above|over)$/i.test(side[1])
        ? 'above'
        : 'beside';
    return { near: { side: which, of, words: detokenize(words, values) } };
  }
  const inside = /^(?:in|on|at|inside|within|from)\s+(.+)$/i.exec(words);
  if (!inside) return null;
  const rest = inside[1].trim();
  // 'that product', 'it', 'the same row': an element of an earlier step, which a check cannot see.
  if (/^(?:it|them|that|this|those|these|the same)\b/i.test(rest)) return null;
  const item =
    /^(?:the\s+)?(?:row|line|item|card|entry|tile|record)\s+(?:for|of|with|containing|showing)\s+(?:the\s+)?(.+)$/i.exec(
      rest,
    ) ?? /^(?:the\s+)?(.+?)(?:'s|')\s+(?:row|line|item|card|entry|tile|record)$/i.exec(rest);
  if (item) return { context: detokenize(item[1], values).trim() };
  const bare = detokenize(rest.replace(/^(?:the|a|an|my|your|our|their)\s+/i, ''), values).trim();
  if (!bare) return null;
  return REGION.test(bare) || /\b(?:table|list|grid|results)$/i.test(bare)
    ? { where: bare }
    : { context: bare };
}

function readAssertion(rawText: string, values: string[]): ParseResult {
  const text = plainVerbs(rawText.replace(/^(?:that|if|whether)\s+/i, ''));
  const fail = (hint = ASSERTION_HINT): ParseResult => ({ ok: false, hint });
  let m: RegExpExecArray | null;

  // Absence: 'there is no error', 'none of the flights have a stopover', 'the map has no pins'.
  const gone = absence(text);
  if (gone) {
    if (gone.plural) {
      const t = placedTarget(countTarget(gone.subject, values), gone.place, values);
      return t ? ok({ type: 'count', target: t, count: 0 }) : fail(NEGATION_HINT);
    }
    const t = placedTarget(shownTarget(gone.subject, values), gone.place, values);
    return t ? ok({ type: 'visible', target: t, negate: true }) : fail(NEGATION_HINT);
  }
  // 'Zapier is not in the list', 'notes.txt is no longer in Finance': not shown there.
  if (
    (m = /^(?:the\s+)?(.+?)\s+(?:is|are)\s+not\s+((?:in|on|at|inside|within|under)\s+.+|listed|there)$/i.exec(
      text,
    ))
  ) {
    const place = /^(?:listed|there)$/i.test(m[2]) ? undefined : m[2];
    const t = placedTarget(shownTarget(m[1], values), place, values);
    return t ? ok({ type: 'visible', target: t, negate: true }) : fail(NEGATION_HINT);
  }

  // 'Ada is in the list', '"Mug" is in the cart': shown there (never anywhere on the page).
  if (
    (m =
      /^(?:the\s+)?(.+?)\s+(?:is|are)\s+((?:in|inside|within|under|below|above|next to|beside)\s+(?:the\s+|a\s+|an\s+|my\s+|your\s+)?[^\s].*)$/i.exec(
        text,
      )) &&
    !PAGE_WORDS.test(m[1]) &&
    !/^(?:in|on)\s+(?:the\s+)?(?:page|screen|stock|progress|use|place|order|view|focus)$/i.test(m[2])
  ) {
    const t = placedTarget(shownTarget(m[1], values), m[2], values);
    if (t && t.kind === 'phrase' && (t.phrase.shown || t.phrase.near || t.phrase.where || t.phrase.context))
      return ok({ type: 'visible', target: t });
  }
  // 'events overlap nicely', 'the page scrolls smoothly': how well, with nothing to read on the page.
  if (judgesManner(text)) return fail(VAGUE_HINT);
  // 'the sign-up flow is smooth', 'emails load properly': a judgement is no check, quoted words or not.
  if (
    (m =
      /^(?:the\s+)?(.+?)\s+(?:is|are|feels?|looks?|seems?|works?|loads?|runs?|validates?|handles?|behaves?|stays?|remains?|is made|gets?)\s+(.+)$/i.exec(
        text,
      )) &&
    isJudgement(m[2])
  )
    return fail(VAGUE_HINT);

  // URL and title.
  if (
    (m =
      /^(?:the\s+)?(?:current\s+)?(?:page\s+|browser\s+|new tab's\s+|tab's\s+|page's\s+)?(?:url|address bar|address|location|link|path)(?:\s+of the page)?\s+(?:is\s+)?(not\s+)?(contains?|includes?|has|ends?\s+with|starts?\s+with|is|equals?|matches|reads|shows?|=)\s+(?:the\s+)?(?:text\s+|path\s+|value\s+)?(.+)$/i.exec(
        text,
      ))
  ) {
    if (m[1])
      return fail(
        'Checking that the URL does not contain something is not supported; say what it should contain: Verify the URL contains "/dashboard".',
      );
    const v = value(m[3], values);
    const equals = /^(?:is|equals?|=)$/i.test(m[2]) && /^https?:\/\//i.test(v);
    return ok({ type: 'url', value: v, match: equals ? 'equals' : 'contains' });
  }
  if (
    (m =
      /^(?:we\s+|i\s+|the browser\s+|the page\s+|it\s+|you\s+)?(?:navigated|navigates|went|goes|was redirected|is redirected|are redirected|redirected|redirects|gets redirected|get redirected|ends up|end up|lands?)\s+(?:to|on|at)\s+(.+)$/i.exec(
        text,
      ))
  ) {
    const bare = m[1].replace(/^(?:the|a)\s+/i, '');
    if (TOKEN_ONLY.test(bare) || looksLikeUrl(bare))
      return ok({ type: 'url', value: value(bare, values), match: 'contains' });
    return ok({ type: 'onPage', name: onPageName(bare, values) });
  }
  if (
    (m =
      /^(?:the\s+|its\s+)?(?:(?:page|tab|window|document|browser)\s+title|browser tab|title)\s+(?:of the page\s+|there\s+|here\s+)?(?:is\s+)?(contains?|includes?|has|is|equals?|reads|says?|matches|=)\s+(.+)$/i.exec(
        text,
      ))
  ) {
    const v = value(m[2], values);
    return ok({ type: 'title', value: v, match: /^(?:is|equals?|=)$/i.test(m[1]) ? 'equals' : 'contains' });
  }
  if (
    (m =
      /^(?:i am|i'm|we are|we're|you are|you're|(?:the\s+)?user is|it is)\s+(?:back\s+|still\s+)?(?:on|at|in|taken to|redirected to|signed in to|logged in to)\s+(.+)$/i.exec(
        text,
      ))
  ) {
    // 'I'm taken to my profile page (/u/ada)', "you're still on /settings/account": the address said.
    const path = /(?:^|\()(\/[^\s()]*)\)?$/.exec(m[1].trim());
    if (path) return ok({ type: 'url', value: path[1], match: 'contains' });
    return ok({ type: 'onPage', name: onPageName(m[1], values) });
  }
  if (
    (m =
      /^(?:the\s+)?(.+?)\s+(?:page|screen|view)\s+(?:is\s+)?(?:shown|displayed|open|opened|loaded|loads|opens|appears|visible)$/i.exec(
        text,
      ))
  )
    return ok({ type: 'onPage', name: onPageName(m[1], values) });

  // Counts.
  if (
    (m = new RegExp(
      `^there\\s+(?:is|are)\\s+(?:exactly\\s+|still\\s+|only\\s+)?(${NUMBER})\\s+(.+?)(?:\\s+(?:shown|listed|visible|displayed|present|left|remaining|on the page|in total))?$`,
      'i',
    ).exec(text))
  ) {
    const count = toNumber(m[1]);
    const t = countTarget(m[2], values);
    return count !== null && t ? ok({ type: 'count', target: t, count }) : fail();
  }
  if (
    (m = new RegExp(
      `^(?:exactly\\s+|only\\s+)?(${NUMBER})\\s+(.+?)\\s+(?:(?:is|are)\\s+(?:shown|listed|visible|displayed|present|left|remaining|on the page|in the .+)|appears?|show up)$`,
      'i',
    ).exec(text))
  ) {
    const count = toNumber(m[1]);
    const t = countTarget(m[2], values);
    if (count !== null && t) return ok({ type: 'count', target: t, count });
  }
  if (
    (m = new RegExp(
      `^(?:the\\s+)?(.+?)\\s+(?:has|have|contains?|shows?|lists?|displays?|holds?)\\s+(?:exactly\\s+|only\\s+)?(${NUMBER})\\s+(items?|entries|entry|rows?|results?|products?|elements?|todos?|tasks?|lines?|things?|options?)$`,
      'i',
    ).exec(text))
  ) {
    const count = toNumber(m[2]);
    const t = countTarget(`${m[3]} in ${m[1]}`, values);
    if (count !== null && t) return ok({ type: 'count', target: t, count });
  }
  if (
    (m = new RegExp(
      `^(?:the\\s+)?(?:number|count|amount)\\s+of\\s+(.+?)\\s+(?:is|equals?|=)\\s+(${NUMBER})$`,
      'i',
    ).exec(text))
  ) {
    const count = toNumber(m[2]);
    const t = countTarget(m[1], values);
    if (count !== null && t) return ok({ type: 'count', target: t, count });
  }

  // States of one element.
  if (
    (m =
      /^(?:the\s+)?(.+?)\s+(?:is|are)\s+(not\s+)?(enabled|disabled|clickable|greyed out|grayed out|inactive)$/i.exec(
        text,
      ))
  ) {
    const t = target(m[1], values);
    if (!t) return fail();
    const positive = /^(?:enabled|clickable)$/i.test(m[3]);
    return ok({ type: 'enabled', target: t, enabled: m[2] ? !positive : positive });
  }
  if (
    (m =
      /^(?:the\s+)?(.+?)\s+(?:is|are)\s+(?:still\s+|already\s+)?(not\s+|un)?(?:pre-?)?(checked|ticked|selected|marked(?:\s+as\s+(?:done|complete|completed))?|done|completed|complete|finished|on)(?:\s+by default|\s+already|\s+still)?$/i.exec(
        text,
      ))
  ) {
    const t = target(m[1], values);
    if (!t) return fail();
    return ok({ type: 'checked', target: t, checked: !m[2] });
  }
  if (
    (m =
      /^(?:the\s+)?(.+?)\s+(?:is|are)\s+(?:still\s+|already\s+)?(?:unchecked|unticked|not done|incomplete|active|not completed)(?:\s+by default|\s+already|\s+still)?$/i.exec(
        text,
      ))
  ) {
    const t = target(m[1], values);
    if (!t) return fail();
    return ok({ type: 'checked', target: t, checked: false });
  }

  // Field values.
  if (
    (m = new RegExp(
      `^(?:the\\s+)?(?:value\\s+of\\s+(?:the\\s+)?)?(.+?\\s+(?:field|input|box|text ?box|text field|textarea|search box))(?:'s value)?\\s+(?:is\\s+)?(not\\s+)?(?:has|have|contains?|shows?|holds?|is|equals?|reads|displays?)(?:\\s+the)?(?:\\s+value|\\s+text)?\\s+(.+)$`,
      'i',
    ).exec(text))
  ) {
    if (m[2])
      return fail('Say what the field must hold: Verify the Email field has the value "ada@example.com".');
    const t = target(m[1], values);
    // 'The Notes field should be empty': no value at all (a quoted "empty" stays the word).
    const held = /^(?:empty|blank|cleared)$/i.test(m[3].trim()) ? '' : value(m[3], values);
    return t ? ok({ type: 'value', target: t, value: held }) : fail();
  }
  if ((m = /^(?:the\s+)?value\s+of\s+(?:the\s+)?(.+?)\s+is\s+(.+)$/i.exec(text))) {
    const t = target(m[1], values);
    return t ? ok({ type: 'value', target: t, value: value(m[2], values) }) : fail();
  }

  // 'The tooltip should mention variable rate', 'the Apply button is greyed out', 'the badge should
  // disappear': a statement about one element.
  const statement = seeSaying(text) ?? checkStatement(text);
  const stated = statement && statementAssertion(statement, values);
  if (stated) return ok(stated);

  // Text not shown.
  if (
    (m =
      /^(?:i\s+|we\s+|you\s+|the user\s+)?(?:not|cannot|can't|can not|no longer|never)\s+see\s+(?:the\s+|a\s+|an\s+|any\s+)?(?:text\s+|message\s+|word\s+|error\s+)?(.+)$/i.exec(
        text,
      ))
  ) {
    const t = shownTarget(m[1], values);
    return t ? ok({ type: 'visible', target: t, negate: true }) : fail();
  }
  if (
    (m =
      /^(?:the\s+)?(?:page|screen|it|site)\s+(?:not|no longer)\s+(?:show|contain|display|have|include|list|say)s?\s+(?:the\s+|a\s+|an\s+|any\s+)?(?:text\s+|message\s+)?(.+)$/i.exec(
        text,
      ))
  ) {
    const t = shownTarget(m[1], values);
    return t ? ok({ type: 'visible', target: t, negate: true }) : fail();
  }
  if (
    (m =
      /^(?:the\s+|a\s+|an\s+)?(?:text\s+|message\s+|error\s+|error message\s+|word\s+)?(.+?)\s+(?:is\s+|are\s+)?(?:still\s+)?(?:not visible|not shown|not displayed|hidden|gone|not present|not on the page|no longer (?:visible|shown|displayed|there)|not there|disappears|disappeared|vanishes|vanished)(?:\s+((?:from|in|on|inside|within|under)\s+.+))?$/i.exec(
        text,
      ))
  ) {
    const t = placedTarget(shownTarget(m[1], values), m[2], values);
    return t ? ok({ type: 'visible', target: t, negate: true }) : fail();
  }

  // Text shown.
  if (
    (m =
      /^(?:i\s+|we\s+|you\s+|the user\s+)?(?:can\s+|will\s+)?see\s+(?:the\s+|a\s+|an\s+)?(?:text\s+|message\s+|word\s+|words\s+|error\s+|error message\s+|notification\s+|confirmation\s+|greeting\s+)?(?:saying\s+|that says\s+|reading\s+|with\s+)?(.+)$/i.exec(
        text,
      ))
  ) {
    const t = shownTarget(m[1], values);
    return t ? ok({ type: 'visible', target: t }) : fail();
  }
  if (
    (m =
      /^(?:the\s+)?(?:page|screen|it|site|app|website|browser)\s+(?:shows?|displays?|contains?|has|says|reads|includes?|lists?|presents?)\s+(?:the\s+|a\s+|an\s+)?(?:text\s+|message\s+|word\s+|error\s+|notification\s+|heading\s+)?(?:saying\s+|that says\s+)?(.+)$/i.exec(
        text,
      ))
  ) {
    const t = shownTarget(m[1], values);
    return t ? ok({ type: 'visible', target: t }) : fail();
  }
  if (
    (m =
      /^(?:the\s+|a\s+|an\s+)?(?:text\s+|message\s+|error\s+|error message\s+|notification\s+|confirmation\s+|alert\s+|word\s+)?(?:saying\s+|that says\s+|reading\s+)?(.+?)\s+(?:is\s+|are\s+)?(?:visible|shown|displayed|present|appears?|shows up|is on the page|on the page|on screen|on the screen|there|exists?)$/i.exec(
        text,
      ))
  ) {
    const t = shownTarget(m[1], values);
    return t ? ok({ type: 'visible', target: t }) : fail();
  }

  // Text inside one element: 'the total is "$54.00"', 'the cart link shows "Cart (1)"'.
  if (
    (m =
      /^(?:the\s+)?(.+?)\s+(not\s+)?(?:shows?|contains?|displays?|reads|says|includes?|has (?:the )?text|text is|equals?|is)\s+(?:the\s+)?(?:text\s+|message\s+|value\s+|amount\s+|number\s+)?(.+)$/i.exec(
        text,
      ))
  ) {
    if (PAGE_WORDS.test(m[1])) {
      const t = shownTarget(m[3], values);
      return t ? ok({ type: 'visible', target: t, negate: Boolean(m[2]) }) : fail();
    }
    // '"Notes" is empty': the element holds no value (a quoted "empty" stays the word).
    if (!m[2] && /^(?:empty|blank)$/i.test(m[3].trim())) {
      const field = target(m[1], values);
      const phrase = field?.kind === 'phrase' ? field.phrase : null;
      if (phrase && (phrase.exact || /^(?:textbox|searchbox|combobox)$/.test(phrase.role ?? '')))
        return ok({ type: 'value', target: field!, value: '' });
    }
    const v = value(m[3], values);
    const inPlace = !m[2] && v && shownIn(m[1], v, values);
    if (inPlace) return ok(inPlace);
    const t = target(m[1], values);
    if (t && v) return ok({ type: 'text', target: t, value: v, ...(m[2] ? { negate: true } : {}) });
  }

  // One quoted text and nothing we could read around it: the page shows it.
  const tokens = text.match(TOKEN_ANY) ?? [];
  // A place read nowhere above ('"Saved" is there, right under the name'): refused, never dropped.
  if (
    tokens.length === 1 &&
    new RegExp(`\\b${PLACE_WORDS}\\s+(?:the|a|an|my|its|their|that|this)\\b`, 'i').test(text)
  )
    return fail(PLACE_HINT);
  if (tokens.length === 1 && !/\bnot\b/i.test(text))
    return ok({ type: 'visible', target: { kind: 'text', text: detokenize(tokens[0], values) } });
  return fail();
}

/** A statement about one element (sentences/checks.ts) as the check it asks for. */
function statementAssertion(check: Check, values: string[]): IntentAssertion | null {
  const bare = check.subject.replace(/^(?:the|a|an)\s+/i, '');
  if (check.kind === 'text') {
    const v = value(check.value ?? '', values);
    if (!v) return null;
    if (!check.subject) return { type: 'visible', target: { kind: 'text', text: v } };
    const inPlace = !check.place && shownIn(check.subject, v, values);
    if (inPlace) return inPlace;
    const t = placedTarget(target(check.subject, values), check.place, values);
    return t ? { type: 'text', target: t, value: v } : null;
  }
  if (check.kind === 'count') {
    const counted = placedTarget(countTarget(check.things ?? '', values), check.place, values);
    return counted && check.count !== undefined
      ? { type: 'count', target: counted, count: check.count }
      : null;
  }
  const named = TOKEN_ONLY.test(bare) ? shownTarget(bare, values) : target(check.subject, values);
  const t = placedTarget(named, check.place, values);
  if (!t) return null;
  switch (check.kind) {
    case 'visible':
    case 'hidden':
      return { type: 'visible', target: t, ...(check.kind === 'hidden' ? { negate: true } : {}) };
    case 'enabled':
    case 'disabled':
      return { type: 'enabled', target: t, enabled: check.kind === 'enabled' };
    case 'checked':
    case 'unchecked':
      return { type: 'checked', target: t, checked: check.kind === 'checked' };
    default:
      return null;
  }
}

// A part of the page a check's words are read in ('the Billing section', 'the dialog').
const REGION_SUBJECT =
  /^(?:[\w'-]+\s+){0,3}(?:section|dialog|modal|panel|card|sidebar|side ?bar|drawer|tile|footer|header|pop-?up|banner)$/i;
// Words that name no element of their own, only what it says: 'the message', 'the error'.
const SAYING = new RegExp(
  `^(?:(?:error|validation|warning|success|helper|hint|status|inline)\\s+)?(?:message|error|text|hint|note|warning|label|caption|notice)\\s+(${PLACE_WORDS}\\s+.+)$`,
  'i',
);

/**
 * 'The row of Ada shows "Admin"', 'the Billing section says "Paid"', 'the error under Email reads
 * "Required"': the words must be shown in that row, region or place — a check that holds anywhere on
 * the page would pass falsely. Null when the subject is an element of its own.
 */
function shownIn(subject: string, v: string, values: string[]): IntentAssertion | null {
  const bare = subject
    .trim()
    .replace(/[.,;:!?]+$/, '')
    .replace(/^(?:the|a|an)\s+/i, '');
  const item =
    /^(?:row|line|item|card|entry|tile|record)\s+(?:for|of|with|containing|showing)\s+(?:the\s+)?(.+)$/i.exec(
      bare,
    ) ?? /^(.+?)(?:'s|')\s+(?:row|line|item|card|entry|tile|record)$/i.exec(bare);
  const saying = SAYING.exec(bare);
  const place = item
    ? { context: detokenize(item[1], values).trim() }
    : saying
      ? placeOf(saying[1], values)
      : REGION_SUBJECT.test(bare) && !/[⟦]/.test(bare)
        ? { where: bare }
        : null;
  if (!place || Object.keys(place).length === 0) return null;
  return { type: 'visible', target: phraseTarget({ text: v, shown: true, ...place }) };
}

function onPageName(raw: string, values: string[]): string {
  return detokenize(
    raw.replace(/^(?:the|a|an)\s+/i, '').replace(/\s+(?:page|screen|view)$/i, ''),
    values,
  ).trim();
}

/** Words naming a set of elements: 'todo items', 'products', '"Add to cart" buttons', 'items in the todo list'. */
function countTarget(raw: string, values: string[]): TargetRef | null {
  const text = detokenize(raw.replace(/^(?:the|a|an)\s+/i, ''), values).trim();
  if (!text) return null;
  const singular = (word: string) =>
    word.replace(/(?:es|s)$/i, (suffix) =>
      /(?:ss|x|ch|sh)es$/i.test(word) ? '' : suffix === 'es' ? 'e' : '',
    );
  const words = text.split(/\s+/);
  const last = singular(words[words.length - 1]).toLowerCase();
  const roleWord = ROLE_WORDS.find(
    ([name]) =>
      name === last ||
      name ===
        `${words
          .slice(-2)
          .join(' ')
          .toLowerCase()
          .replace(/es$|s$/, '')}`,
  );
  if (roleWord && words.length > 1)
    return phraseTarget({ text: words.slice(0, -1).join(' '), role: roleWord[1] });
  if (roleWord) return phraseTarget({ text: '', role: roleWord[1] });
  return phraseTarget({ text });
}

// ── Hints ─────────────────────────────────────────────────────────────────────────────────────────

export function hintFor(text: string): string {
  const first = text.toLowerCase().split(/\s+/)[0] ?? '';
  if (/^(?:type|enter|fill|input|write|put|paste|provide)$/.test(first))
    return 'Say what to type, in quotes, and into which field: Type "ada@example.com" into the Email field.';
  if (/^(?:click|press|tap|push|hit)$/.test(first))
    return 'Name the button or link to click: Click the "Sign in" button.';
  if (/^(?:select|choose|pick)$/.test(first))
    return 'Say which option and which list: Select "Canada" from the Country list.';
  if (/^(?:go|open|navigate|visit|browse|load)$/.test(first))
    return 'Give the address or the link to follow: Go to https://example.com/login, or Open the "Cart" link.';
  if (/^(?:wait)$/.test(first))
    return 'Say how long or for what: Wait 2 seconds, or Wait for "Saved" to appear.';
  if (/^(?:check|tick|uncheck|mark)$/.test(first))
    return 'Name the checkbox: Check the "Remember me" checkbox, or Mark "Buy milk" as done.';
  if (/^(?:scroll)$/.test(first))
    return 'Say where to: Scroll down, Scroll to the bottom, or Scroll to the "Reviews" heading.';
  if (/^(?:hover)$/.test(first)) return 'Name the element: Hover over the "Account" menu.';
  return 'Write one action per sentence, naming the element and quoting the words on the page, e.g. Click the "Sign in" button · Type "hello" into the Search field · Select "Canada" from the Country list · Verify the page shows "Welcome".';
}
