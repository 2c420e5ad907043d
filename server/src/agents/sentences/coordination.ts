import { quote } from '../grammar';

// Coordinated labels (issue 29): 'Check Terms and Privacy', 'Tick the Email and SMS boxes', 'Untick
// Offers, News and Tips in the footer', 'Fill in first and last name with Ada and Lovelace'. Each label
// gets its step, so two boxes are two ticks and two fields two fills. Quoted values arrive as ⟦n⟧ tokens.

const TICK =
  /^(check|uncheck|tick|untick|select|deselect|unselect|enable|disable|turn on|turn off|switch on|switch off|toggle)\s+(both\s+)?(?:the\s+)?(.+?)(\s+(?:in|on|under|inside|within|from)\s+(?:the\s+)?.+)?$/i;
// Plural nouns that name what each label is ('the Email and SMS boxes').
const PLURAL_ROLE =
  /^(.+?)\s+(boxes|checkboxes|check boxes|options|toggles|switches|filters|settings|notifications|items|rows|columns|tags|labels)$/i;
// Labels that are one sentence of consent, whatever their 'and' ('I agree to the Terms and Conditions').
const ORDINAL = String.raw`(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)`;
const ORDINALS_OF = new RegExp(
  String.raw`^(${ORDINAL}(?:\s*,\s*${ORDINAL})*\s*,?\s+and\s+${ORDINAL})\s+([a-z]+[^s\s]s)$`,
  'i',
);
const ONE_LABEL = /\b(?:agree|accept|read|understand|consent)\b|^i\s/i;
const ITEM = /^(?:⟦\d+⟧|[\p{L}\p{N}][\p{L}\p{N}&'’.+-]*(?:\s+[\p{L}\p{N}&'’.+-]+){0,3})$/u;

function singular(noun: string): string {
  const lower = noun.toLowerCase();
  if (/(?:box|switch|ch|sh)es$/.test(lower)) return lower.slice(0, -2);
  return lower.replace(/s$/, '');
}

/** 'A, B and C' → its items; null unless there are two at least and each is a short label (or value). */
function items(list: string, shape = ITEM): string[] | null {
  const parts = list
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+/i)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 2 || !parts.every((part) => shape.test(part))) return null;
  return parts;
}

// A typed value: a token, or a few words of any characters.
const VALUE = /^(?:⟦\d+⟧|\S+(?:\s+\S+){0,3})$/;

/** One tick (or untick…) per label of a coordinated list; null when the clause names one label. */
function tickSteps(text: string): string[] | null {
  const m = TICK.exec(text);
  if (!m) return null;
  const [, verb, both, object, place = ''] = m;
  if (ONE_LABEL.test(object) || !/\sand\s/i.test(object)) return null;
  // 'the 2nd and 3rd contacts': ordinals share any plural noun.
  const plural = PLURAL_ROLE.exec(object) ?? ORDINALS_OF.exec(object);
  const list = items(plural ? plural[1] : object);
  if (!list) return null;
  // Two bare labels after 'select' or 'toggle' may be one ('Select Black and White'): a plural noun,
  // 'both' or a longer list says they are several; check and tick verbs name boxes one by one.
  const boxVerb = /^(?:check|uncheck|tick|untick|enable|disable|turn|switch)/i.test(verb);
  if (!plural && !both && list.length < 3 && !boxVerb) return null;
  const noun = plural ? ` ${singular(plural[2])}` : '';
  const said = verb.charAt(0).toUpperCase() + verb.slice(1);
  return list.map((label) => `${said} ${/^⟦/.test(label) ? label : `the ${label}`}${noun}${place}`);
}

const FILL =
  /^(fill(?:\s+(?:in|out))?|enter|type|put|set|input)\s+(?:the\s+|in\s+the\s+)?(.+?)\s+(?:with|to|as)\s+(.+)$/i;
const FILL_VALUES_FIRST = /^(enter|type|put|input|write)\s+(.+?)\s+(?:in|into|in to|for)\s+(?:the\s+)?(.+)$/i;

/** 'first and last name' → first name, last name; 'City and Postcode' → City, Postcode. */
function fields(words: string): string[] | null {
  const shared = /^(\S+)\s+and\s+(\S+)\s+(\S+(?:\s+\S+)?)$/i.exec(words);
  // 'first and last name': two modifiers of one noun, unless each side is a label of its own.
  if (shared && /^[a-z]/.test(shared[2])) return [`${shared[1]} ${shared[3]}`, `${shared[2]} ${shared[3]}`];
  return items(words);
}

/** One fill per field when a clause pairs as many fields as values ('… with Ada and Lovelace'). */
function fillSteps(text: string): string[] | null {
  let names: string[] | null = null;
  let values: string[] | null = null;
  const valuesFirst = FILL_VALUES_FIRST.exec(text);
  const fieldsFirst = FILL.exec(text);
  if (valuesFirst && /\sand\s/i.test(valuesFirst[3])) {
    values = items(valuesFirst[2], VALUE);
    names = fields(valuesFirst[3].replace(/\s+(?:fields?|boxes)$/i, ''));
  } else if (fieldsFirst && /\sand\s/i.test(fieldsFirst[2])) {
    names = fields(fieldsFirst[2].replace(/\s+(?:fields?|boxes)$/i, ''));
    values = items(fieldsFirst[3], VALUE);
  }
  if (!names || !values || names.length !== values.length) return null;
  return names.map((name, i) => {
    const value = /^⟦\d+⟧$/.test(values[i]) ? values[i] : quote(values[i]);
    return `Type ${value} into the ${name} field`;
  });
}

/** The steps a clause of coordinated labels stands for, or null when it names one element. */
export function coordinatedSteps(clause: string): string[] | null {
  const text = clause.trim().replace(/[.!]+$/, '');
  return fillSteps(text) ?? tickSteps(text);
}

// A check, by its first words or a verb of being or showing: the only clauses whose values are split.
const CHECK_CLAUSE =
  /^(?:verify|check\s+(?:that|if|whether)|confirm|ensure|make sure|assert|expect|(?:i|we|you)\s+(?:should\s+)?see|see)\b|\b(?:should|must|is|are|shows?|displays?|lists?|contains?|includes?)\b/i;
// 'both Alice and Carol', '"A", "B" and "C"': quoted values, or names after 'both'.
const NAME = String.raw`(?:⟦\d+⟧|(?!Both\b)[A-Z][\p{L}\p{N}'’.@-]*(?:\s+[A-Z][\p{L}\p{N}'’.@-]*){0,2})`;
const VALUE_LIST = new RegExp(
  String.raw`(\b[Bb]oth\s+)?(${NAME}(?:\s*,\s*${NAME})*\s*,?\s+and\s+${NAME})(\s+(?:are|is|should|must|appear|show)\b)?`,
  'u',
);

/**
 * 'Verify the page shows "A" and "B"', 'make sure both Alice and Carol are in To': one check per value,
 * so neither is read as part of the other's words ('A and B' is no text the page shows). Quoted values
 * are split always; bare names only after 'both'. Null when the clause is no such check.
 */
export function coordinatedChecks(clause: string): string[] | null {
  const text = clause.trim().replace(/[.!]+$/, '');
  if (!CHECK_CLAUSE.test(text)) return null;
  const m = VALUE_LIST.exec(text);
  if (!m) return null;
  const list = items(m[2], new RegExp(`^${NAME}$`, 'u'));
  if (!list || (!m[1] && !list.every((item) => /^⟦\d+⟧$/.test(item)))) return null;
  const before = text.slice(0, m.index);
  const after = text.slice(m.index + m[0].length);
  // The list was the subject: each value alone is one thing ('Alice is in To').
  const verb = m[3] ? m[3].replace(/\bare\b/, 'is') : '';
  return list.map((item) => `${before}${item}${verb}${after}`);
}
