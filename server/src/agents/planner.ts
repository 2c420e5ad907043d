import { cleanSentence, detokenize, parseStep, quote, requote, tokenize } from './grammar';
import { afterReload, leadingClause } from './sentences/clauses';
import { gerundEffect, whichReveals } from './sentences/effects';
import { fieldList } from './sentences/fields';
import { fromMenu, leavesAsIs, useTo } from './sentences/orders';
import { gherkinClauses, withoutFirstPerson } from './sentences/gherkin';
import { leadingScope, pathSteps, scopedStep } from './sentences/paths';
import { correctVerbs } from './sentences/typos';
import { logInCredentials } from './sentences/login';
import { optionalSentence } from './sentences/optional';
import { isStatement, statementClauses } from './sentences/negation';
import { phraseReference, resolvePronouns } from './sentences/pronouns';
import { labelValueStep } from './sentences/labelValue';
import { coordinatedChecks, coordinatedSteps } from './sentences/coordination';
import { intentPhrase } from './intent';

// The rules planner: instructions (plain text or the editor's HTML) → one sentence per step.

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

export function htmlToText(html: string): string {
  if (!/<[a-z!/][^>]*>/i.test(html)) return html;
  return html
    .replace(/<(?:br|hr)\s*\/?>/gi, '\n')
    .replace(/<\/(?:p|div|li|h[1-6]|tr|blockquote|pre|section|article)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (whole, name: string) => {
      if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}

// Verbs that start a new step after 'and', 'then' or a comma.
const STEP_VERBS = [
  'go',
  'open',
  'navigate',
  'visit',
  'browse',
  'click',
  'double-click',
  'right-click',
  'tap',
  'press',
  'push',
  'hit',
  'type',
  'enter',
  'fill',
  'input',
  'write',
  'select',
  'choose',
  'pick',
  'check',
  'uncheck',
  'tick',
  'untick',
  'hover',
  'wait',
  'scroll',
  'verify',
  'assert',
  'expect',
  'ensure',
  'confirm',
  'validate',
  'make sure',
  'see',
  'submit',
  'add',
  'remove',
  'delete',
  'clear',
  'reload',
  'refresh',
  'mark',
  'sign',
  'log',
  'search',
  'set',
  'return',
  'proceed',
  'continue',
].join('|');

const CONNECTOR = new RegExp(
  `\\s*(?:,\\s*(?:and\\s+)?then|;\\s*(?:and\\s+)?(?:then\\s+)?|\\s+and\\s+then|\\s+then|,\\s*and|\\s+and|,)\\s+(?=(?:${STEP_VERBS})\\b)`,
  'i',
);

// More verbs that start a step after 'and' or 'then' (a comma alone may part a field list) when written in lower case ('… and follow the
// link', '… and save'); capitalised, they are part of a label ('Save and Close').
const LOWER_STEP_VERBS = [
  'follow',
  'expand',
  'collapse',
  'toggle',
  'switch',
  'drag',
  'upload',
  'attach',
  'sort',
  'filter',
  'save',
  'publish',
  'post',
  'send',
  'archive',
  'close',
  'cancel',
  'accept',
  'dismiss',
  'approve',
  'reject',
  'rename',
  'move',
  'star',
  'like',
  'reply',
  'share',
  'download',
  'apply',
  'confirm',
  'update',
  'edit',
  'create',
  'assign',
  'invite',
  'start',
  'complete',
  'book',
  'pay',
  'turn',
  'enable',
  'disable',
  'mute',
  'zoom',
  'jump',
  'change',
  'copy',
].join('|');
const LOWER_CONNECTOR = new RegExp(
  `\\s*(?:,\\s*(?:and\\s+)?then|;\\s*(?:and\\s+)?(?:then\\s+)?|\\s+and\\s+then|\\s+then|,\\s*and|\\s+and)\\s+(?=(?:${LOWER_STEP_VERBS})\\b)`,
);

// A quoted string that ends its sentence inside the quotes ("… password." Verify …).
// 'and I click Save': the writer's 'I' before a later order of the sentence is not part of it.
const INNER_FIRST_PERSON = new RegExp(`(\\s(?:and|then),?\\s+)(?:I|we)\\s+(?=(?:${STEP_VERBS})\\b)`, 'gi');

const AFTER_QUOTE = new RegExp(
  `(?<=⟧)\\s+(?=(?:${STEP_VERBS.split('|')
    .map((verb) => verb.charAt(0).toUpperCase() + verb.slice(1))
    .join('|')})\\b)`,
);

const ABBREVIATIONS = /\b(?:e\.g|i\.e|etc|vs|mr|mrs|ms|dr|st|no)\.$/i;

/** Splits instructions into step sentences (quotes and {{parameters}} are never split). */
export function splitInstructions(instructions: string): string[] {
  // One group per sentence: its parts, so 'the same way' can repeat a whole sentence.
  const groups: string[][] = [];
  for (const rawLine of htmlToText(instructions).split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) continue;
    const tokenized = tokenize(line);
    const { values } = tokenized;
    const text = correctVerbs(tokenized.text);
    // Sentences end at . ! ? ; followed by a space, unless the dot ends an abbreviation.
    const sentences: string[] = [];
    let start = 0;
    // 'Press ? to open the help': a mark after a space is a key, not the end of a sentence; so is an
    // ellipsis after one ('Click the ... button'), the label of a menu button.
    for (const match of text.matchAll(/(?<=[^\s.!?;…])[.!?;]+(?=\s+|$)/g)) {
      const end = match.index + match[0].length;
      const piece = text.slice(start, end);
      if (match[0] === '.' && ABBREVIATIONS.test(piece)) continue;
      sentences.push(piece);
      start = end;
    }
    sentences.push(text.slice(start));
    for (const sentence of sentences) {
      // 'If a cookie banner is shown, click "Accept all"' is one optional step (issue 32), kept whole.
      const whole = requote(sentence, values);
      if (optionalSentence(whole)) {
        groups.push([capitalize(cleanSentence(whole))]);
        continue;
      }
      for (const piece of sentence.split(AFTER_QUOTE).flatMap(gherkinClauses)) {
        const group: string[] = [];
        const parts = leadingSteps(withoutFirstPerson(piece.replace(INNER_FIRST_PERSON, '$1')))
          .flatMap(dashClauses)
          .flatMap((clause) =>
            joinLogIn(clause.split(CONNECTOR).flatMap((part) => part.split(LOWER_CONNECTOR))),
          )
          .flatMap(
            (clause) =>
              fieldSteps(clause, values) ?? coordinatedSteps(clause) ?? coordinatedChecks(clause) ?? [clause],
          )
          .flatMap((clause) => statementClauses(clause))
          // 'Pressing ? opens the help': the action, then the check of its effect.
          .flatMap((clause) => gerundEffect(clause) ?? whichReveals(clause) ?? [clause])
          // 'Archive the thread from the overflow menu': the menu opens before its item is pressed.
          .flatMap((clause) => fromMenu(clause, (order) => readable(order, values)) ?? [clause])
          // 'Use the region switcher to go to Europe': the control, then what it is used for.
          .flatMap((clause) => useTo(clause, (order) => readable(order, values)) ?? [clause])
          // 'Leave the reference blank and hit Continue': leaving a field as it is adds no step.
          .filter((clause) => !leavesAsIs(cleanSentence(clause)));
        for (const part of parts) {
          const cleaned = cleanSentence(requote(withoutFirstPerson(part), values));
          if (cleaned) group.push(capitalize(cleaned));
        }
        if (group.length > 0) groups.push(group);
      }
    }
  }
  const steps: string[] = [];
  let previous: string[] | null = null;
  for (const group of groups) {
    const again = sameWay(group, previous);
    const expanded = again ?? group.flatMap(expand);
    steps.push(...expanded);
    previous = expanded;
  }
  return resolvePronouns(steps, stepReference);
}

/**
 * The words naming the element a step acts on, for a later step's 'it'; null when it names none, and
 * 'bound' when the grammar already ties the step to the step before ('Click it again').
 */
function stepReference(step: string): string | null | 'bound' {
  const parsed = parseStep(step, 'https://app.example/');
  const phrase = parsed.ok ? intentPhrase(parsed.intent) : null;
  if (phrase?.anaphor) return 'bound';
  return phrase ? phraseReference(phrase) : null;
}

/**
 * 'Add "Call mom" the same way': the steps of the sentence before, with its first value replaced by
 * the new one. Null when the sentence is not such a repeat (or nothing came before).
 */
function sameWay(group: string[], previous: string[] | null): string[] | null {
  if (group.length !== 1 || !previous) return null;
  const { text, values } = tokenize(group[0]);
  const m = new RegExp(
    `^(?:\\w+\\s+)?(?:a\\s+|an\\s+|another\\s+)?(?:[\\w-]+\\s+)?(${TOKEN})\\s+(?:the same way|in the same way|the same|likewise|similarly|as before|like before|the same as before)$`,
    'i',
  ).exec(text);
  if (!m) return null;
  const first = previous.map((step) => tokenize(step)).find((step) => step.values.length > 0);
  if (!first) return null;
  const old = first.values[0];
  const fresh = detokenize(m[1], values);
  return previous.map((step) => {
    const parts = tokenize(step);
    return requote(
      parts.text,
      parts.values.map((value) => (value === old ? fresh : value)),
    );
  });
}

/**
 * 'Once the banner is gone, open Settings': the leading clause's own step (a wait, or the writer's
 * action) before the sentence's; a clause of manner ('Without choosing a size, …') adds none.
 */
function leadingSteps(sentence: string): string[] {
  const cleaned = sentence.trim().replace(/^(?:and|then|so)\s+/i, '');
  // 'Email: ada@example.com', 'Set Priority → High': a field and its value.
  const pair = labelValueStep(cleaned);
  if (pair) return [pair];
  // 'After a reload it's still off': the reload, then the rest.
  const reloaded = afterReload(cleaned);
  if (reloaded) return ['Reload the page', ...leadingSteps(reloaded)];
  // 'In the event dialog, go to the Guests tab', 'As a guest, …', 'Seat map: pick …': the place scopes the step.
  const scope = leadingScope(cleaned);
  if (scope) return leadingSteps(scopedStep(scope));
  // 'Open Settings > Signatures': one step per part of the path.
  const path = pathSteps(cleaned);
  if (path) return path.flatMap(leadingSteps);
  const lead = leadingClause(cleaned);
  if (!lead) return [sentence];
  return lead.step ? [lead.step, ...leadingSteps(lead.main)] : leadingSteps(lead.main);
}

/**
 * 'Sign in as … — the page title should be Inbox': a dash between spaces ends a step when a step or a
 * statement follows it ('Inbox – bob@example.com' stays one value).
 */
function dashClauses(clause: string): string[] {
  const pieces = clause.split(/(\s+[—–-]\s+)/);
  const out = [pieces[0]];
  for (let i = 1; i < pieces.length; i += 2) {
    const part = pieces[i + 1];
    const opensStep = new RegExp(`^(?:${STEP_VERBS})\\b`, 'i').test(part) || isStatement(part);
    if (opensStep) out.push(part);
    else out[out.length - 1] += `${pieces[i]}${part}`;
  }
  return out;
}

/**
 * 'Fill in the shipping form: name Ada Lovelace, city London' → one step per field (tokenized, like the
 * other parts); what comes before the list is read as usual. Null when the clause ends in no such list.
 */
function fieldSteps(clause: string, values: string[]): string[] | null {
  if (logInCredentials(clause)) return null;
  const list = fieldList(clause);
  if (!list) return null;
  const place = list.where
    ? ` in ${/^(?:the|a|an|my|your|our)\s/i.test(list.where) ? '' : 'the '}${list.where}`
    : '';
  const steps = list.fields.map(({ field, value }) => {
    // A bare value is quoted here: it is the whole value, whatever its words.
    const quoted = TOKEN_ONLY.test(value) ? value : quote(detokenize(value, values));
    return list.verb === 'select'
      ? `Select ${quoted} from the ${field} list${place}`
      : `Type ${quoted} into the ${field} field${place}`;
  });
  const before = list.before.trim() ? (fieldSteps(list.before, values) ?? [list.before]) : [];
  return [...before, ...steps];
}

/** 'Enter ops / s3cret' and 'log in' split apart at 'and' are one log-in again. */
function joinLogIn(parts: string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    const previous = out.at(-1);
    if (previous && !logInCredentials(previous) && logInCredentials(`${previous} and ${part}`))
      out[out.length - 1] = `${previous} and ${part}`;
    else out.push(part);
  }
  return out;
}

/** The grammar reads the order (tokenized, like the other parts) as a step of its own. */
function readable(order: string, values: string[]): boolean {
  return parseStep(capitalize(cleanSentence(requote(order, values))), 'https://app.example/').ok;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const TOKEN = '⟦\\d+⟧';
// A date written in digits: 01/03/2024, 1.3.24, 2024-03-01.
const DATE = String.raw`(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}-\d{2}-\d{2})`;
const TOKEN_ONLY = new RegExp(`^${TOKEN}$`);

// Words that make a clause of the query rather than its words ('flights without a destination').
const QUERY_STOP = /\b(?:without|with|in|on|at|from|to|by|and|or|the|a|an)\b|ing\b/i;

/** A few everyday compound sentences become the steps they stand for. */
function expand(sentence: string): string[] {
  const { text, values } = tokenize(sentence);
  const value = (token: string) => quote(detokenize(token, values));
  let m: RegExpExecArray | null;
  // 'Click the + next to Adults twice', 'Press Tab three times': the same step again.
  if ((m = /^((?:click|tap|press|hit|push)\s+.+?)\s+(twice|two times|three times|thrice)$/i.exec(text))) {
    const step = requote(m[1], values);
    return Array.from({ length: /^(?:twice|two times)$/i.test(m[2]) ? 2 : 3 }, () => step);
  }
  // 'Filter payments from 01/03/2024 to 31/03/2024': a date range is its two fields.
  if (
    (m = new RegExp(
      `^(?:filter|show|list|search|limit|restrict|set|pick|choose|select|enter)\\b.*?\\bfrom\\s+(${DATE})\\s+(?:to|until|till|-|–)\\s+(${DATE})$`,
      'i',
    ).exec(text))
  )
    return [`Type ${quote(m[1])} into the "From" field`, `Type ${quote(m[2])} into the "To" field`];
  // A log-in is one intention: both values typed and the form sent, or the sentence stays as written.
  const credentials = logInCredentials(text);
  if (credentials)
    return [
      `Type ${value(credentials.username)} into the email or username field`,
      `Type ${value(credentials.password)} into the password field`,
      'Click the sign in or log in button',
    ];
  if (
    (m = new RegExp(
      `^(?:sign|log)\\s?(?:in|on)\\s+(?:as|with|using)\\s+(${TOKEN})\\s*,?\\s+(?:and\\s+|with\\s+|using\\s+)?(?:the\\s+)?(?:password|pass|pw)\\s+(${TOKEN})$`,
      'i',
    ).exec(text))
  ) {
    return [
      `Type ${value(m[1])} into the email or username field`,
      `Type ${value(m[2])} into the password field`,
      'Click the sign in or log in button',
    ];
  }
  // 'Enter A in the Email field and B in the Password field': two steps, never one and a half.
  if (
    (m = new RegExp(
      `^(type|enter|input|write|put|fill in|key in)\\s+(${TOKEN})\\s+(in|into|in to|inside)\\s+(.+?)\\s*,?\\s+and\\s+(?:then\\s+)?(${TOKEN})\\s+(?:in|into|in to|inside)\\s+(.+)$`,
      'i',
    ).exec(text))
  ) {
    return [
      `${capitalize(m[1])} ${value(m[2])} ${m[3]} ${requote(m[4], values)}`,
      `${capitalize(m[1])} ${value(m[5])} ${m[3]} ${requote(m[6], values)}`,
    ];
  }
  if ((m = new RegExp(`^search\\s+(?:for\\s+)?(${TOKEN})$`, 'i').exec(text))) {
    return [`Type ${value(m[1])} into the search field`, 'Press Enter'];
  }
  // 'Search for ZE2 9XX', 'Search messages for deploy': a few bare words are the query.
  if (
    (m = /^search\s+(?:[a-z]+\s+)?for\s+([^\s⟦]+(?:\s+[^\s⟦]+){0,2})$/i.exec(text)) &&
    !QUERY_STOP.test(m[1])
  ) {
    return [`Type ${quote(m[1])} into the search field`, 'Press Enter'];
  }
  if (
    (m = new RegExp(
      `^(?:add|create|enter)\\s+(?:a\\s+|an\\s+|the\\s+)?(?:new\\s+)?(todo|task|item|entry|note)(?:\\s+item)?\\s+(?:called\\s+|named\\s+|titled\\s+|saying\\s+|with (?:the )?(?:text|title)\\s+)?(${TOKEN})$`,
      'i',
    ).exec(text))
  ) {
    return [`Type ${value(m[2])} into the new ${m[1].toLowerCase()} field`, 'Press Enter'];
  }
  if (
    (m = new RegExp(
      `^add\\s+(${TOKEN})\\s+to\\s+(?:the\\s+|my\\s+)?(?:todo\\s+|to-do\\s+|task\\s+)?(?:list|todos|tasks)$`,
      'i',
    ).exec(text))
  ) {
    return [`Type ${value(m[1])} into the new todo field`, 'Press Enter'];
  }
  return [sentence];
}

/** The rules' plan: one step per sentence. */
export function planSteps(instructions: string): string[] {
  return splitInstructions(instructions);
}

/** Any plan starts on the test's website: opened first unless the plan opens a page itself. */
export function withStartPage(plan: string[], website: string): string[] {
  const first = plan[0] ? parseStep(plan[0], website) : null;
  const opensPage = first?.ok && first.intent.kind === 'goto';
  return opensPage || plan.length === 0 ? plan : [`Open ${website}`, ...plan];
}

export { cleanSentence };
