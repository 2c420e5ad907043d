import { ordinalWord } from '../../lib/words';
import { type IntentAssertion, type Intent, type Phrase, type TargetRef } from '../intent';

// The one place where the product's intents become the phrasing corpus's vocabulary (issue 29;
// ../shared/corpus/README.md): `action`, `target`, `value`, `where`, `negated`. The parse entry answers
// in it and `npm run bench agents-parse` scores it, so any set of sentences can be measured without a page.

export type CorpusAction =
  | 'navigate'
  | 'go_back'
  | 'reload'
  | 'click'
  | 'double_click'
  | 'right_click'
  | 'hover'
  | 'fill'
  | 'clear'
  | 'select_option'
  | 'check'
  | 'uncheck'
  | 'press_key'
  | 'expand'
  | 'collapse'
  | 'sort'
  | 'scroll'
  | 'wait'
  | 'assert_visible'
  | 'assert_hidden'
  | 'assert_text'
  | 'assert_value'
  | 'assert_checked'
  | 'assert_enabled'
  | 'assert_disabled'
  | 'assert_url'
  | 'assert_title'
  | 'assert_count'
  | 'login'
  | 'use_module'
  | 'drag_to'
  | 'upload_file'
  | 'switch_tab'
  | 'open_email'
  | 'filter'
  | 'assert_order'
  | 'fill_form';

export interface CorpusStep {
  action: CorpusAction;
  target?: string;
  value?: string | Record<string, string>;
  where?: string;
  /** Only for a negative check without a positive twin (assert_text, assert_value, assert_checked…). */
  negated?: true;
}

function ordinalName(ordinal: number): string {
  if (ordinal === -1) return 'last';
  return ordinalWord(ordinal);
}

/** A phrase in words again: the ordinal and name as the target, its row, item or section as `where`. */
function phraseWords(phrase: Phrase): Pick<CorpusStep, 'target' | 'where'> {
  const name = phrase.text || (phrase.submit ? 'submit' : '');
  const noun = phrase.item ?? (name ? '' : (phrase.role ?? ''));
  const ordinal = phrase.ordinal !== undefined ? ordinalName(phrase.ordinal) : '';
  const target = [ordinal, name, noun].filter(Boolean).join(' ');
  const where = [
    phrase.inItem ? `in the ${ordinalName(phrase.inItem.ordinal)} ${phrase.inItem.kind}` : '',
    phrase.context ?? '',
    phrase.where ?? '',
    phrase.near?.words ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return { ...(target ? { target } : {}), ...(where ? { where } : {}) };
}

function targetWords(ref: TargetRef | undefined): Pick<CorpusStep, 'target' | 'where'> {
  if (!ref) return {};
  if (ref.kind === 'phrase') return phraseWords(ref.phrase);
  if (ref.kind === 'text') return { target: ref.text };
  return {};
}

/** 'Wait 1500 ms' → '1.5 seconds', the way the corpus writes durations. */
function duration(ms: number): string {
  if (ms % 60_000 === 0 && ms >= 60_000) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  const seconds = ms / 1000;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

// 'more than 10' is '>10' in the corpus's words.
const COMPARE_SIGN = { gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

/** A check in the corpus's vocabulary. */
export function assertionStep(assert: IntentAssertion): CorpusStep {
  switch (assert.type) {
    case 'visible':
      // Words shown anywhere on the page are a text check without a target ("I see 'Saved'"); words that
      // must not be shown are what is hidden ("Zapier is no longer listed").
      if (assert.target.kind === 'text')
        return assert.negate
          ? { action: 'assert_hidden', target: assert.target.text }
          : { action: 'assert_text', value: assert.target.text };
      // Words shown at a place ('"Saved" should appear under the Name field'): a text check there.
      if (assert.target.kind === 'phrase' && assert.target.phrase.shown && !assert.negate) {
        const { where } = targetWords(assert.target);
        return { action: 'assert_text', value: assert.target.phrase.text, ...(where ? { where } : {}) };
      }
      return { action: assert.negate ? 'assert_hidden' : 'assert_visible', ...targetWords(assert.target) };
    case 'text':
      return {
        action: 'assert_text',
        ...targetWords(assert.target),
        value: assert.value,
        ...(assert.negate ? { negated: true } : {}),
      };
    case 'value':
      return { action: 'assert_value', ...targetWords(assert.target), value: assert.value };
    case 'checked':
      return {
        action: 'assert_checked',
        ...targetWords(assert.target),
        ...(assert.checked ? {} : { negated: true }),
      };
    case 'enabled':
      return { action: assert.enabled ? 'assert_enabled' : 'assert_disabled', ...targetWords(assert.target) };
    case 'count':
      return {
        action: 'assert_count',
        ...targetWords(assert.target),
        value: `${assert.compare ? COMPARE_SIGN[assert.compare] : ''}${assert.count}`,
      };
    case 'url':
      return { action: 'assert_url', value: assert.value };
    case 'title':
      return { action: 'assert_title', value: assert.value };
    case 'onPage':
      return { action: 'assert_url', target: assert.name };
  }
}

/**
 * One intent as corpus steps. `website` is the start page the sentence was read against: going there
 * is navigating to the page the sentence names (`words`), not to an address it gave.
 */
export function corpusSteps(intent: Intent, website: string, words = ''): CorpusStep[] {
  switch (intent.kind) {
    case 'goto':
      if (intent.url === website) return [{ action: 'navigate', ...(words ? { target: words } : {}) }];
      return [{ action: 'navigate', value: relativeUrl(intent.url, website) }];
    case 'goBack':
      return [{ action: 'go_back' }];
    case 'reload':
      return [{ action: 'reload' }];
    case 'waitForLoad':
      return [{ action: 'wait', target: 'the page', value: 'visible' }];
    case 'click': {
      const action =
        intent.unfold ??
        (intent.clickCount === 2 ? 'double_click' : intent.button === 'right' ? 'right_click' : 'click');
      return [{ action, ...targetWords(intent.target) }];
    }
    case 'fill': {
      // 'Change the radius dropdown to 50 miles': a fill of a list is the choice of an option; so is a
      // fill of a setting people choose from a list ('Change language to Deutsch', 'the theme selector').
      const list =
        intent.target.kind === 'phrase' &&
        (intent.target.phrase.role === 'combobox' || CHOICE.test(intent.target.phrase.text));
      return [
        { action: list ? 'select_option' : 'fill', ...targetWords(intent.target), value: intent.value },
      ];
    }
    case 'clear':
      return [{ action: 'clear', ...targetWords(intent.target) }];
    case 'type':
      return [{ action: 'fill', value: intent.value }];
    case 'select': {
      // 'Pick Edit from the kebab menu': a menu is opened and its item clicked, not a list's option chosen.
      const menu = targetWords(intent.target);
      if (MENU_WORDS.test(menu.target ?? ''))
        return [
          { action: 'click', ...menu },
          { action: 'click', target: intent.value },
        ];
      return [{ action: 'select_option', ...menu, value: intent.value }];
    }
    case 'check':
      return [{ action: 'check', ...targetWords(intent.target) }];
    case 'uncheck':
      return [{ action: 'uncheck', ...targetWords(intent.target) }];
    case 'hover':
      return [{ action: 'hover', ...targetWords(intent.target) }];
    case 'press':
      return [{ action: 'press_key', ...targetWords(intent.target), value: intent.key }];
    case 'scroll':
      return [{ action: 'scroll', value: intent.to }];
    case 'scrollTo':
      return [{ action: 'scroll', ...targetWords(intent.target) }];
    case 'wait':
      return [{ action: 'wait', value: duration(intent.ms) }];
    case 'waitFor':
      return [{ action: 'wait', ...targetWords(intent.target), value: intent.state }];
    case 'expect':
      return [assertionStep(intent.assert)];
  }
}

// Settings chosen from a list on any kind of app, and the words for a list of choices.
const CHOICE =
  /^(?:theme|currency|country|region|locale|time ?zone|repeat|recurrence|frequency|(?:rows|items|results) per page|page size|sort(?: by| order)?|priority|visibility|appearance|density)$|(?:^|\s)(?:language|selector|switcher|picker)$/i;

// A menu (not a list of options: a dropdown, list or selector is called so): a kebab, an overflow, an icon
// of dots, or what the writer calls a menu.
const MENU_WORDS = /(?:^|\s)(?:menu|kebab|overflow|⋮|⋯|…|dots)$/i;

/** An address on the start page's host as its path ('/orders/123'); any other as written. */
function relativeUrl(url: string, website: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.origin !== new URL(website).origin) return url;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}
