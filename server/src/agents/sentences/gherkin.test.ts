import { parseSentence } from '../parse';
import { gherkinClauses, withoutFirstPerson } from './gherkin';

describe('gherkinClauses', () => {
  it('splits a Gherkin sentence at its keywords and drops them', () => {
    expect(gherkinClauses('Given I am on the invoices page When I click Export Then I see ⟦0⟧')).toEqual([
      'Go to the invoices page',
      'I click Export',
      'I see ⟦0⟧',
    ]);
    expect(gherkinClauses('And the basket total reads ⟦0⟧')).toEqual(['the basket total reads ⟦0⟧']);
  });

  it('keeps a "When …," leading clause whole and splits the writer\'s check off a bare "When"', () => {
    expect(gherkinClauses('When I pick Express, a delivery date appears')).toEqual([
      'When I pick Express, a delivery date appears',
    ]);
    expect(gherkinClauses('When I filter by ⟦0⟧ I expect three shops')).toEqual([
      'I filter by ⟦0⟧',
      'I expect three shops',
    ]);
  });

  it('leaves other sentences alone, "and" and "when" inside them included', () => {
    expect(gherkinClauses('Click Save and wait when the dialog closes')).toEqual([
      'Click Save and wait when the dialog closes',
    ]);
  });
});

describe('withoutFirstPerson', () => {
  it("drops the writer's 'I' before an order, not before a check or a state", () => {
    expect(withoutFirstPerson('I type nuts in the filter box')).toBe('type nuts in the filter box');
    expect(withoutFirstPerson('we archive the invoice')).toBe('archive the invoice');
    expect(withoutFirstPerson('I should see ⟦0⟧')).toBe('I should see ⟦0⟧');
    expect(withoutFirstPerson('I am on the invoices page')).toBe('I am on the invoices page');
    expect(withoutFirstPerson('I get ⟦0⟧')).toBe('I see ⟦0⟧');
  });
});

describe('Gherkin through the parse entry', () => {
  it('answers one step per clause', () => {
    expect(
      parseSentence(
        'Given I am on the invoices page And I enter "ACME" as customer When I click Export Then I get "Export started"',
      ),
    ).toEqual({
      sentence:
        'Given I am on the invoices page And I enter "ACME" as customer When I click Export Then I get "Export started"',
      steps: [
        { action: 'navigate', target: 'the invoices page' },
        { action: 'fill', target: 'customer', value: 'ACME' },
        { action: 'click', target: 'Export' },
        { action: 'assert_text', value: 'Export started' },
      ],
    });
  });
});

describe('Gherkin clauses ending in a comma, and verbs read as nouns after I', () => {
  it('drops the keyword and the comma when the next keyword starts the main clause', () => {
    expect(gherkinClauses('When I pick "Other" as the topic, Then a Details box appears')).toEqual([
      'I pick "Other" as the topic',
      'a Details box appears',
    ]);
  });

  it("reads the word after 'I' as the writer's verb", () => {
    expect(withoutFirstPerson('I start Chapter 2')).toBe('start Chapter 2');
    expect(withoutFirstPerson('I am on the home page')).toBe('I am on the home page');
  });
});
