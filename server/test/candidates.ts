import { type Candidate } from '../src/runner';

// Candidates as a page snapshot gives them, for tests of matching and healing without a browser: a
// visible, enabled, empty button unless the fields say otherwise.

/** One candidate at `index`, its fields over a plain visible button's. */
export function makeCandidate(index: number, fields: Partial<Candidate> = {}): Candidate {
  return {
    index,
    tag: 'button',
    type: null,
    role: 'button',
    name: '',
    label: null,
    placeholder: null,
    text: null,
    testId: null,
    id: null,
    nameAttr: null,
    checked: null,
    disabled: false,
    editable: false,
    visible: true,
    box: { x: 0, y: 0, width: 100, height: 30 },
    options: null,
    selected: null,
    container: null,
    containerRole: null,
    iconHint: null,
    itemCount: null,
    frame: null,
    ...fields,
  };
}

/**
 * Candidates numbered in the order they are made, each a row below the last (40 px apart), as a page
 * lists them top to bottom; `reset()` starts a new page at index 0.
 */
export function candidateSequence(): {
  candidate(fields?: Partial<Candidate>): Candidate;
  reset(): void;
} {
  let next = 0;
  return {
    candidate(fields = {}) {
      const index = next++;
      return makeCandidate(index, { box: { x: 0, y: next * 40, width: 100, height: 30 }, ...fields });
    },
    reset() {
      next = 0;
    },
  };
}
