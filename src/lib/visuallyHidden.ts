/**
 * Styles that hide text from sight but not from screen readers (a table header, a label).
 *
 * NOTE: lengths in px strings: in `sx` a bare 1 is 100% and a bare -1 one spacing unit, which made the
 * hidden "Actions" header as wide as the window and the Secrets page scroll sideways at 375 px (issue 28).
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
