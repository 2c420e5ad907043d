import { nlp } from './nlp';

// Sentence structure from a maintained NLP library (issue 29), not from a growing chain of regular
// expressions: compromise tags each word (verb, noun, preposition, adjective, adverb…) and the few
// rules here read clauses off those tags. Quoted values arrive as ⟦n⟧ tokens and are never split.

interface Term {
  /** The word as written, with the punctuation around it. */
  text: string;
  normal: string;
  tags: Set<string>;
  /** Where the word starts in the text. */
  start: number;
}

/** The text's words with their tags and offsets. */
export function terms(text: string): Term[] {
  const json = nlp(text).json({ offset: true, terms: { offset: true } }) as {
    terms: { text: string; normal: string; tags: string[]; offset: { start: number } }[];
  }[];
  return json.flatMap((sentence) =>
    sentence.terms.map((term) => ({
      text: term.text,
      normal: term.normal,
      tags: new Set(term.tags),
      start: term.offset.start,
    })),
  );
}

const isVerb = (term: Term | undefined) =>
  Boolean(term && term.tags.has('Verb') && !term.tags.has('Noun') && !term.tags.has('Copula'));

/** A verb in -ing ('signing', 'hovering'), whatever tag the tagger gave it. */
const isGerund = (term: Term | undefined) =>
  Boolean(term && (term.tags.has('Gerund') || (/ing$/.test(term.normal) && term.tags.has('Verb'))));

const STATES =
  /^(?:empty|blank|visible|hidden|shown|listed|displayed|left|remaining|disabled|enabled|(?:pre-?)?selected|(?:pre-?)?checked|(?:pre-?)?ticked|unchecked|unticked|open|closed|expanded|collapsed|on|off|gone|present|there)$/i;

/** Subordinating words that open a condition or a time: the clause is not the step itself. */
const CONDITION = new Set(['until', 'while', 'once', 'when', 'whenever', 'if', 'unless', 'before', 'after']);

export interface Trail {
  /** The step's own words. */
  main: string;
  /** A clause that is not a step: a purpose, a manner or a condition ('to get to the delivery options'). */
  dropped?: string;
  /** 'by hovering over the bag icon': the step is the gerund's action, written as an order. */
  means?: string;
}

/**
 * Cuts a purpose, manner or condition clause off the end of an order: 'Press Continue to get to the
 * delivery options' → 'Press Continue'. The clause starts after the verb's object (two words at least),
 * so 'Add to cart' and 'Proceed to checkout' keep their names.
 */
export function trailingClause(text: string): Trail {
  const words = terms(text);
  for (let i = 2; i < words.length; i++) {
    const word = words[i];
    const next = words[i + 1];
    const cut = () => ({ main: text.slice(0, word.start).trim(), dropped: text.slice(word.start).trim() });
    // Punctuation before the word ('Click Save, to keep it') belongs to the clause, not the name.
    if (/[⟧]$/.test(words[i - 1].text) && word.normal === 'to' && !isVerb(next)) continue;
    if (word.normal === 'to' && isVerb(next) && !next?.tags.has('PastTense')) return cut();
    if (word.normal === 'in' && next?.normal === 'order' && words[i + 2]?.normal === 'to') return cut();
    if (word.normal === 'so' && next && /^(?:that|it|you|we|i|the|they)$/.test(next.normal)) return cut();
    if (word.normal === 'without' && (isGerund(next) || next?.normal === 'any')) return cut();
    // A condition is a clause: it has a verb of its own ('until a size is chosen'; not 'after departure').
    if (CONDITION.has(word.normal) && words.slice(i + 1).some((term) => term.tags.has('Verb'))) return cut();
    if (word.normal === 'by' && isGerund(next)) {
      const rest = text.slice(next!.start + next!.text.length).trim();
      return { main: text.slice(0, word.start).trim(), means: `${infinitive(next!.normal)} ${rest}`.trim() };
    }
    // 'Collapse the sidebar using the hamburger menu', 'close the card w/ esc': the control or key used.
    if (/^(?:using|via|with|w)$/.test(word.normal)) {
      const rest = text
        .slice(word.start + word.text.length)
        .replace(/^\//, '')
        .trim();
      const means = instrument(rest, text.slice(0, word.start));
      if (means) return { main: text.slice(0, word.start).trim(), means };
    }
  }
  return { main: text };
}

// A control named by its kind ('the hamburger menu', 'the + button', 'the "New posts" pill').
const CONTROL =
  /^(?:the|a|an|its)\s+.+?\s(?:button|btn|icon|menu|pill|link|toggle|switch|checkbox|chevron|arrow|handle)$/i;
const KEY =
  /^(?:the\s+)?(esc|escape|enter|return|tab|space|spacebar|(?:ctrl|control|cmd|command|shift|alt)\s*\+\s*\S+)(?:\s+key)?$/i;
// A control that holds a state: an order to turn something on or off with it sets that state.
const STATE_CONTROL = /\s(?:toggle|switch|checkbox)$/i;
const TURNS_ON = /^(?:enable|activate|unmute|(?:turn|switch|toggle)\s+on\b|(?:turn|switch)\s+.+\son$)/i;
const TURNS_OFF = /^(?:disable|deactivate|mute|(?:turn|switch|toggle)\s+off\b|(?:turn|switch)\s+.+\soff$)/i;

/**
 * 'the hamburger menu' → 'click the hamburger menu', 'esc' → 'press esc'; with a switch, the order's
 * own state ('Disable alerts with the master switch' → 'uncheck the master switch'); null for anything else.
 */
function instrument(words: string, order = ''): string | null {
  const key = KEY.exec(words);
  if (key) return `press ${key[1]}`;
  if (!CONTROL.test(words)) return null;
  if (STATE_CONTROL.test(words) && TURNS_ON.test(order.trim())) return `check ${words}`;
  if (STATE_CONTROL.test(words) && TURNS_OFF.test(order.trim())) return `uncheck ${words}`;
  return `click ${words}`;
}

/** 'hovering' → 'hover', 'clicking' → 'click'. */
export function infinitive(verb: string): string {
  const converted = nlp(verb).verbs().toInfinitive().text().trim();
  if (converted) return converted;
  // Alone, a gerund is read as an adjective at times ('pressing'): read it as the verb it is.
  if (/ing$/i.test(verb)) {
    const doc = nlp(verb);
    doc.tag('Gerund');
    return doc.verbs().toInfinitive().text().trim() || verb;
  }
  return verb;
}

// Gerunds that check or wait rather than act: 'After verifying, …' names no control to press.
const GERUND_CHECKS = /^(?:verifying|checking|confirming|waiting|loading|seeing|reading|looking|testing)$/;

export interface Lead {
  /** A step the clause stands for ('After the results load' waits for the results), or null. */
  step: string | null;
  main: string;
}

/**
 * A leading clause before the step: 'Once the banner is gone, open Settings', 'Without choosing a size,
 * click Add to bag', 'When I click the cart icon, I should see a drawer'. A condition on the page
 * becomes a wait; an action of the writer's becomes that order; a clause of manner adds nothing.
 */
export function leadingClause(text: string): Lead | null {
  const match =
    /^(once|after|when|whenever|as soon as|without|before|while|if)\s+([^,]+?),\s*(?:then\s+)?(.+)$/i.exec(
      text,
    ) ?? unmarkedLead(text);
  if (!match) return null;
  const opener = match[1].toLowerCase();
  const clause = match[2].trim();
  const main = match[3].trim();
  if (opener === 'without' || opener === 'before' || opener === 'while' || opener === 'if')
    return { step: null, main };
  // 'When I click the cart icon': the writer's own action is a step of its own. Right after 'I', any word
  // but a state or a check is the verb, whatever the tagger says of it alone ('When I open Cards').
  const mine = /^(?:i|we|you|the user)\s+(.+)$/i.exec(clause);
  if (mine) {
    const words = terms(mine[1]);
    const verb = words[0];
    if (!verb || WRITER_STATES.test(verb.normal) || verb.tags.has('Copula') || verb.tags.has('Modal'))
      return { step: null, main };
    const rest = mine[1].slice(verb.text.length).trim();
    const base = isVerb(verb) || verb.tags.has('Verb') ? infinitive(verb.normal) : verb.normal;
    return { step: `${base} ${rest}`.trim(), main };
  }
  // 'After saving', 'When saving the recurring event': the writer's action, written as a gerund.
  const [doing] = terms(clause);
  if (doing && /ing$/i.test(doing.normal) && isGerund(doing) && !GERUND_CHECKS.test(doing.normal))
    return { step: `${infinitive(doing.normal)} ${clause.slice(doing.text.length).trim()}`.trim(), main };
  // 'Once the banner is gone' / 'After the results load': the page's state to wait for.
  const gone =
    /^(.+?)\s+(?:is|are|has|have)?\s*(?:gone|hidden|closed|disappeared|disappears|vanished|been dismissed|dismissed)$/i.exec(
      clause,
    );
  if (gone) return { step: `Wait for ${gone[1]} to disappear`, main };
  const shown =
    /^(.+?)\s+(?:has |have |is |are )?(?:loads?|loaded|appears?|appeared|is shown|shows up|is visible|opens?|opened|is open)$/i.exec(
      clause,
    );
  if (shown) return { step: `Wait for ${shown[1]}`, main };
  return { step: null, main };
}

// Words after 'When I' that are the writer's state or a check, not an action ('When I am signed in').
const WRITER_STATES = /^(?:am|'m|was|have|had|see|saw|get|got|expect|want|need|think|feel|can|could|should)$/;

/**
 * A leading condition written without its comma, before a check: 'Once logged in the URL should end
 * with /home', 'After the page loads the banner should be gone'. The main clause is the check's subject
 * (from its last article or possessive before the modal verb, skipping one after 'of') and what follows;
 * the rest is the condition. Null when no modal check follows the opener.
 */
function unmarkedLead(text: string): RegExpExecArray | null {
  const opener = /^(once|after|when|whenever|as soon as|without|before|while|if)\s+/i.exec(text);
  const modal = /\s(?:should|must|shall|will|won't|shouldn't|mustn't|cannot|can't)\s/i.exec(text);
  if (!opener || !modal || text.includes(',')) return null;
  const head = text.slice(opener[0].length, modal.index);
  const articles = [...head.matchAll(/(?<=\s)(?:the|a|an|my|your|our|its|their|no|all|every)\s/gi)].filter(
    (article) => !/\bof\s$/i.test(head.slice(0, article.index)),
  );
  const subject = articles.at(-1);
  // The condition keeps words of its own: 'When the list loads the total …', not 'When the total …'.
  if (!subject || !head.slice(0, subject.index).trim()) return null;
  const clause = head.slice(0, subject.index).trim();
  const main = text.slice(opener[0].length + subject.index);
  return Object.assign([text, opener[1], clause, main], { index: 0, input: text }) as RegExpExecArray;
}

/**
 * A check whose expected words are a judgement, not text the page shows: 'the sign-up flow should be
 * smooth', 'emails load properly', 'settings are saved automatically I think'. Quoted words or numbers
 * are never a judgement.
 */
export function isJudgement(words: string): boolean {
  if (/⟦\d+⟧|\d/.test(words)) return false;
  // A hedge ('… I think') is no expectation.
  if (/\bi (?:think|guess|believe|suppose)\b/i.test(words)) return true;
  if (STATES.test(words.trim())) return false;
  const tagged = terms(words);
  if (tagged.length === 0) return false;
  if (judgedQuality(tagged)) return true;
  // A capitalised name ('Active', 'Payment pending') is words the page shows.
  if (/(?:^|\s)[A-Z]/.test(words)) return false;
  // Adverbs of manner ('properly', 'nicely') judge how something works; they name nothing on a page.
  if (
    tagged.some(
      (term) =>
        term.tags.has('Adverb') &&
        /ly$/.test(term.normal) &&
        !/^(?:only|early|daily|weekly|monthly|yearly|family|reply|apply|supply)$/.test(term.normal),
    )
  )
    return true;
  return (
    tagged.every(
      (term) =>
        term.tags.has('Adjective') ||
        term.tags.has('Adverb') ||
        term.tags.has('Preposition') ||
        term.tags.has('Determiner') ||
        term.tags.has('Conjunction') ||
        (term.tags.has('Noun') &&
          !/^[A-Z]/.test(term.text) &&
          tagged.some((other) => other.tags.has('Adjective'))),
    ) && tagged.some((term) => term.tags.has('Adjective') || term.tags.has('Adverb'))
  );
}

/** Adverbs of degree that grade a quality: 'well organised', 'very clear', 'too slow'. */
const DEGREE = /^(?:well|very|too|really|quite|fairly|pretty|so|super|badly|poorly|nice|nicely)$/;

/**
 * A quality rather than words on the page: 'easy to navigate', 'hard to read' (an adjective and what it
 * is easy to do), 'well organised', 'HIPAA compliant', 'user friendly' (a quality graded or qualified
 * only by adverbs, acronyms or lower-case nouns).
 */
function judgedQuality(tagged: Term[]): boolean {
  const [first, second, third] = tagged;
  if (first.tags.has('Adjective') && second?.normal === 'to' && third?.tags.has('Verb')) return true;
  if (tagged.length > 1 && DEGREE.test(first.normal)) return true;
  const last = tagged[tagged.length - 1];
  if (tagged.length < 2 || !last.tags.has('Adjective') || last.tags.has('Noun') || STATES.test(last.normal))
    return false;
  return tagged
    .slice(0, -1)
    .every(
      (term) =>
        term.tags.has('Adverb') ||
        term.tags.has('Expression') ||
        term.tags.has('Acronym') ||
        (term.tags.has('Noun') && !/^[A-Z]/.test(term.text)),
    );
}

/**
 * A sentence that judges how something behaves, by an adverb of manner ('events overlap nicely', 'the
 * list scrolls smoothly'), with no quoted words or number to check.
 */
export function judgesManner(text: string): boolean {
  if (/⟦\d+⟧|\d/.test(text)) return false;
  return terms(text).some((term) => term.tags.has('Adverb') && MANNER.test(term.normal));
}

const MANNER =
  /^(?:nicely|properly|smoothly|neatly|cleanly|quickly|intuitively|seamlessly|gracefully|sensibly|logically|elegantly|reasonably|fine|ok|okay)$/;

// A reload of the page, as people name it: 'a reload', 'a page refresh', 'reloading the page'.
const RELOAD = String.raw`(?:a\s+|the\s+)?(?:page\s+|browser\s+)?(?:reload|refresh|reloading|refreshing)(?:\s+(?:of\s+)?the\s+(?:page|browser))?`;

/**
 * 'The tour should not come back after a reload', 'after a refresh it's still off': the reload is a step
 * of its own before the rest, not words of it. The rest, or null when the sentence names no reload.
 */
export function afterReload(text: string): string | null {
  const trailing = new RegExp(String.raw`^(.+?),?\s+(?:after|on|following|upon)\s+${RELOAD}$`, 'i').exec(
    text.trim(),
  );
  if (trailing) return trailing[1].trim();
  const leading = new RegExp(String.raw`^(?:after|on|following|upon)\s+${RELOAD}\s*,?\s+(.+)$`, 'i').exec(
    text.trim(),
  );
  return leading ? leading[1].trim() : null;
}
