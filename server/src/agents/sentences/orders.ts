import { terms } from './clauses';

// Orders whose verb is not one of the grammar's own (issue 29): a switch set on or off ('Toggle the
// Freeze card switch on', 'turn dark mode off'), a view or in-page tab switched to ('Switch to the
// Savings tab'), a section unfolded ('Expand the Shipping section'), and a verb that is the label of
// what is pressed ('Place the order', 'Archive the last card', 'Log a call with Bob'). Quoted values
// arrive as ⟦n⟧ tokens.

export interface Order {
  verb: 'click' | 'check' | 'uncheck' | 'expand' | 'collapse';
  /** The words naming the element, as written ('the Freeze card switch', 'Place the order'). */
  object: string;
}

/**
 * 'Toggle the Freeze card switch on', 'turn dark mode off', 'Set the Wi-Fi toggle to on', 'Toggle to
 * yearly billing', 'Mute the channel': a switch's state, set by words before or after its name.
 */
export function switchState(text: string): Order | null {
  const after =
    /^(?:toggle|turn|switch|flip|set|slide)\s+(.+?)\s+(?:to\s+)?(on|off|enabled|disabled|yes|no)$/i.exec(
      text,
    );
  if (after) {
    const on = /^(?:on|enabled|yes)$/i.test(after[2]);
    return { verb: on ? 'check' : 'uncheck', object: after[1] };
  }
  const toward = /^toggle\s+(?:to|over to|on to)\s+(.+)$/i.exec(text);
  if (toward) return { verb: 'check', object: toward[1] };
  return null;
}

// Browser tabs, windows and pop-ups are not in-page tabs: a switch to one of them is not a click.
const BROWSER_TAB =
  /\b(?:new|other|original|first|previous|second|last|opened|popup|pop-up)\s+(?:browser\s+)?(?:tab|window)\b|\b(?:window|pop-?up|browser tab|it|them)$/i;

/** 'Switch to the Savings tab', 'Switch to Week view': a click on the tab or view named. */
export function switchTo(text: string): Order | null {
  const match = /^(?:switch|change|flip|jump)\s+(?:over\s+)?to\s+(.+)$/i.exec(text);
  if (!match || BROWSER_TAB.test(match[1].trim())) return null;
  // 'Switch to list view with the toggle at the top right': the view is what is clicked.
  const object = match[1].replace(/\s+(?:with|using|via)\s+.+$/i, '').trim();
  return object ? { verb: 'click', object } : null;
}

/** 'Expand the Shipping section', 'Collapse Billing in the tree': a section, row or node unfolded. */
export function unfold(text: string): Order | null {
  // 'Open the Amenities accordion', 'close the Filters section': an accordion opens and closes.
  const named =
    /^(open|close)\s+(.+\s(?:accordion|section|group|group row|node|subtree|panel)(?:\s+(?:on|in|under|inside)\s+.+)?)$/i.exec(
      text,
    );
  if (named) return { verb: /^open$/i.test(named[1]) ? 'expand' : 'collapse', object: named[2] };
  const match = /^(expand|collapse|unfold|fold)\s+(.+)$/i.exec(text);
  if (!match) return null;
  const open = /^(?:expand|unfold)$/i.test(match[1]);
  return { verb: open ? 'expand' : 'collapse', object: match[2] };
}

// Verbs that ask for a judgement or a whole activity, never name a control: 'Make the blog look modern',
// 'Give the admin area a thorough test', 'Try transferring more than you have'.
const NOT_LABELS = new Set([
  'make',
  'give',
  'test',
  'try',
  'check',
  'ensure',
  'verify',
  'see',
  'explore',
  'look',
  'do',
  'let',
  'keep',
  'have',
  'get',
  'help',
  'be',
  'go',
  'find',
  'play',
  'think',
  'want',
  'need',
  'feel',
  'say',
  // The grammar's own verbs: when their rule found no element, the words are no label either.
  'click',
  'tap',
  'press',
  'push',
  'hit',
  'select',
  'choose',
  'pick',
  'open',
  'type',
  'enter',
  'input',
  'fill',
  'write',
  'put',
  'use',
  'scroll',
  'hover',
  'wait',
  'tick',
  'untick',
  'uncheck',
  'clear',
  'drag',
  'move',
  'set',
  'change',
]);
// Words that point at nothing on a page.
const VAGUE_WORDS =
  /\b(?:something|anything|everything|stuff|things|whatever|nice|good|properly|correctly)\b/i;
// A label is a few words: 'Add a new payee', 'Save as draft'; longer words are a sentence, not a name.
const MOST_WORDS = 6;

/**
 * An order whose verb is part of the label of what is pressed (the corpus's rule 4): 'Place the order',
 * 'Add a new payee', 'Archive the last card in Done', 'Save it' (the pronoun is the page's subject, not
 * the label: 'Save'). Null when the words are not a short verb and its object, or ask for a judgement.
 */
export function labelOrder(text: string): Order | null {
  const words = terms(text);
  const [verb, ...rest] = words;
  if (!verb || !verb.tags.has('Verb') || verb.tags.has('Copula') || verb.tags.has('Modal')) return null;
  if (!(verb.tags.has('Imperative') || verb.tags.has('Infinitive'))) return null;
  if (NOT_LABELS.has(verb.normal) || VAGUE_WORDS.test(text)) return null;
  // Another verb in the object is a clause of its own ('Make the dashboard load fast').
  if (
    rest.some(
      (term) =>
        term.tags.has('Verb') &&
        !term.tags.has('Adjective') &&
        !term.tags.has('Noun') &&
        // 'Sign out of all sessions': the particle is part of the verb.
        !term.tags.has('Particle'),
    )
  )
    return null;
  if (/[,;:?]/.test(text.replace(/⟦\d+⟧/g, ''))) return null;
  // 'Chat works fine', 'Feed feels right': a subject and its verb in -s the tagger read as an order.
  const [first, second] = rest;
  if (
    first &&
    second &&
    /^[a-z]+s$/.test(first.text) &&
    !first.tags.has('Determiner') &&
    !first.tags.has('Preposition')
  )
    return null;
  // 'Save', 'Publish': a verb alone is the label of its button.
  if (rest.length === 0) return { verb: 'click', object: verb.text };
  // 'Save it', 'Publish them': the verb alone is the label.
  if (rest.length === 1 && rest[0].tags.has('Pronoun')) return { verb: 'click', object: verb.text };
  const label = rest.filter((term) => !term.tags.has('Preposition') && !term.tags.has('Determiner'));
  if (label.length === 0 || words.length > MOST_WORDS + 4) return null;
  return { verb: 'click', object: text.trim() };
}

/**
 * An order not to act: "Don't tick the newsletter box" is an untick (the box ends unticked either way);
 * 'Do not select any option' and the like name nothing and stay unread.
 */
export function negativeOrder(text: string): Order | null {
  const match = /^(?:don't|do not|dont|never)\s+(?:tick|check|select|enable|turn on)\s+(.+)$/i.exec(text);
  if (!match || /^(?:any|anything|a|an)\b/i.test(match[1])) return null;
  return { verb: 'uncheck', object: match[1] };
}

/**
 * A clause that asks for no action: 'Leave the reference blank', 'keep the comment empty', "don't fill
 * in the phone number". The page is left as it is, so it adds no step.
 */
export function leavesAsIs(text: string): boolean {
  return (
    /^(?:leave|keep)\s+.+\s+(?:blank|empty|unticked|unchecked|unselected|as it is|as is|untouched)$/i.test(
      text,
    ) || /^(?:don't|do not|dont)\s+(?:fill(?:\s+in)?|enter|type|touch|change)\s+.+$/i.test(text)
  );
}

/**
 * 'Confirm', 'Confirm with Leave channel in the dialog', 'Confirm the deletion in the modal': when
 * 'confirm' names no check, it presses the dialog's confirming button (the one named, else Confirm).
 */
export function confirmOrder(text: string): Order | null {
  if (/^confirm$/i.test(text)) return { verb: 'click', object: 'Confirm' };
  const named = /^confirm\s+(?:it\s+|this\s+)?(?:with|using|via|by clicking|by pressing)\s+(.+)$/i.exec(text);
  if (named) return { verb: 'click', object: named[1] };
  const what =
    /^confirm\s+(?:the\s+|this\s+)?(?:deletion|removal|action|change|changes|dialog|prompt|cancellation)(\s+(?:in|on)\s+.+)?$/i.exec(
      text,
    );
  if (what) return { verb: 'click', object: `Confirm${what[1] ?? ''}` };
  return null;
}

/**
 * 'Mark all as read', 'Mark as spam', 'mark the thread as important': the words are the label of the
 * button or menu item (marking as done is a tick, read before this).
 */
export function markAsOrder(text: string): Order | null {
  return /^mark\s+(?:[^,;:]+?\s+)?as\s+[^,;:]+$/i.test(text.trim())
    ? { verb: 'click', object: text.trim() }
    : null;
}

// A menu named by its kind or its icon: 'the actions menu', 'the ⋮ menu', 'the kebab', 'the three dots'.
const MENU = String.raw`(?:the|its|this|that)\s+(?:[^\s]+\s+){0,3}?(?:menu|kebab|overflow|⋮|⋯|…|three dots)`;

/**
 * 'Archive the thread from the overflow menu', 'Mark as spam from the ⋮ menu on the first row': the
 * menu is opened first, then its item is the order (its verb the item's label). A choice from a list
 * ('Pick Edit from the kebab menu') is read by the grammar as the choice it is. Null for any other text,
 * or when `readable` says the item's order alone would not be read.
 */
export function fromMenu(text: string, readable: (order: string) => boolean = () => true): string[] | null {
  const match = new RegExp(
    String.raw`^([a-z][a-z-]*)\s+(.+?)\s+(?:from|via|using)\s+(${MENU})(\s+(?:on|in|for|next to|beside|of)\s+.+)?$`,
    'i',
  ).exec(text.trim());
  if (
    !match ||
    /^(?:select|choose|pick|go|navigate|open|click|tap|press|hover|type|enter|fill)$/i.test(match[1])
  )
    return null;
  // 'Rename the file from the context menu': that menu opens by a right click on the thing acted on.
  if (/\b(?:right-click|right click|context)\s+menu$/i.test(match[3]))
    return [`Right-click ${match[2]}${match[4] ?? ''}`, `Click ${match[1]}`];
  const item = `${match[1]} ${match[2]}`;
  return readable(item) ? [`Click ${match[3]}${match[4] ?? ''}`, item] : null;
}

/**
 * 'Use the region switcher to go to Europe', 'Use the kebab next to Invoice 7 to duplicate it': the
 * control is pressed, then the purpose is the next order (not a clause to drop). Null for any other
 * text, or when `readable` says the purpose alone would not be read.
 */
export function useTo(text: string, readable: (order: string) => boolean = () => true): string[] | null {
  const trimmed = text.trim();
  if (!/^use\s+(?:the|a|an|its|this|that|my)\s/i.test(trimmed)) return null;
  // The first 'to' that starts a readable order; 'next to', 'close to' and 'up to' are places.
  for (const to of trimmed.matchAll(
    /(?<!\b(?:next|close|up|due|according|back))\s+to\s+(?=[a-z][a-z-]*\s+\S)/gi,
  )) {
    const control = trimmed.slice(4, to.index).trim();
    const order = trimmed.slice(to.index + to[0].length);
    if (control.split(/\s+/).length > 1 && readable(order)) return [`Click ${control}`, order];
  }
  return null;
}
