import { leadingClause, terms } from './clauses';

// Gherkin and first-person steps (issue 29): 'Given I am on the sign-up page And I enter ⟦0⟧ as username
// When I click Check availability Then I see ⟦1⟧' is four steps; the keywords and the 'I' of the writer
// are not steps ('When I sort files by size' is 'Sort files by size'). A 'Given' that names a page is
// going there. Quoted values arrive as ⟦n⟧ tokens.

const KEYWORD = /^(?:given|when|then|and|but)\b\s*/i;
const INNER_CHECK = /\s+(?=(?:I|we)\s+(?:expect|should|see|get|can see)\b)/i;
// A keyword inside a sentence starts a clause only when written as Gherkin writes it: capitalised.
const INNER_KEYWORD = /\s+(?=(?:Given|When|Then|And|But)\s)/;

/**
 * The Gherkin clauses of a sentence, keywords dropped ('When' kept before a comma: 'When I choose X, a
 * grid appears' is a leading clause read elsewhere). A sentence without a Gherkin keyword is returned
 * whole.
 */
export function gherkinClauses(sentence: string): string[] {
  const text = sentence.trim();
  const starts = KEYWORD.test(text) && /^(?:Given|When|Then|And|But)\b/i.test(text);
  if (!starts && !/\sThen\s/.test(text)) return [sentence];
  return (
    text
      .split(INNER_KEYWORD)
      // 'When I search for ⟦0⟧ I expect the Briggate store at the top': the writer's check starts a clause.
      .flatMap((clause) =>
        /^when\b/i.test(clause) && !clause.includes(',') ? clause.split(INNER_CHECK) : [clause],
      )
      .map((clause) => clause.trim())
      .filter(Boolean)
      .map((clause) =>
        // 'When I choose X, Then …': the comma ends the clause, no main clause follows it here; 'When the
        // list loads the total should …' is a leading clause without its comma.
        /^when\b/i.test(clause) && (/,\s*\S/.test(clause) || leadingClause(clause))
          ? clause
          : clause.replace(KEYWORD, '').replace(/\s*,$/, '').trim(),
      )
      .map(givenPage)
      .filter(Boolean)
  );
}

/** 'I am on the sign-up page', "I'm on the board page": going there. */
function givenPage(clause: string): string {
  const page = /^(?:i am|i'm|we are|we're|the user is)\s+(?:on|at)\s+(.+?\s+(?:page|screen))$/i.exec(clause);
  return page ? `Go to ${page[1]}` : clause;
}

// Verbs after 'I' that are no order of the writer's: a check ('I see', 'I should'), a state ('I am').
const NOT_ORDERS =
  /^(?:see|should|must|can|could|will|would|am|'m|was|have|had|get|expect|want|need|think)$/i;

/**
 * 'I click Save', 'we enter ⟦0⟧ as username': the writer's own action as an order ('click Save'). Any
 * other sentence is returned as it is.
 */
export function withoutFirstPerson(clause: string): string {
  // 'I get ⟦0⟧': the words the page shows.
  const gets = /^(?:i|we)\s+(?:get|receive)\s+(?:an?\s+(?:error|message)\s+)?(⟦\d+⟧)$/i.exec(clause.trim());
  if (gets) return `I see ${gets[1]}`;
  const match = /^(?:i|we)\s+(?:then\s+|now\s+|also\s+)?(\S+)(.*)$/i.exec(clause.trim());
  if (!match || NOT_ORDERS.test(match[1])) return clause;
  // The tagger reads the word after 'I' best in the whole clause ('I type acme in the box').
  const verb = terms(clause.trim()).find((term) => term.text.toLowerCase() === match[1].toLowerCase());
  // Right after 'I', a word the tagger reads as a singular noun is the verb ('I start Lesson 1').
  const isVerb = verb && (verb.tags.has('Verb') || (verb.tags.has('Singular') && /^[a-z]+$/.test(verb.text)));
  if (!verb || !isVerb || verb.tags.has('Modal') || verb.tags.has('Copula')) return clause;
  return `${match[1]}${match[2]}`;
}
