import { makeCandidate } from '../../test/candidates';
import { type Candidate } from '../runner';
import { parseStep } from './grammar';
import {
  CLEAR_MARGIN,
  findTie,
  isAutocomplete,
  isListboxButton,
  rankCandidates,
  type Scored,
} from './matching';

// Issue 29: matching on the DOM Ant Design renders — icon buttons whose only words are the icon's
// name ("question-circle"), and selects built from an input that shows its choice beside it.

/** A candidate listed at `index`, a row below the last (40 px apart), as the page lists them. */
function candidate(index: number, fields: Partial<Candidate>): Candidate {
  return makeCandidate(index, { box: { x: 0, y: index * 40, width: 100, height: 30 }, ...fields });
}

const phraseOf = (sentence: string) => {
  const parsed = parseStep(sentence, 'http://example.test/');
  if (!parsed.ok || !('target' in parsed.intent) || parsed.intent.target?.kind !== 'phrase')
    throw new Error(`no phrase in ${sentence}`);
  return parsed.intent.target.phrase;
};

describe('matching on an Ant Design page', () => {
  const header = [
    candidate(0, { iconHint: 'question circle anticon anticon question circle' }),
    candidate(1, { iconHint: 'bell anticon anticon bell' }),
  ];

  it('takes "the help icon" for the button showing a question mark in a circle', () => {
    const [best] = rankCandidates(phraseOf('Click the help icon'), header, 'click');
    expect(best?.candidate.index).toBe(0);
  });

  it('never takes a help icon the page does not show', () => {
    expect(rankCandidates(phraseOf('Click the help icon'), header.slice(1, 2), 'click')).toEqual([]);
  });

  const select = (fields: Partial<Candidate>) =>
    candidate(0, { tag: 'input', type: 'text', role: 'combobox', listbox: true, ...fields });

  it('clicks open a select built from an input, read-only or searchable, when it shows its choice beside it', () => {
    const readOnly = select({ text: 'All departments' });
    const searchable = select({ editable: true, name: 'Page Size', text: '5 / page' });
    const autocomplete = select({ editable: true, name: 'Customer' });
    expect([isListboxButton(readOnly), isAutocomplete(readOnly)]).toEqual([true, false]);
    expect([isListboxButton(searchable), isAutocomplete(searchable)]).toEqual([true, false]);
    expect([isListboxButton(autocomplete), isAutocomplete(autocomplete)]).toEqual([false, true]);
    const [best] = rankCandidates(
      phraseOf('Select "10 / page" from the "5 / page" dropdown'),
      [searchable],
      'select',
    );
    expect(best?.candidate).toBe(searchable);
  });
});

describe('acting on the best candidate only when it is clearly ahead', () => {
  const phrase = { text: 'Time off' };
  const scored = (score: number, fields: Partial<Candidate>): Scored => ({
    score,
    candidate: candidate(fields.index ?? 0, fields),
  });

  it('fails naming both when the next different element is less than the margin behind', () => {
    const first = scored(100, { index: 0, role: 'menuitem', name: 'Time off' });
    const close = scored(100 - CLEAR_MARGIN + 1, { index: 1, role: 'button', name: 'Time off requests' });
    expect(findTie([first, close], phrase, 'click')).toEqual([first, close]);
    const far = scored(100 - CLEAR_MARGIN, { index: 1, role: 'button', name: 'Time off requests' });
    expect(findTie([first, far], phrase, 'click')).toBeNull();
  });

  it('takes an element and the text inside it saying the same words for one target', () => {
    const item = scored(110, {
      index: 0,
      role: 'menuitem',
      name: 'Time off',
      box: { x: 0, y: 100, width: 200, height: 40 },
    });
    const label = scored(108, {
      index: 1,
      role: 'generic',
      tag: 'span',
      text: 'Time off',
      box: { x: 20, y: 110, width: 60, height: 20 },
    });
    expect(findTie([item, label], phrase, 'click')).toBeNull();
    // The same words elsewhere on the page are another element.
    const elsewhere = scored(108, {
      ...label.candidate,
      index: 2,
      box: { x: 400, y: 10, width: 60, height: 20 },
    });
    expect(findTie([item, elsewhere], phrase, 'click')).toEqual([item, elsewhere]);
  });
});
