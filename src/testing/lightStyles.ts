import type { StylisPlugin } from '@emotion/cache';

// jsdom matches every stylesheet rule against an element on each getComputedStyle, and Testing Library's
// role queries call it for every candidate and its ancestors: with the whole app's MUI styles in the
// document that was most of a client suite's CPU (GenerationActions: 100 s of CPU, 37 s without). jsdom
// paints nothing, so colours, fonts, padding, borders, shadows and transitions are never seen by a test;
// what is seen is what hides an element or stops the pointer, and the box and overflow rules that tests
// assert with toHaveStyle (a phone never scrolls sideways, a long name wraps, a chart has a width). Only
// those declarations reach jsdom; a rule left empty is not inserted at all. A test that asserts another
// property fails loudly here: add the property to this list.
export const OBSERVABLE = new Set([
  'display',
  'visibility',
  'opacity',
  'pointer-events',
  'content',
  'position',
  'top',
  'right',
  'bottom',
  'left',
  'inset',
  'width',
  'height',
  'min-width',
  'min-height',
  'max-width',
  'max-height',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'overflow',
  'overflow-x',
  'overflow-y',
  'overflow-wrap',
  'word-break',
  'white-space',
  'text-overflow',
  '-webkit-line-clamp',
  '-webkit-box-orient',
]);

/** A stylis plugin that empties every declaration a test cannot observe. */
export const keepObservable: StylisPlugin = (element) => {
  if (element.type === 'decl' && !OBSERVABLE.has(String(element.props))) element.value = '';
};
