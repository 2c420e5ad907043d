import { MODULE_LIMITS } from '../../../contract/modules';

// What a script may cost before it is parsed (issue 27): @lezer/python's parse of deep nesting is
// superlinear (100 KB of nested brackets: ~2.8 s of CPU; nested f-strings overflow its stack), so the
// depth is measured first by a scan that costs one pass and no tree. A module's real scripts nest a
// few levels (expect(page.get_by_role(…).filter(has=…)).to_be_visible()): 32 leaves room to spare.

export const MAX_SCRIPT_NESTING = 32;

export interface BoundsRefusal {
  /** 0-based offset of where the script went past a bound. */
  at: number;
  reason: string;
}

type Frame = { kind: 'bracket' } | { kind: 'fstring'; quote: string };

const OPENERS = new Set(['(', '[', '{']);
const PREFIX_OPERATORS = new Set(['-', '+', '~']);
const WORD = /[A-Za-z0-9_]/;
/** Letters that may prefix a string literal (r, b, u, f and their pairs). */
const STRING_PREFIX = /^(?:[rRbBuUfF]|[rR][bBfF]|[bBfF][rR])$/;

/** The first bound a script breaks (its size, or how deep it nests), or null when it fits. */
export function scriptBoundsRefusal(script: string): BoundsRefusal | null {
  if (script.length > MODULE_LIMITS.script)
    return { at: 0, reason: `Scripts must be at most ${MODULE_LIMITS.script} characters` };
  return nestingRefusal(script);
}

/**
 * One pass over the text: brackets, f-strings' replacement fields (code inside a string) and runs of
 * prefix operators (`- - -x`, `not not x`) each add a level; plain strings and comments are skipped.
 */
function nestingRefusal(source: string): BoundsRefusal | null {
  const stack: Frame[] = [];
  // Prefix operators in a row: each one is a level of the parse tree too.
  let prefixRun = 0;
  let afterOperand = false;
  const tooDeep = (at: number): BoundsRefusal | null =>
    stack.length + prefixRun > MAX_SCRIPT_NESTING
      ? {
          at,
          reason: `This nests more than ${MAX_SCRIPT_NESTING} levels deep (brackets, f-strings or operators in a row): write it flatter`,
        }
      : null;

  let i = 0;
  while (i < source.length) {
    const top = stack[stack.length - 1];
    const ch = source[i];
    if (top?.kind === 'fstring') {
      if (source.startsWith(top.quote, i)) {
        stack.pop();
        i += top.quote.length;
        afterOperand = true;
      } else if (ch === '\\' || (ch === '{' && source[i + 1] === '{')) i += 2;
      else if (ch === '{') {
        stack.push({ kind: 'bracket' });
        prefixRun = 0;
        afterOperand = false;
        if (tooDeep(i)) return tooDeep(i);
        i++;
      } else i++;
      continue;
    }
    if (ch === '#') {
      const end = source.indexOf('\n', i);
      i = end === -1 ? source.length : end;
      continue;
    }
    if (WORD.test(ch)) {
      let end = i;
      while (end < source.length && WORD.test(source[end])) end++;
      const word = source.slice(i, end);
      const quoted = source[end] === '"' || source[end] === "'";
      if (quoted && STRING_PREFIX.test(word)) {
        const stop = openString(source, end, /* format */ /f/i.test(word), stack);
        if (stop === null) return tooDeep(end);
        i = stop;
        prefixRun = 0;
        afterOperand = true;
        continue;
      }
      if (word === 'not') prefixRun++;
      else prefixRun = 0;
      afterOperand = word !== 'not';
      if (tooDeep(i)) return tooDeep(i);
      i = end;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const stop = openString(source, i, /* format */ false, stack);
      i = stop ?? source.length;
      afterOperand = true;
      prefixRun = 0;
      continue;
    }
    if (OPENERS.has(ch)) {
      stack.push({ kind: 'bracket' });
      prefixRun = 0;
      afterOperand = false;
      if (tooDeep(i)) return tooDeep(i);
    } else if (ch === ')' || ch === ']' || ch === '}') {
      if (top?.kind === 'bracket') stack.pop();
      afterOperand = true;
    } else if (PREFIX_OPERATORS.has(ch) && !afterOperand) {
      prefixRun++;
      if (tooDeep(i)) return tooDeep(i);
    } else if (!/\s/.test(ch)) {
      prefixRun = 0;
      afterOperand = false;
    }
    i++;
  }
  return null;
}

/**
 * At a quote: an f-string becomes a frame (its fields are read as code, as the parser reads them) and
 * null is returned when that frame is one too many; a plain string is skipped, returning where it ends.
 */
function openString(source: string, at: number, format: boolean, stack: Frame[]): number | null {
  const ch = source[at];
  const quote = source.startsWith(ch.repeat(3), at) ? ch.repeat(3) : ch;
  if (format) {
    stack.push({ kind: 'fstring', quote });
    return stack.length > MAX_SCRIPT_NESTING ? null : at + quote.length;
  }
  let i = at + quote.length;
  while (i < source.length) {
    if (source[i] === '\\') i += 2;
    else if (source.startsWith(quote, i)) return i + quote.length;
    // An unterminated one-line string ends at its line, as the parser ends it.
    else if (quote.length === 1 && source[i] === '\n') return i;
    else i++;
  }
  return source.length;
}
