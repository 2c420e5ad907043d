import { type ScrollTo } from '../runner';
import { type CountCompare } from './sentences/comparisons';

// What a step asks for, before it is tied to an element of the page. The rules grammar and the LLM
// models both produce intents; the coder turns one into runnable actions against the live page.

export type RoleHint =
  | 'button'
  | 'link'
  | 'textbox'
  | 'searchbox'
  | 'checkbox'
  | 'radio'
  | 'combobox'
  | 'heading'
  | 'tab'
  | 'img'
  | 'list'
  | 'listitem'
  | 'menuitem'
  | 'option';

/** Words naming an element: 'the second "Add to cart" button for "Mug"'. */
export interface Phrase {
  /** '' means any element of the role. */
  text: string;
  /** Other names for the same thing ('log in' for 'sign in'). */
  alternatives?: string[];
  role?: RoleHint;
  /** The words were quoted: prefer an exact name. */
  exact?: boolean;
  /** 1-based; -1 is the last. */
  ordinal?: number;
  /** Words of the row, item or section the element sits in. */
  context?: string;
  /**
   * A region the sentence places the element in ('in the left navigation', 'in the dialog'): it
   * narrows the target instead of joining its name.
   */
  where?: string;
  /** The form's submit button. */
  submit?: boolean;
  /**
   * Bound to the previous step's target: 'its remove button' (the element inside that item) or
   * 'the same item' (that element again). The generator replaces it with the words before resolving.
   */
  anaphor?: 'its' | 'same';
  /** The element is a row or item itself, picked by `ordinal`: 'the second row', 'the last task'. */
  item?: ItemKind;
  /** The element sits in the Nth row or item: 'the trash icon in the third row'. */
  inItem?: { kind: ItemKind; ordinal: number };
  /**
   * Another element the sentence places this one beside ('under the Name field', 'next to Inbox'): the
   * element must sit on that side of it, close by, with no other control between.
   */
  near?: Near;
  /** The words are text the page shows at a place ('"Saved" should appear under the Name field'). */
  shown?: boolean;
}

/** 'under the To field': the side and the element it is on that side of, and the sentence's words. */
export interface Near {
  side: 'below' | 'above' | 'beside';
  of: Phrase;
  words: string;
}

/** 'row': a table's rows with cells (not its header), else a list's items; 'item': the other way round. */
export type ItemKind = 'row' | 'item';

export type TargetRef =
  | { kind: 'phrase'; phrase: Phrase }
  /** Candidate indexes of the current snapshot, best first (a model's choice, or a point clicked). */
  | { kind: 'candidates'; indexes: number[] }
  /** Text shown on the page. */
  | { kind: 'text'; text: string; exact?: boolean };

export type IntentAssertion =
  | { type: 'visible'; target: TargetRef; negate?: boolean }
  | { type: 'text'; target: TargetRef; value: string; negate?: boolean }
  | { type: 'value'; target: TargetRef; value: string }
  | { type: 'checked'; target: TargetRef; checked: boolean }
  | { type: 'enabled'; target: TargetRef; enabled: boolean }
  /** `compare`: 'more than 3' (gt), 'at least 3' (ge), 'fewer than 3' (lt), 'at most 3' (le); else exactly. */
  | { type: 'count'; target: TargetRef; count: number; compare?: CountCompare }
  | { type: 'url'; value: string; match: 'contains' | 'equals' }
  | { type: 'title'; value: string; match: 'contains' | 'equals' }
  /** 'I am on the dashboard': the URL, the title or a heading names the page. */
  | { type: 'onPage'; name: string };

export type Intent =
  | { kind: 'goto'; url: string }
  | { kind: 'goBack' }
  | { kind: 'reload' }
  | { kind: 'waitForLoad' }
  | {
      kind: 'click';
      target: TargetRef;
      clickCount?: 2;
      button?: 'right';
      choose?: boolean;
      /** The click opens or closes an accordion, a tree node or a group row ('Expand Shipping'). */
      unfold?: 'expand' | 'collapse';
    }
  | { kind: 'fill'; target: TargetRef; value: string }
  | { kind: 'clear'; target: TargetRef }
  | { kind: 'type'; value: string }
  | { kind: 'select'; target: TargetRef; value: string }
  | { kind: 'check'; target: TargetRef }
  | { kind: 'uncheck'; target: TargetRef }
  | { kind: 'hover'; target: TargetRef }
  | { kind: 'press'; key: string; target?: TargetRef }
  | { kind: 'scroll'; to: ScrollTo }
  | { kind: 'scrollTo'; target: TargetRef }
  | { kind: 'wait'; ms: number }
  | { kind: 'waitFor'; target: TargetRef; state: 'visible' | 'hidden' }
  | { kind: 'expect'; assert: IntentAssertion };

export type ParseResult = { ok: true; intent: Intent } | { ok: false; hint: string };

/** The phrase an intent's target is named by, if words name it. */
export function intentPhrase(intent: Intent): Phrase | null {
  const ref =
    'target' in intent && intent.target
      ? intent.target
      : intent.kind === 'expect' && 'target' in intent.assert
        ? intent.assert.target
        : null;
  return ref?.kind === 'phrase' ? ref.phrase : null;
}

/** Replaces the target of an intent (the same kind of step on another element). */
export function withTarget(intent: Intent, target: TargetRef): Intent {
  if ('target' in intent && intent.target) return { ...intent, target } as Intent;
  if (intent.kind === 'expect' && 'target' in intent.assert)
    return { ...intent, assert: { ...intent.assert, target } } as Intent;
  return intent;
}

export function phraseTarget(phrase: Phrase): TargetRef {
  return { kind: 'phrase', phrase };
}
