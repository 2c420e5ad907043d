import { parseStep } from '../grammar';
import { PARSE_WEBSITE, parseSentence, parseSentences } from '.';

describe('parseSentences', () => {
  it('answers each sentence with its steps in the corpus vocabulary', () => {
    const [first, second] = parseSentences([
      'Type "ada@example.com" into the Email field, then click Sign in',
      'Verify the page shows "Welcome"',
    ]);
    expect(first).toEqual({
      sentence: 'Type "ada@example.com" into the Email field, then click Sign in',
      steps: [
        { action: 'fill', target: 'Email', value: 'ada@example.com' },
        { action: 'click', target: 'Sign in' },
      ],
    });
    expect(second).toMatchObject({ steps: [{ action: 'assert_text', value: 'Welcome' }] });
  });

  it('refuses a sentence the generator would refuse, with its reason', () => {
    const reading = parseSentence('Make sure everything works');
    expect(reading).toMatchObject({ sentence: 'Make sure everything works' });
    expect('refused' in reading && reading.refused).toMatch(/\w/);
    expect(parseSentence('   ')).toMatchObject({ refused: expect.stringMatching(/empty/) });
  });

  it('reads a log-in with both values as one log-in', () => {
    expect(parseSentence('Sign in as "ops" with password "s3cret"')).toMatchObject({
      steps: [{ action: 'login', value: { username: 'ops', password: 's3cret' } }],
    });
  });

  it('reads module calls', () => {
    expect(parseSentence('Use the "Sign in as admin" module')).toMatchObject({
      steps: [{ action: 'use_module', target: 'Sign in as admin' }],
    });
  });

  it('splits at "and" before a lower-case verb, never inside a capitalised label or a field list', () => {
    expect(parseSentence('Open the Billing panel and archive the oldest invoice')).toMatchObject({
      steps: [{ action: 'expand' }, { action: 'click', target: 'Archive the oldest invoice' }],
    });
    expect(parseSentence('Click Save and Close')).toMatchObject({
      steps: [{ action: 'click', target: 'Save and Close' }],
    });
    expect(parseSentence('Add a new supplier: name = Brick Co, sort code = 11-22-33')).toMatchObject({
      steps: [
        { action: 'click' },
        { action: 'fill', target: 'name', value: 'Brick Co' },
        { action: 'fill', target: 'sort code', value: '11-22-33' },
      ],
    });
  });

  it('reads a bare search query and a field named before a colon', () => {
    expect(parseSentence('Search for SW1A 1AA')).toMatchObject({
      steps: [
        { action: 'fill', target: 'search', value: 'SW1A 1AA' },
        { action: 'press_key', value: 'Enter' },
      ],
    });
    // A clause after the query is not part of it.
    const clause = parseSentence('Search for parks without leaving the map');
    expect(JSON.stringify('steps' in clause ? clause.steps : [])).not.toContain('without leaving');
    expect(parseSentence('Enter the voucher code from the letter: 12AB34')).toMatchObject({
      steps: [{ action: 'fill', value: '12AB34' }],
    });
  });

  it('reads a sort as the column and the direction said, clicked on its header', () => {
    expect(parseSentence('Sort by Due date descending')).toMatchObject({
      steps: [{ action: 'sort', target: 'Due date', value: 'descending' }],
    });
    expect(parseSentence('Sort the Amount column')).toMatchObject({
      steps: [{ action: 'sort', target: 'Amount column' }],
    });
  });

  it('reads the address and the title the way people name them', () => {
    expect(parseSentence("I'm taken to my orders page (/orders/mine)")).toMatchObject({
      steps: [{ action: 'assert_url', value: '/orders/mine' }],
    });
    expect(parseSentence('The address bar shows /reports/2025')).toMatchObject({
      steps: [{ action: 'assert_url', value: '/reports/2025' }],
    });
    expect(parseSentence("The new tab's URL contains docs.example.org")).toMatchObject({
      steps: [{ action: 'assert_url', value: 'docs.example.org' }],
    });
    expect(parseSentence('The browser tab should say (3) Inbox')).toMatchObject({
      steps: [{ action: 'assert_title', value: '(3) Inbox' }],
    });
  });

  it('reads widget verbs the runner does not act on yet, and a new window after a click', () => {
    expect(
      parseSentence('Click Export — it opens in a new window. Its title should be Report'),
    ).toMatchObject({
      steps: [
        { action: 'click', target: 'Export' },
        { action: 'switch_tab', value: 'new' },
        { action: 'assert_title', value: 'Report' },
      ],
    });
    expect(parseSentence('Upload plan.pdf to the Drafts folder, then drag it onto Final')).toMatchObject({
      steps: [
        { action: 'upload_file', value: 'plan.pdf' },
        { action: 'drag_to', value: 'Final' },
      ],
    });
  });

  it('repeats a step said twice or three times', () => {
    expect(parseSentence('Tap the arrow beside Kids twice')).toMatchObject({
      steps: [{ action: 'click' }, { action: 'click' }],
    });
    expect(parseSentence('Hit Tab three times')).toMatchObject({
      steps: [
        { action: 'press_key', value: 'Tab' },
        { action: 'press_key', value: 'Tab' },
        { action: 'press_key', value: 'Tab' },
      ],
    });
  });

  it('reads a log-in as a persona for the parse, and the grammar asks for the credentials', () => {
    expect(parseSentence('Sign in as the store manager, then open Reports')).toMatchObject({
      steps: [
        { action: 'login', target: 'the store manager' },
        { action: 'click', target: 'Reports' },
      ],
    });
    expect(parseStep('Sign in as the store manager', PARSE_WEBSITE)).toMatchObject({
      ok: false,
      hint: expect.stringMatching(/store manager signs in/),
    });
  });

  it('reads "should then" and "should now" as the check itself', () => {
    expect(parseSentence('Pick French; the title bar should then read Paramètres')).toMatchObject({
      steps: [{}, { action: 'assert_text', value: 'Paramètres' }],
    });
  });

  it('reads order checks and facet filters for the parse', () => {
    expect(
      parseSentence('Filter by size: S and M, then verify the items are sorted by price, lowest first'),
    ).toMatchObject({
      steps: [
        { action: 'filter', target: 'size', value: 'S' },
        { action: 'filter', target: 'size', value: 'M' },
        { action: 'assert_order', target: 'items', value: 'ascending', where: 'by price' },
      ],
    });
  });

  it('reads a change of a list from one value to another as the choice of the new one', () => {
    expect(parseSentence('Change the size dropdown from S to XL')).toEqual({
      sentence: 'Change the size dropdown from S to XL',
      steps: [{ action: 'select_option', target: 'size', value: 'XL' }],
    });
  });

  it('reads a punctuation key, and a lone mark as no end of sentence', () => {
    expect(parseSentence('Pressing / shows the shortcuts panel')).toMatchObject({
      steps: [
        { action: 'press_key', value: '/' },
        { action: 'assert_visible', target: 'shortcuts panel' },
      ],
    });
    expect(parseSentence('Pressing ? opens the help')).toMatchObject({
      steps: [
        { action: 'press_key', value: '?' },
        { action: 'assert_visible', target: 'help' },
      ],
    });
  });

  it('reads a date range as its From and To fields', () => {
    expect(parseSentence('Show invoices from 01/02/2026 to 28/02/2026')).toMatchObject({
      steps: [
        { action: 'fill', target: 'From', value: '01/02/2026' },
        { action: 'fill', target: 'To', value: '28/02/2026' },
      ],
    });
  });
});

describe('switching a list to an option', () => {
  it("reads 'Switch the … selector to X' as the choice of X, not a click on the whole sentence", () => {
    expect(parseSentence('Switch the currency selector to Euro')).toMatchObject({
      steps: [{ action: 'select_option', target: 'currency selector', value: 'Euro' }],
    });
    expect(parseSentence('Switch the site language to Welsh')).toMatchObject({
      steps: [{ action: 'select_option', target: 'site language', value: 'Welsh' }],
    });
    expect(parseSentence('Switch to the Archive tab')).toMatchObject({
      steps: [{ action: 'click', target: 'Archive' }],
    });
  });
});
