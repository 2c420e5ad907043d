// Drag and drop (issue 32): one element dropped on a place that holds such elements.
//   'Drag "Write report" to the "Done" column', 'Drag the "Fix login" card onto Shipped'
//   'Move "Write report" to the Done column by dragging it', 'Drop "Write report" in the "Done" list'
// Read on the raw sentence (quotes kept). The thing dragged is quoted; where it goes is quoted or a
// few words, with a word for the place ('column', 'list', 'lane' …) dropped.
import { cleaned } from './stepText';

export interface DragSentence {
  /** The words of the element dragged ('Write report'). */
  item: string;
  /** The words naming where it is dropped ('Done'). */
  to: string;
}

const PLACE = String.raw`(?:column|list|lane|area|zone|drop\s+zone|box|section|bucket|group|stage|board|panel|folder)`;
const ITEM = String.raw`(?:card|item|task|row|file|entry|ticket|element)`;
const DRAG = new RegExp(
  String.raw`^(?:please\s+)?(drag(?:\s+and\s+drop)?|drop|move)\s+(?:the\s+)?(?:${ITEM}\s+)?"([^"]+)"(?:\s+${ITEM})?\s+(?:to|onto|into|on\s+to|on|over|in|inside)\s+(?:the\s+)?(?:"([^"]+)"|([^"]+?))(?:\s+${PLACE})?(\s+by\s+dragging(?:\s+it)?)?$`,
  'i',
);

/** The drag a sentence asks for, or null when it names no quoted thing to drag somewhere. */
export function dragSentence(sentence: string): DragSentence | null {
  const text = cleaned(sentence);
  const m = DRAG.exec(text);
  if (!m) return null;
  // 'Move "Milk" to the top' is a reorder; 'Move "Ada" to Admins' could be a select: only a drag says so.
  const verb = m[1].toLowerCase();
  if (
    verb === 'move' &&
    !m[5] &&
    !new RegExp(String.raw`\s${PLACE}(?:\s+by\s+dragging(?:\s+it)?)?$`, 'i').test(text)
  )
    return null;
  const to = (m[3] ?? m[4]).trim();
  if (!to || /^(?:top|bottom|the\s+top|the\s+bottom)$/i.test(to)) return null;
  return { item: m[2].trim(), to };
}
