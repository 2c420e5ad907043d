// Widget verbs the runner does not act on yet (issue 29): drag and drop, file upload, browser tabs and
// windows, e-mails, sliders. The parse entry reads them into the phrasing corpus's vocabulary so they can
// be measured; the generator still refuses them (the grammar does not read these sentences).

export interface WidgetStep {
  action: 'drag_to' | 'upload_file' | 'switch_tab' | 'open_email' | 'fill' | 'click' | 'filter';
  target?: string;
  value?: string;
  where?: string;
}

// A file name: words, dots, dashes and an extension ('hw1.py', 'contract_signed.pdf').
const FILE = String.raw`[\w][\w.-]*\.[a-z][a-z0-9]{1,4}`;
const FILES = new RegExp(`\\b${FILE}\\b`, 'gi');
const UPLOAD_VERB = /^(?:upload|attach|drop|add)\s+/i;
const PRONOUN = /^(?:it|this|that|they|these|those|which)$/i;

const trimmed = (text: string) => text.replace(/[\s,;.!]+$/, '').trim();
const strip = (text: string) =>
  text
    .replace(/^[\s"“”'‘’]+|[\s"“”'‘’]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** 'Upload report.xlsx to the Finance folder', 'Set the avatar by uploading me.png': the files and where they go. */
export function uploadStep(step: string): WidgetStep | null {
  const text = trimmed(step);
  const files = text.match(FILES);
  if (!files) return null;
  const value = files.join(', ');
  // 'Set the featured image by uploading hero.png'
  const by = new RegExp(
    `^(?:set|change|replace|update|add)\\s+(.+?)\\s+by\\s+(?:uploading|attaching)\\s+`,
    'i',
  ).exec(text);
  if (by) return { action: 'upload_file', target: by[1], value };
  if (!UPLOAD_VERB.test(text)) return null;
  const rest = text
    .replace(UPLOAD_VERB, '')
    // The files themselves, alone, in a list or in brackets after what they are.
    .replace(new RegExp(`\\(?\\s*${FILE}(?:\\s*(?:,|and)\\s*${FILE})*\\s*\\)?`, 'gi'), ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // 'by dragging it into the chat window', 'using the paperclip icon', 'onto the drop zone'
  const place =
    /^(?:by\s+dragging\s+(?:it|them)\s+)?(?:to|into|onto|on|using|via|with|through)\s+(.+)$/i.exec(rest) ??
    /^by\s+dragging\s+(?:it|them)\s+(?:to|into|onto|on)\s+(.+)$/i.exec(rest);
  if (place) return { action: 'upload_file', target: place[1], value };
  // 'Upload the signed contract (contract.pdf) in the Documents section'
  const described = /^(.+?)(?:\s+((?:in|to|into|on|onto|under|for)\s+.+))?$/i.exec(rest);
  if (described && described[1] && !/^(?:and|or)$/i.test(described[1]))
    return {
      action: 'upload_file',
      target: described[1],
      value,
      ...(described[2] ? { where: described[2] } : {}),
    };
  return { action: 'upload_file', value };
}

const SLIDER = String.raw`(?:slider|handle|thumb|range)`;

/** 'Move the volume slider to 40%': a slider set to a value is a fill, as for any field. */
export function sliderStep(step: string): WidgetStep | null {
  const match = new RegExp(
    `^(?:move|drag|set|slide|put|push|pull)\\s+(.+?\\b${SLIDER})\\s+(?:all the way\\s+)?to\\s+(.+)$`,
    'i',
  ).exec(trimmed(step));
  return match ? { action: 'fill', target: match[1], value: strip(match[2]) } : null;
}

const DESTINATION = String.raw`(to|into|onto|over|on to|on top of|above|below|under|before|after|next to)`;
const RELATIVE = /^(?:above|below|under|before|after|next to|on top of)$/i;

function destination(preposition: string, place: string): string {
  const words = strip(place);
  return RELATIVE.test(preposition) ? `${preposition.toLowerCase()} ${words}` : words;
}

/** 'Drag notes.txt into Archive', 'Move the deal to Won by dragging it', 'Reorder the list so A sits above B'. */
export function dragStep(step: string): WidgetStep | null {
  const text = trimmed(step);
  if (new RegExp(`\\b${SLIDER}\\b`, 'i').test(text)) return null;
  const byDragging = /\s+by\s+dragging(?:\s+(?:it|them))?$/i;
  const dragged = /^drag\s+/i.test(text) || byDragging.test(text);
  const verb = /^(?:drag|move)\s+(.+)$/i.exec(text.replace(byDragging, ''));
  if (dragged && verb) {
    const match = new RegExp(`^(.+?)(?:\\s+from\\s+(.+?))?\\s+${DESTINATION}\\s+(.+)$`, 'i').exec(verb[1]);
    if (match)
      return {
        action: 'drag_to',
        target: strip(match[1]),
        value: destination(match[3], match[4]),
        ...(match[2] ? { where: `from ${match[2]}` } : {}),
      };
  }
  // 'Put the steps in order by dragging Install Python to the top'
  const inside = new RegExp(`\\bby\\s+dragging\\s+(.+?)\\s+${DESTINATION}\\s+(.+)$`, 'i').exec(text);
  if (inside && !PRONOUN.test(inside[1]))
    return { action: 'drag_to', target: strip(inside[1]), value: destination(inside[2], inside[3]) };
  // 'Reorder the backlog so Onboarding sits above Billing'
  const order =
    /^(?:reorder|rearrange|arrange|re-order)\s+(.+?)\s+so(?:\s+that)?\s+(.+?)\s+(?:sits|is|comes|appears|goes|ends up|lands)\s+(above|below|before|after|under)\s+(.+)$/i.exec(
      text,
    );
  if (order)
    return {
      action: 'drag_to',
      target: strip(order[2]),
      value: destination(order[3], order[4]),
      where: order[1],
    };
  return null;
}

const NEW_WINDOW = String.raw`in\s+(?:a\s+)?(?:new|another|a\s+separate|separate)\s+(?:browser\s+)?(?:tab|window|popup)`;

/**
 * Browser tabs and windows: 'X opens in a new tab' (a click on X when nothing came before in the line,
 * then the switch), 'Open the preview in a new window', 'Switch back to the editor tab'. Null otherwise;
 * `rest` is a part before a dash still to be read as usual ('Click Docs — it opens in another tab').
 */
export function windowSteps(step: string, first: boolean): { rest?: string; steps: WidgetStep[] } | null {
  const text = trimmed(step);
  const switched: WidgetStep = { action: 'switch_tab', value: 'new' };
  // '… — it opens in a new tab —', '… — switch to it'
  const opens = new RegExp(
    `^(?:(.+?)\\s*[—–-]+\\s*|(.+?)\\s+)?(?:(it|this|that|which)\\s+)?opens\\s+(?:up\\s+)?${NEW_WINDOW}(?:\\s*[—–-]+\\s*(?:and\\s+)?(?:switch|go)\\s+(?:over\\s+)?to\\s+it)?\\s*[—–-]*$`,
    'i',
  ).exec(text);
  if (opens) {
    if (opens[1]) return { rest: opens[1], steps: [switched] };
    const subject = opens[2];
    if (subject && first && !opens[3]) return { steps: [{ action: 'click', target: subject }, switched] };
    return { steps: [switched] };
  }
  const openIn = new RegExp(`^(?:open|click|click on)\\s+(.+?)\\s+${NEW_WINDOW}$`, 'i').exec(text);
  if (openIn) return { steps: [{ action: 'click', target: openIn[1] }, switched] };
  if (/^(?:switch|go|move)\s+(?:over\s+)?to\s+(?:it|the\s+new\s+(?:tab|window|popup))$/i.test(text))
    return { steps: [switched] };
  const back =
    /^(?:switch|go|return|move)\s+back\s+to\s+(the\s+.+?\s+(?:tab|window))(?:\s+(?:afterwards|again|now))?$/i.exec(
      text,
    );
  if (back) {
    const original = /^the\s+(?:first|original|previous|main|old|initial)\s+(?:browser\s+)?(?:tab|window)$/i;
    return {
      steps: [
        original.test(back[1])
          ? { action: 'switch_tab', value: 'original' }
          : { action: 'switch_tab', target: back[1] },
      ],
    };
  }
  return null;
}

const EMAIL = String.raw`(?:e-?mail|email message)`;

/** 'Open the verification email', 'Check the inbox for the welcome e-mail', 'Open the email that says Reset'. */
export function emailStep(step: string): WidgetStep | null {
  const text = trimmed(step);
  const inbox = new RegExp(
    `^(?:check|open|look in|go to)\\s+(.+?\\binbox)\\s+for\\s+(.+?\\b${EMAIL})$`,
    'i',
  ).exec(text);
  if (inbox) return { action: 'open_email', target: inbox[2], where: inbox[1] };
  const open = new RegExp(
    `^(?:open|read|view)\\s+(the\\s+.*?\\b${EMAIL})(?:\\s+(?:that says|saying|with (?:the )?subject|titled|called|about)\\s+(.+?))?(?:\\s+(?:sent to|for|in)\\s+(.+))?$`,
    'i',
  ).exec(text);
  if (!open) return null;
  const quoted = /["“'‘](.+?)["”'’]/.exec(open[1]);
  const value = open[2] ? strip(open[2]) : quoted?.[1];
  return {
    action: 'open_email',
    target: open[1],
    ...(value ? { value } : {}),
    ...(open[3] ? { where: open[3] } : {}),
  };
}

/** 'Nike and Adidas', '4 stars and above and Free cancellation': values part at a comma or an 'and' before a new name. */
function valueList(text: string): string[] {
  return text
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+(?=[A-Z0-9"“'‘])/)
    .map(strip)
    .filter(Boolean);
}

/**
 * Facet filters: 'Filter by brand: Nike and Adidas', 'Filter the board by assignee: me', 'Filter posts by
 * category Testing', 'Filter Status to Active', 'Filter to stores open on Sundays'. One step per value.
 */
export function filterSteps(step: string): WidgetStep[] | null {
  const text = trimmed(step);
  const each = (facet: string | undefined, values: string[]): WidgetStep[] =>
    values.map((value) => ({ action: 'filter', ...(facet ? { target: strip(facet) } : {}), value }));
  const colon = /^filter\s+(?:.+?\s+)?by\s+(.+?)\s*:\s*(.+)$/i.exec(text);
  if (colon) return each(colon[1], valueList(colon[2]));
  // 'by category Testing': a lower-case facet word, then the value.
  const named = /^[Ff]ilter\s+(?:.+?\s+)?by\s+([a-z][\w-]*)\s+(?!and\b|or\b)(.+)$/.exec(text);
  if (named && !/^(?:the|a|an|my|all|any)$/.test(named[1])) return each(named[1], valueList(named[2]));
  const by = /^filter\s+(?:.+?\s+)?by\s+(.+)$/i.exec(text);
  if (by) return each(undefined, valueList(by[1]));
  const to = /^filter\s+(?:(\S+)\s+)?to\s+(.+)$/i.exec(text);
  if (to) return each(to[1], [strip(to[2])]);
  return null;
}
