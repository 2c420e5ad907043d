// Order checks (issue 29): 'the results should be sorted by price, cheapest first', 'posts are in
// reverse chronological order', 'the slots are listed in chronological order'. The runner has no order
// check yet, so only the parse entry reads them (as `assert_order`); the generator still refuses them.
// The text has had its modal verbs made plain ('should be' → 'is') or is read as written.

export interface OrderCheck {
  subject: string;
  /** 'ascending', 'descending', or the order in words ('in progress first'). */
  order: string;
  /** The key, when the sentence names it: 'by price'. */
  by?: string;
}

const ASCENDING_FIRST =
  /^(?:cheapest|lowest|smallest|oldest|earliest|closest|nearest|shortest|fewest|least|a)\s+(?:\w+\s+)?first$/i;
const DESCENDING_FIRST =
  /^(?:most expensive|dearest|highest|largest|biggest|newest|latest|most recent|furthest|longest|most|z)\s+(?:\w+\s+)?first$/i;

function direction(words: string): string | null {
  const text = words.trim().replace(/^in\s+/i, '');
  if (ASCENDING_FIRST.test(text)) return 'ascending';
  if (DESCENDING_FIRST.test(text)) return 'descending';
  if (/^reverse\s+(?:chronological|alphabetical|date)\s+order$/i.test(text)) return 'descending';
  if (/^(?:chronological|alphabetical|date|ascending|increasing)\s+order$|^ascending$/i.test(text))
    return 'ascending';
  if (/^(?:descending|decreasing)(?:\s+order)?$/i.test(text)) return 'descending';
  if (/^a\s*(?:to|-|–)\s*z$/i.test(text)) return 'ascending';
  if (/^z\s*(?:to|-|–)\s*a$/i.test(text)) return 'descending';
  return null;
}

/** The order a statement checks, or null when it says nothing about order. */
export function orderCheck(text: string): OrderCheck | null {
  const plain = text
    .trim()
    .replace(/[.!]+$/, '')
    .replace(/\bshould\s+be\b/i, 'is')
    .replace(/\bshould\s+(?=\w)/i, '');
  const sorted =
    /^(?:the\s+)?(.+?)\s+(?:is|are|appear|appears|show|shows)\s+(?:sorted|ordered|listed|shown|arranged)?\s*(by\s+[\w-]+(?:\s+[\w-]+)?)?\s*,?\s*((?:in\s+)?.+)$/i.exec(
      plain,
    );
  if (sorted) {
    const order = direction(sorted[3]);
    if (order) {
      const by = sorted[2] ?? (/chronological|date/i.test(sorted[3]) ? 'by date' : undefined);
      return { subject: sorted[1], order, ...(by ? { by } : {}) };
    }
  }
  // 'The inbox shows the newest at the top'
  const top =
    /^(?:the\s+)?(.+?)\s+(?:shows?|lists?|has|puts?)\s+the\s+(\w+(?:\s+\w+)?)\s+(?:at the top|first)$/i.exec(
      plain,
    );
  if (top) {
    const order = direction(`${top[2]} first`);
    if (order)
      return {
        subject: top[1],
        order,
        ...(/newest|latest|oldest|earliest|recent/i.test(top[2]) ? { by: 'by date' } : {}),
      };
  }
  return null;
}
