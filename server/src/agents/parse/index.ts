import { parseStep, SORT_DIRECTION } from '../grammar';
import { moduleCall } from '../moduleCall';
import { intentPhrase, type Intent } from '../intent';
import { planSteps } from '../planner';
import { emailSentence } from '../sentences/email';
import { logInPersona } from '../sentences/login';
import { orderCheck } from '../sentences/sorting';
import { dragStep, emailStep, filterSteps, sliderStep, uploadStep, windowSteps } from '../sentences/widgets';
import { corpusSteps, type CorpusStep } from './vocabulary';

// The parse-only entry (issue 29): sentences read by the same planner and grammar the generator uses,
// without a page, answered in the phrasing corpus's vocabulary. POST /api/agents/parse and
// `npm run bench agents-parse` both call `parseSentences`.

export type { CorpusStep } from './vocabulary';

export type SentenceReading =
  | { sentence: string; steps: CorpusStep[] }
  /** The generator would stop here: the sentence is unclear, or one of its steps is. */
  | { sentence: string; refused: string };

/** The start page sentences are read against: 'Go to the home page' opens it. */
export const PARSE_WEBSITE = 'https://app.example/';

/** Reads each sentence on its own, as the first instructions of a test. */
export function parseSentences(sentences: string[]): SentenceReading[] {
  return sentences.map(parseSentence);
}

export function parseSentence(sentence: string): SentenceReading {
  const plan = planSteps(sentence);
  if (plan.length === 0) return { sentence, refused: 'The sentence is empty: say what the test should do.' };
  const steps: CorpusStep[] = [];
  for (const step of plan) {
    const refused = readStep(step, steps);
    if (refused) return { sentence, refused };
  }
  return { sentence, steps: foldLogIn(steps) };
}

/** Reads one planned step onto `steps`; the refusal's reason when the grammar cannot read it. */
function readStep(step: string, steps: CorpusStep[]): string | null {
  // Browser tabs, drag and drop, uploads, e-mails and sliders: read here, not by the grammar (the runner
  // does not act on them yet, so the generator refuses them).
  const window = windowSteps(step, steps.length === 0);
  if (window) {
    const refused = window.rest ? readStep(window.rest, steps) : null;
    if (refused) return refused;
    for (const read of window.steps)
      if (!(read.action === 'switch_tab' && read.value === 'new' && steps.at(-1)?.value === 'new'))
        steps.push(read);
    return null;
  }
  const order = orderCheck(
    step.replace(/^(?:verify|check|confirm|ensure|make sure|expect)\s+(?:that\s+)?/i, ''),
  );
  if (order) {
    steps.push({
      action: 'assert_order',
      target: order.subject,
      value: order.order,
      ...(order.by ? { where: order.by } : {}),
    });
    return null;
  }
  const filters = filterSteps(step);
  if (filters) {
    steps.push(...filters);
    return null;
  }
  const email = emailCorpusStep(step, steps);
  if (email) {
    steps.push(email);
    return null;
  }
  const widget = uploadStep(step) ?? sliderStep(step) ?? dragStep(step) ?? emailStep(step);
  if (widget) {
    steps.push(widget);
    return null;
  }
  // 'Log in with the login module as admin': the module, and what the sentence gives it.
  const module = moduleCall(step);
  if (module) {
    steps.push({
      action: 'use_module',
      target: module.name,
      ...(module.argument ? { value: module.argument } : {}),
    });
    return null;
  }
  // 'Sign in as the test customer': a log-in whose credentials the suite holds, not the sentence.
  const persona = logInPersona(step);
  if (persona) {
    steps.push({ action: 'login', target: persona });
    return null;
  }
  const parsed = parseStep(step, PARSE_WEBSITE);
  if (!parsed.ok) return parsed.hint;
  // 'Go to the Companies page' is a click on its link for the generator, and going to a page in words.
  if (parsed.intent.kind === 'click' && NAMED_PAGE.test(step)) {
    steps.push({ action: 'navigate', target: pageWords(step) });
    return null;
  }
  // 'Sort by Email descending' is a click on the column's header for the generator, a sort in words.
  const sorted =
    parsed.intent.kind === 'click' ? sortStep(step, corpusSteps(parsed.intent, PARSE_WEBSITE)[0]) : null;
  if (sorted) {
    steps.push(sorted);
    return null;
  }
  steps.push(...bound(corpusSteps(parsed.intent, PARSE_WEBSITE, pageWords(step)), parsed.intent, steps));
  return null;
}

/**
 * 'Click it again', 'its remove button': the element of the last step that named one, as the generator
 * binds it, in words (the same element, or the place of the one inside it).
 */
function bound(read: CorpusStep[], intent: Intent, before: CorpusStep[]): CorpusStep[] {
  const anaphor = intentPhrase(intent)?.anaphor;
  const previous = before.findLast((step) => step.target && step.action !== 'navigate');
  if (!anaphor || !previous?.target) return read;
  return read.map((step) =>
    anaphor === 'same'
      ? { ...step, target: previous.target, ...(previous.where ? { where: previous.where } : {}) }
      : { ...step, where: previous.target },
  );
}

/** An e-mail step of the test inbox (sentences/email.ts) in the corpus's words; an open is left to emailStep. */
function emailCorpusStep(step: string, steps: CorpusStep[]): CorpusStep | null {
  const read = emailSentence(step, { opened: steps.some((one) => one.action === 'open_email') });
  if (!read) return null;
  switch (read.op) {
    case 'open':
      return emailStep(step) ?? { action: 'open_email', target: 'the latest e-mail', where: read.to };
    case 'expect':
      return {
        action: 'assert_text',
        target: read.field === 'subject' ? "the e-mail's subject" : 'the e-mail',
        value: read.value,
      };
    case 'link':
      return { action: 'click', target: read.text || 'link', where: 'the e-mail' };
    case 'code':
      return {
        action: 'fill',
        target: read.field
          .replace(/^the\s+/i, '')
          .replace(/\s+(?:field|box|input)$/i, '')
          .replace(/^"|"$/g, ''),
        value: 'the code from the e-mail',
      };
  }
}

const NAMED_PAGE =
  /^\s*(?:go|navigate|browse|head|get|return|come back|proceed|continue|move|visit)\s+(?:back\s+)?(?:to|into|onto)\s+.+\s(?:page|screen)[.!]*$/i;

const DESCENDING =
  /\b(?:descending|desc|newest|largest|biggest|highest|most expensive|latest|z\s*(?:to|-)\s*a)\b/i;
const ASCENDING = /\b(?:ascending|asc|oldest|smallest|lowest|cheapest|earliest|a\s*(?:to|-)\s*z)\b/i;

/** A sort the grammar reads as a click on the header, in the corpus's words: its column and direction. */
function sortStep(step: string, click: CorpusStep | undefined): CorpusStep | null {
  const sort = new RegExp(`^\\s*sort\\b.*?${SORT_DIRECTION}[.!]*$`, 'i').exec(step);
  if (!sort || !click) return null;
  const direction = DESCENDING.test(sort[1] ?? '')
    ? 'descending'
    : ASCENDING.test(sort[1] ?? '')
      ? 'ascending'
      : '';
  return {
    action: 'sort',
    target: click.target,
    ...(click.where ? { where: click.where } : {}),
    ...(direction ? { value: direction } : {}),
  };
}

/** 'Go to the home page' → 'the home page': the words naming the page a navigation opens. */
function pageWords(step: string): string {
  return step
    .replace(
      /^\s*(?:go|navigate|browse|head|get|return|come back|proceed|continue|move|open|visit|load|launch|start|begin)\s+(?:back\s+)?(?:up\s+)?(?:to|into|onto|at|on|from)?\s*/i,
      '',
    )
    .replace(/[.!]+$/, '')
    .trim();
}

/**
 * The planner writes a log-in ('Sign in as A with password B') as its three steps; in the corpus's
 * vocabulary that is one intention, `login` with both values.
 */
function foldLogIn(steps: CorpusStep[]): CorpusStep[] {
  const out: CorpusStep[] = [];
  for (let i = 0; i < steps.length; i++) {
    const [user, password, submit] = steps.slice(i, i + 3);
    if (
      user?.action === 'fill' &&
      /^(?:email|username)\b/.test(user.target ?? '') &&
      password?.action === 'fill' &&
      password.target === 'password' &&
      submit?.action === 'click' &&
      submit.target === 'sign in'
    ) {
      out.push({
        action: 'login',
        value: { username: String(user.value), password: String(password.value) },
      });
      i += 2;
      continue;
    }
    out.push(steps[i]);
  }
  return out;
}
