import { quote } from '../grammar';
import { isStatement } from './negation';

// A field and its value written as a label line (issue 29): 'Email: ada@example.com', 'Set Country:
// France', 'Quantity = 3', 'Set Priority → High'. It is one step, setting the field to the value (a
// fill, which the coder turns into a choice when the field is a list). A bare arrow without 'set'
// stays a path of clicks ('Billing → Invoices'); a colon before a step is a place ('Seat map: pick …').
// Quoted values arrive as ⟦n⟧ tokens.

// Words that start a step, a note or a Gherkin clause: what follows their colon is not a value.
const NOT_A_LABEL =
  /^(?:click|tap|press|hit|open|go|navigate|select|choose|pick|type|enter|fill|check|uncheck|tick|untick|expand|collapse|hover|wait|verify|confirm|ensure|expect|scroll|drag|upload|save|submit|close|search|sort|filter|add|remove|delete|invite|send|log|sign|take|match|complete|step|note|then|and|given|when|but|result|expected|i|we|you|it|they|only)\b/i;
// A label says what a field holds: no state word ('Unticked: …'), no clause.
const STATE_LABEL =
  /^(?:(?:un)?(?:ticked|checked|selected|enabled|disabled|visible|hidden|shown|required|optional|highlighted|expanded|collapsed)|(?:greyed|grayed) out|read-?only|active|inactive|open|closed|on|off|error|warning|success|message|title|heading|url|toast|alert)$/i;
const CLAUSE_WORD = /\b(?:is|are|was|were|should|must|shows?|reads?|says?|for|with|from|of|by)\b/i;
// A step verb opening the value: the line is a place and its step, not a value.
const VALUE_STEP =
  /^(?:click|tap|press|hit|open|go|navigate|select|choose|pick|type|enter|fill|check|uncheck|tick|untick|expand|collapse|hover|wait|verify|confirm|ensure|scroll|drag|upload|approve|revoke|answer|write|leave)\b/i;

/** 'Set Country: France' → 'Set Country to "France"'; null when the line is not a label and its value. */
export function labelValueStep(text: string): string | null {
  const m =
    /^(?:(set|change|update|make)\s+)?(?:the\s+)?([A-Za-z⟦][^:=→>]{0,40}?)\s*(:|=|→|->|=>)\s+(\S.*?)[.!]?$/i.exec(
      text.trim(),
    );
  if (!m) return null;
  const [, verb, label, mark, value] = m;
  // Only 'set' makes an arrow a value; 'Billing → Invoices' is a path.
  if (!verb && mark !== ':' && mark !== '=') return null;
  const words = label.trim().split(/\s+/);
  if (words.length > 4 || NOT_A_LABEL.test(label) || STATE_LABEL.test(label) || CLAUSE_WORD.test(label))
    return null;
  // The value is a value: short, no step or statement of its own, no second pair or list.
  if (value.split(/\s+/).length > 6 || VALUE_STEP.test(value) || isStatement(value)) return null;
  if (/[:=→]|->|,\s|\s(?:and|then)\s/i.test(value)) return null;
  if (STATEMENT_VERB.test(value)) return null;
  const written = /^⟦\d+⟧$/.test(value) ? value : quote(value);
  const name = label.trim();
  // A few words that are no typed text ('Business', 'High') are a choice in a list; the coder types
  // instead when the field turns out to be a text box, as it chooses when a typed field is a list.
  return TYPED_FIELD.test(name) || TYPED_VALUE.test(value) || value.split(/\s+/).length > 3
    ? `Type ${written} into the ${name} field`
    : `Select ${written} from the ${name} dropdown`;
}

// '… : follower count reads 1.2K': a check, not a value.
const STATEMENT_VERB = /\b(?:is|are|reads?|shows?|says?|displays?|contains?|should|must|appears?)\b/i;
// Fields that hold typed text, whatever their value looks like.
const TYPED_FIELD =
  /\b(?:name|e-?mail|phone|mobile|address|street|city|town|postcode|zip|title|subject|message|notes?|comments?|description|reason|password|code|search|query|username|login|text|body|bio|company|reference|amount|price|quantity|age|date|time|url|website)$/i;
// Values that are typed: digits, an address, symbols, a quoted token.
const TYPED_VALUE = /[\d@/+#&%£$€]|^⟦/;
