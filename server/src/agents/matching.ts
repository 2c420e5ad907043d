import { type Candidate } from '../runner';
import { type Near, type Phrase, type RoleHint } from './intent';

// How well words name an element of the page: the rules coder's judgement, deterministic.

export const MATCH_THRESHOLD = 50;

export function normalizeWords(text: string | null | undefined): string {
  return (text ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}$%.]+/gu, ' ')
    .replace(/(^|\s)\.+|\.+(\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('es') && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Words that name nothing by themselves: a reference is judged on its other words. */
export const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'to',
  'of',
  'for',
  'on',
  'in',
  'at',
  'by',
  'with',
  'from',
  'into',
  'and',
  'my',
  'your',
  'our',
  'this',
  'that',
  'its',
  'please',
]);

/**
 * Words that only describe what kind of thing is meant ('the Active filter', 'the Email input'): they
 * may stay unmatched. Every other word of a reference must be accounted for.
 */
export const DESCRIPTIVE_WORDS = new Set([
  'filter',
  'control',
  'label',
  'text',
  'message',
  'area',
  'section',
  'panel',
  'element',
  'entry',
  'value',
  'list',
  'column',
  'header',
]);

/**
 * The documented synonym table (docs/writingTests.md): a word matches any word of its group. Symbols
 * are read as words first (× is 'xclose', ☰ and ⋮ are 'menu', a lone + is 'plus').
 */
export const SYNONYMS: string[][] = [
  ['delete', 'remove', 'destroy', 'trash', 'bin', 'erase', 'xclose'],
  ['edit', 'pencil', 'modify', 'rename'],
  ['close', 'dismiss', 'xclose'],
  ['menu', 'hamburger', 'kebab', 'more', 'option', 'dots', 'ellipsis', 'haspopup', 'actions'],
  ['add', 'plus'],
  ['search', 'find', 'magnifier', 'magnifying'],
  ['settings', 'preference', 'gear', 'cog'],
  ['todo', 'task'],
  ['notification', 'bell', 'alert'],
  // Icon fonts name a help button by what it shows: a question mark in a circle.
  ['help', 'question'],
  ['login', 'signin'],
  ['logout', 'signout'],
];

const SYNONYM_GROUPS = new Map<string, Set<number>>();
SYNONYMS.forEach((group, index) => {
  for (const word of group) {
    const key = stem(word);
    const groups = SYNONYM_GROUPS.get(key) ?? new Set<number>();
    groups.add(index);
    SYNONYM_GROUPS.set(key, groups);
  }
});

/** Lower-case words with symbols read as words and each word stemmed. */
export function wordsOf(text: string | null | undefined): string[] {
  const spelled = (text ?? '')
    .replace(/[×✕✖✗⨯]/g, ' xclose ')
    .replace(/[☰⋮≡]/g, ' menu ')
    // An icon described by what it draws, counted: 'the three dots' (a row's actions menu), 'the three
    // lines' (a hamburger). The count names nothing the page must say.
    .replace(/\b(?:three|3)[\s-]+(?:(?:vertical|horizontal|little|small|grey|gray)\s+)?dots\b/gi, ' dots ')
    .replace(
      /\b(?:three|3)[\s-]+(?:(?:horizontal|little|small|grey|gray)\s+)?(?:lines|bars)\b/gi,
      ' hamburger ',
    )
    .replace(/(^|\s)\+(\s|$)/g, ' plus ')
    .replace(/\b(log|sign)[\s-]?(in|on)\b/gi, '$1in')
    .replace(/\b(log|sign)[\s-]?(out|off)\b/gi, '$1out')
    .replace(/\blogin\b/gi, 'login')
    .replace(/\bsignin\b/gi, 'login')
    .replace(/\bsignout\b/gi, 'logout');
  const normal = normalizeWords(spelled);
  return normal ? normal.split(' ').map(stem) : [];
}

/** How well one word of a reference matches one word of the page: 1 same, 0.97 same stem, 0.9 synonym, 0 not. */
export function wordMatch(wanted: string, seen: string): number {
  if (wanted === seen) return 1;
  const a = SYNONYM_GROUPS.get(wanted);
  const b = SYNONYM_GROUPS.get(seen);
  if (a && b) for (const group of a) if (b.has(group)) return 0.9;
  return 0;
}

function significant(words: string[]): string[] {
  const kept = words.filter((word) => !STOP_WORDS.has(word));
  return kept.length > 0 ? kept : words;
}

/**
 * 0..100: how well `phrase` names a text of the element. Every significant word of the phrase must
 * be accounted for (same word, same stem, or a synonym); otherwise 0, however many words are shared.
 */
export function similarity(phrase: string, field: string | null | undefined): number {
  const p = normalizeWords(phrase);
  const f = normalizeWords(field);
  if (p && p === f) return 100;
  const wanted = significant(wordsOf(phrase));
  const seenAll = wordsOf(field);
  const seen = significant(seenAll);
  if (wanted.length === 0 || seen.length === 0) return 0;
  let quality = 1;
  const used = new Set<number>();
  // Describing words may stay unmatched, unless they are all the phrase says.
  const optional = wanted.some((word) => !DESCRIPTIVE_WORDS.has(word));
  for (const word of wanted) {
    if (optional && DESCRIPTIVE_WORDS.has(word) && !seen.includes(word)) continue;
    let best = 0;
    let at = -1;
    seen.forEach((candidate, index) => {
      const value = wordMatch(word, candidate);
      if (value > best || (value === best && value > 0 && used.has(at) && !used.has(index))) {
        best = value;
        at = index;
      }
    });
    if (best === 0) return 0;
    used.add(at);
    quality = Math.min(quality, best);
  }
  const wantedText = wanted.filter((word) => seen.includes(word)).join(' ');
  const seenText = seen.join(' ');
  let base: number;
  if (wantedText === seenText) base = 97;
  else if (seenText.startsWith(`${wantedText} `) || seenText.endsWith(` ${wantedText}`)) base = 90;
  else if (` ${seenText} `.includes(` ${wantedText} `)) base = 85;
  else base = 80;
  // Words of the element the phrase did not name: a little less sure with each.
  const extra = Math.max(0, seen.length - used.size);
  return Math.max(MATCH_THRESHOLD, base * quality - Math.min(15, 2 * extra));
}

/** 0..1: the share of a phrase's significant words an element's text accounts for (to name the closest). */
export function closeness(phrase: string, field: string | null | undefined): number {
  const wanted = significant(wordsOf(phrase));
  const seen = significant(wordsOf(field));
  if (wanted.length === 0 || seen.length === 0) return 0;
  const hits = wanted.filter((word) => seen.some((other) => wordMatch(word, other) > 0)).length;
  return hits / wanted.length;
}

const EDITABLE_ROLES = new Set(['textbox', 'searchbox', 'spinbutton', 'combobox']);
const CHECKABLE_ROLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

export function isEditable(candidate: Candidate): boolean {
  return (
    candidate.editable ||
    (EDITABLE_ROLES.has(candidate.role) && candidate.tag !== 'select' && !isListboxButton(candidate))
  );
}

/**
 * A select built from a button and a listbox (MUI's Select, an ARIA select-only combobox): no text to
 * type, its options open on a click, often in a portal at the end of the body.
 */
export function isListboxButton(candidate: Candidate): boolean {
  return (
    Boolean(candidate.listbox) &&
    (!candidate.editable || showsChoiceBeside(candidate)) &&
    candidate.tag !== 'select'
  );
}

/**
 * A select built from an empty input that shows its choice or placeholder beside it (Ant Design's
 * Select, searchable or not): a click lists every option, where typing the option's words may filter
 * them all away (a page-size search takes "10", not "10 / page").
 */
function showsChoiceBeside(candidate: Candidate): boolean {
  return candidate.tag === 'input' && Boolean(candidate.listbox) && Boolean(candidate.text);
}

/** A text field whose typing filters a listbox of options to pick from (an autocomplete). */
export function isAutocomplete(candidate: Candidate): boolean {
  return Boolean(candidate.listbox) && candidate.editable && !showsChoiceBeside(candidate);
}

export function isCheckable(candidate: Candidate): boolean {
  return CHECKABLE_ROLES.has(candidate.role);
}

export function isSelect(candidate: Candidate): boolean {
  return candidate.tag === 'select' || candidate.role === 'listbox' || isListboxButton(candidate);
}

export type Purpose = 'click' | 'fill' | 'select' | 'check' | 'clear' | 'hover' | 'read' | 'press';

/** Whether the element can take the action at all. */
export function suits(candidate: Candidate, purpose: Purpose): boolean {
  switch (purpose) {
    case 'fill':
      // A slider is set to a number as a field is filled ('Set Hours per day to 4').
      // A date picker's field that opens a calendar is set by picking the day there.
      return (
        isEditable(candidate) ||
        isSelect(candidate) ||
        candidate.role === 'slider' ||
        Boolean(candidate.calendar)
      );
    case 'select':
      return isSelect(candidate) || isEditable(candidate);
    case 'check':
      return isCheckable(candidate);
    case 'clear':
      return isEditable(candidate) || isCheckable(candidate);
    case 'press':
      return !['list', 'listitem', 'heading', 'status', 'alert', 'paragraph'].includes(candidate.role);
    case 'click':
    case 'hover':
      return (
        !['list', 'status', 'alert', 'paragraph', 'definition', 'term'].includes(candidate.role) ||
        Boolean(candidate.testId)
      );
    case 'read':
      return true;
  }
}

const ROLE_FAMILY: Record<RoleHint, string[]> = {
  button: ['button'],
  link: ['link'],
  textbox: ['textbox', 'searchbox', 'spinbutton', 'combobox'],
  searchbox: ['searchbox', 'textbox', 'combobox'],
  checkbox: ['checkbox', 'switch'],
  radio: ['radio'],
  combobox: ['combobox', 'listbox'],
  heading: ['heading'],
  tab: ['tab'],
  img: ['img'],
  list: ['list'],
  listitem: ['listitem'],
  menuitem: ['menuitem', 'menuitemcheckbox', 'menuitemradio'],
  option: ['option', 'radio'],
};

function roleScore(hint: RoleHint | undefined, candidate: Candidate): number {
  if (!hint) return 0;
  const family = ROLE_FAMILY[hint];
  if (family[0] === candidate.role) return 10;
  if (family.includes(candidate.role)) return 5;
  // Links styled as buttons and buttons styled as links are everyday: a small step down only.
  if ((hint === 'button' && candidate.role === 'link') || (hint === 'link' && candidate.role === 'button'))
    return -5;
  if (hint === 'listitem' && candidate.testId) return 0;
  return -30;
}

function fieldsOf(candidate: Candidate): { text: string | null; weight: number }[] {
  return [
    { text: candidate.name, weight: 1 },
    { text: candidate.label, weight: 1 },
    { text: candidate.placeholder, weight: 0.95 },
    // A field's text is what was typed into it, except the value or placeholder a select built from an
    // input shows beside it ("5 / page").
    { text: candidate.editable && !candidate.listbox ? null : candidate.text, weight: 0.95 },
    { text: candidate.iconHint, weight: 0.9 },
    // Its name and what it shows together: 'the account menu' is the "account of current user" button
    // that opens a menu.
    {
      text: candidate.name && candidate.iconHint ? `${candidate.name} ${candidate.iconHint}` : null,
      weight: 0.9,
    },
    { text: candidate.testId?.replace(/[-_]+/g, ' ') ?? null, weight: 0.9 },
    {
      text: candidate.nameAttr?.replace(/[-_]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2') ?? null,
      weight: 0.8,
    },
    { text: candidate.id?.replace(/[-_]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2') ?? null, weight: 0.75 },
  ];
}

// Roles a person acts on; text-bearing elements (headings, items, labels) come second for actions.
const INTERACTIVE_ROLES = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'spinbutton',
  'combobox',
  'listbox',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'slider',
  'treeitem',
]);

/** An element that shows an icon and no words (digits, like a count badge, allowed). */
export function isIconOnly(candidate: Candidate): boolean {
  return candidate.role === 'img' || !/\p{L}/u.test(candidate.text ?? '');
}

export interface Scored {
  candidate: Candidate;
  score: number;
}

/** Whether the words of a row, item or card (the phrase's context) are those of the element's container. */
export function inContext(context: string, candidate: Candidate): boolean {
  return contextText(context, candidate) !== null;
}

/**
 * The words of the context the element's row, item or card shows (to locate that container by), or
 * null when it is not the element's. 'order #1003', 'invoice INV-22': a kind of item and its
 * identifier, where the row shows the identifier only.
 */
export function contextText(context: string, candidate: Candidate): string | null {
  const holds = (words: string) =>
    similarity(words, candidate.container) > 0 || similarity(words, candidate.name) > 0;
  if (holds(context)) return context;
  const identified = /^(\p{L}+)\s+(#?(?=[\p{L}\p{N}-]*\p{N})[\p{L}\p{N}-]{3,})$/u.exec(context.trim());
  if (!identified || STOP_WORDS.has(identified[1].toLowerCase())) return null;
  return holds(identified[2]) ? identified[2] : null;
}

// The words a person uses for a region of the page, by the kinds collectCandidates gives regions.
const PLACE_KINDS: Record<string, string[]> = {
  dialog: ['dialog'],
  modal: ['dialog'],
  popup: ['dialog', 'menu'],
  window: ['dialog'],
  navigation: ['navigation', 'sidebar'],
  nav: ['navigation', 'sidebar'],
  navbar: ['navigation', 'header'],
  sidebar: ['sidebar', 'navigation'],
  sidenav: ['sidebar', 'navigation'],
  drawer: ['sidebar', 'navigation'],
  menu: ['menu', 'navigation', 'sidebar'],
  dropdown: ['menu'],
  header: ['header'],
  banner: ['header'],
  toolbar: ['header'],
  appbar: ['header'],
  footer: ['footer'],
  form: ['form', 'dialog'],
  main: ['main'],
};
// Words of a place that narrow nothing by themselves: where on the page, or a container the phrase's
// context already names.
const PLACE_NEUTRAL = new Set(
  [
    'page',
    'screen',
    'top',
    'bottom',
    'left',
    'right',
    'side',
    'upper',
    'lower',
    'corner',
    'bar',
    'list',
    'table',
    'grid',
    'row',
    'card',
    'item',
    'box',
    'content',
    'area',
    'section',
    'panel',
  ].map(stem),
);

/**
 * How a place clause ('in the left navigation', 'in the dialog', 'in the Billing section') fits the
 * element: null when it is elsewhere, else a bonus for each other word of the place its region shows.
 * A kind of region named (dialog, navigation, header…) must be one around the element; other words
 * (a region's or section's name) must be in its regions or container.
 */
export function placeFit(where: string, candidate: Candidate): number | null {
  const words = significant(wordsOf(where)).filter(
    (word) => PLACE_KINDS[word] || !DESCRIPTIVE_WORDS.has(word),
  );
  // 'In the frame': an element of one of the page's iframes.
  if (words.some((word) => word === 'frame' || word === 'iframe')) return candidate.frame ? 0 : null;
  const around = wordsOf(`${candidate.region ?? ''} ${candidate.container ?? ''}`);
  const regionKinds = new Set(wordsOf(candidate.region));
  const kinds = words.filter((word) => PLACE_KINDS[word]);
  if (kinds.some((word) => !PLACE_KINDS[word].some((kind) => regionKinds.has(kind)))) return null;
  const named = words.filter((word) => !PLACE_KINDS[word] && !PLACE_NEUTRAL.has(word));
  const shown = (word: string) => around.some((seen) => wordMatch(word, seen) > 0);
  if (kinds.length === 0 && named.length > 0 && !named.every(shown)) return null;
  return words.filter((word) => !PLACE_KINDS[word] && shown(word)).length * 3;
}

/** Scores one candidate for a phrase and a purpose; -Infinity when it cannot serve. */
export function scoreCandidate(phrase: Phrase, candidate: Candidate, purpose: Purpose): number {
  if (!suits(candidate, purpose)) return -Infinity;
  // 'The basket icon' is a control that shows an icon, never one that says 'Add to basket'.
  if (phrase.role === 'img' && phrase.text && !isIconOnly(candidate)) return -Infinity;
  let score: number;
  if (phrase.submit) {
    score = candidate.role === 'button' && candidate.type === 'submit' ? 85 : -Infinity;
  } else if (!phrase.text) {
    // Only a role ('the text field', 'the first checkbox'): any element of that role.
    if (!phrase.role || !ROLE_FAMILY[phrase.role].includes(candidate.role)) return -Infinity;
    score = 60;
  } else {
    const names = [phrase.text, ...(phrase.alternatives ?? [])];
    score = 0;
    names.forEach((name, index) => {
      for (const field of fieldsOf(candidate)) {
        const value = similarity(name, field.text) * field.weight * (index === 0 ? 1 : 0.95);
        if (value > score) score = value;
      }
    });
    if (score === 0) return -Infinity;
  }
  if (phrase.role === 'img' && candidate.role !== 'img') score += 5;
  else score += roleScore(phrase.role, candidate);
  if (!phrase.role && purpose !== 'read' && INTERACTIVE_ROLES.has(candidate.role)) score += 8;
  if (phrase.context) {
    // The row or item named must be the element's own: never a guess in another row.
    if (!inContext(phrase.context, candidate)) return -Infinity;
    score += 15;
  }
  if (phrase.where) {
    // 'In the dialog', 'in the left navigation': an element elsewhere is not meant.
    const place = placeFit(phrase.where, candidate);
    if (place === null) return -Infinity;
    score += place;
  }
  if (!candidate.visible) score -= 40;
  if (candidate.disabled && purpose !== 'read') score -= 10;
  return score;
}

/**
 * The candidates a phrase may mean, best first; the phrase's ordinal picks among the near-best in
 * document order ('the second Add to cart button'). No words accounted for, no candidate: an element
 * is never chosen for sharing a word or two with the phrase.
 */
export function rankCandidates(phrase: Phrase, candidates: Candidate[], purpose: Purpose): Scored[] {
  const anchors = phrase.near ? nearAnchors(phrase.near, candidates) : [];
  const scored = candidates
    .map((candidate) => ({ candidate, score: scoreCandidate(phrase, candidate, purpose) }))
    .filter((entry) => entry.score >= MATCH_THRESHOLD)
    // 'Under the Name field': only an element on that side of the one named, never one elsewhere.
    .filter(
      (entry) =>
        !phrase.near ||
        anchors.some((anchor) => onSide(phrase.near!.side, anchor, entry.candidate, candidates)),
    )
    .sort((a, b) => b.score - a.score || a.candidate.index - b.candidate.index);
  if (scored.length === 0) {
    // 'Tick "Pay rent"' where the box has no name of its own: the box in the row of those words.
    if (purpose === 'check' && phrase.text && !phrase.context && !phrase.submit)
      return rankCandidates(
        { ...phrase, text: '', role: 'checkbox', context: phrase.text, exact: false },
        candidates,
        purpose,
      );
    return [];
  }
  if (phrase.ordinal === undefined) return withoutNested(scored);
  const top = scored[0].score;
  const peers = scored
    .filter((entry) => entry.score >= top - 8)
    .sort((a, b) => a.candidate.index - b.candidate.index);
  const chosen = phrase.ordinal === -1 ? peers[peers.length - 1] : peers[phrase.ordinal - 1];
  if (!chosen) return [];
  return [chosen, ...scored.filter((entry) => entry !== chosen && !peers.includes(entry))];
}

/**
 * The phrase gives a place or a container for its element ('the message under the Name field', 'the
 * Billing section', 'in the row of Ada'): a check of its words must hold there, never anywhere on the page.
 */
export function namesPlace(phrase: Phrase): boolean {
  return (
    Boolean(phrase.context || phrase.where || phrase.near || phrase.inItem || phrase.item) ||
    phrase.ordinal !== undefined ||
    /(?:^|\s)(?:section|dialog|modal|panel|card|row|sidebar|drawer|tile|footer|header|pop-?up)s?$/i.test(
      phrase.text,
    )
  );
}

/** The elements a place beside names ('the Name field' of 'under the Name field'): the best and its peers. */
function nearAnchors(near: Near, candidates: Candidate[]): Candidate[] {
  const ranked = rankCandidates(near.of, candidates, 'read').filter((entry) => entry.candidate.visible);
  const top = ranked[0]?.score ?? 0;
  return ranked.filter((entry) => entry.score > top - CLEAR_MARGIN).map((entry) => entry.candidate);
}

// How far from the element named a thing on its side may be, in CSS pixels: a field's message under it,
// a counter beside a link; not the other end of the page.
const NEAR_BELOW = 150;
const NEAR_BESIDE = 300;

/**
 * The candidate is on that side of the anchor, close by: under it (overlapping its column, with no other
 * control between them, so not under the next field), above it, or beside it (on its line, or in its row).
 */
export function onSide(
  side: Near['side'],
  anchor: Candidate,
  candidate: Candidate,
  all: Candidate[],
): boolean {
  const a = anchor.box;
  const c = candidate.box;
  if (!a || !c || anchor === candidate || contains(c, a)) return false;
  const columns = (p: NonNullable<Candidate['box']>, q: NonNullable<Candidate['box']>) =>
    p.x < q.x + q.width && p.x + p.width > q.x;
  if (side === 'beside') {
    const sameRow =
      Boolean(anchor.container) &&
      anchor.container === candidate.container &&
      (anchor.containerRole === 'row' || anchor.containerRole === 'listitem');
    const line = c.y < a.y + a.height && c.y + c.height > a.y;
    const gap = Math.max(c.x - (a.x + a.width), a.x - (c.x + c.width));
    return sameRow || (line && gap <= NEAR_BESIDE);
  }
  const [upper, lower] = side === 'below' ? [a, c] : [c, a];
  const top = upper.y + upper.height;
  if (lower.y < top - 2 || lower.y - top > NEAR_BELOW || !columns(c, a)) return false;
  // Another control between them: the words are that control's, not this one's.
  return !all.some(
    (other) =>
      other !== anchor &&
      other !== candidate &&
      other.visible &&
      other.box &&
      (other.editable || INTERACTIVE_ROLES.has(other.role)) &&
      other.box.y >= top - 1 &&
      other.box.y + other.box.height <= lower.y + 1 &&
      columns(other.box, a),
  );
}

function contains(outer: Candidate['box'], inner: Candidate['box']): boolean {
  if (!outer || !inner) return false;
  return (
    outer.x <= inner.x + 1 &&
    outer.y <= inner.y + 1 &&
    outer.x + outer.width >= inner.x + inner.width - 1 &&
    outer.y + outer.height >= inner.y + inner.height - 1
  );
}

/** An element and the one around it that says the same words are one target: the inner one stays. */
function withoutNested(scored: Scored[]): Scored[] {
  return scored.filter(
    (entry) =>
      !scored.some(
        (other) =>
          other !== entry &&
          other.score >= entry.score - 1 &&
          contains(entry.candidate.box, other.candidate.box) &&
          !contains(other.candidate.box, entry.candidate.box),
      ),
  );
}

/**
 * How far the best candidate must lead the next different one to be acted on. Measured on the agents'
 * corpus (198 cases, 423 element choices for actions): two different elements either tie (0 points:
 * the same "destroy" button in two rows) or the best leads by 9 points or more (a "Completed" link
 * before a "Clear completed" button); the leads between 1 and 5 were all an element and the text inside
 * it, which are one target. Half way, 5 points: a lead below it is no lead.
 */
export const CLEAR_MARGIN = 5;

/** One element inside the other, saying the same words: a menu item and its label's span are one target. */
function sameTarget(a: Candidate, b: Candidate): boolean {
  if (!contains(a.box, b.box) && !contains(b.box, a.box)) return false;
  const words = (candidate: Candidate) => normalizeWords(candidate.name || candidate.text);
  return words(a) !== '' && words(a) === words(b);
}

/**
 * Two different elements the words name about equally well (the best leads the next different one by
 * less than CLEAR_MARGIN): the step must not guess between them. Checks ('read') are left out: each
 * reading is tried and a check holds only on its own element.
 */
export function findTie(scored: Scored[], phrase: Phrase, purpose: Purpose): [Scored, Scored] | null {
  if (purpose === 'read' || phrase.ordinal !== undefined || scored.length < 2) return null;
  const [first] = scored;
  const second = scored.slice(1).find((entry) => !sameTarget(first.candidate, entry.candidate));
  if (!second || !first.candidate.visible || !second.candidate.visible) return null;
  if (first.score - second.score >= CLEAR_MARGIN) return null;
  return [first, second];
}

/** How a person would point at a candidate: 'button "Remove" in "Pay rent"'. */
export function describeCandidateWords(candidate: Candidate): string {
  const name = candidate.name || candidate.text || candidate.placeholder || candidate.iconHint || '';
  const context =
    candidate.container && normalizeWords(candidate.container) !== normalizeWords(name)
      ? ` in "${candidate.container.slice(0, 40)}"`
      : '';
  return `${candidate.role === 'generic' ? 'text' : candidate.role} "${name.slice(0, 60)}"${context}`;
}

/** The names closest to a phrase, for a message that helps a person rephrase. */
export function closestNames(phrase: Phrase, candidates: Candidate[], limit = 5): string[] {
  const seen = new Set<string>();
  const words = [phrase.text, phrase.context ?? ''].join(' ');
  return candidates
    .filter((candidate) => candidate.visible && (candidate.name || candidate.text || candidate.iconHint))
    .map((candidate) => ({
      candidate,
      score:
        Math.max(...fieldsOf(candidate).map((field) => closeness(words, field.text))) +
        (phrase.role && ROLE_FAMILY[phrase.role]?.includes(candidate.role) ? 0.5 : 0) +
        (INTERACTIVE_ROLES.has(candidate.role) ? 0.1 : 0),
    }))
    .sort((a, b) => b.score - a.score || a.candidate.index - b.candidate.index)
    .map(
      ({ candidate }) =>
        `${candidate.role} "${(candidate.name || candidate.text || candidate.iconHint || '').slice(0, 60)}"`,
    )
    .filter((name) => (seen.has(name) ? false : (seen.add(name), true)))
    .slice(0, limit);
}
