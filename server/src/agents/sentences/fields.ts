import { terms } from './clauses';

// Several fields and their values in one sentence (issue 29): 'Fill in the shipping form: name Ada
// Lovelace, postcode SW1Y 4JH, city London', 'Enter card 4242 4242 4242 4242, exp 12/34, CVC 123',
// 'Pick size M and colour Navy', 'Create a contact with first name Ada, last name Lovelace'. Each pair
// becomes a step of its own; when any part of the list is not a field and its value, none is made, so a
// list is never filled by half. Quoted values arrive as ⟦n⟧ tokens.

export interface FieldValue {
  field: string;
  /** As written, tokens kept. */
  value: string;
}

export interface FieldList {
  /** Words before the list that are a step of their own ('Create a new contact'), or ''. */
  before: string;
  /** 'select' for pick/choose/select, else 'fill'. */
  verb: 'fill' | 'select';
  /** The form or section the sentence names ('the shipping form'), if any. */
  where?: string;
  fields: FieldValue[];
}

// A field's name: lower-case words ('first name', 'sort code'), or an acronym before a number ('CVC 123').
const KEY_WORD = /^[a-z][a-z-]*$/;
const ACRONYM = /^[A-Z]{2,5}$/;
// Words that join steps or clauses, never a field's name.
const CONNECTIVE = /^(?:then|and|or|but|to|in|on|at|from|into|the|a|an)$/i;
const SELECT_VERB = /^(?:pick|choose|select|set)$/i;

/** 'name Ada Lovelace' → name / Ada Lovelace; 'sort code = 12-34-56'; null when it is not such a pair. */
export function fieldValue(pair: string): FieldValue | null {
  const explicit = /^([A-Za-z][\w -]{0,30}?)\s*[=:]\s*(.+)$/.exec(pair.trim());
  if (explicit) return { field: explicit[1].trim(), value: explicit[2].trim() };
  const words = pair.trim().split(/\s+/);
  let k = 0;
  while (k < words.length - 1 && k < 3 && KEY_WORD.test(words[k]) && !CONNECTIVE.test(words[k])) k++;
  if (k === 0 && words.length > 1 && ACRONYM.test(words[0]) && /^[\d⟦]/.test(words[1])) k = 1;
  if (k === 0 || k === words.length) return null;
  const value = words.slice(k).join(' ');
  // A value starts as values do: a capital, a digit, a symbol or a quoted token ('hunter2' too).
  if (!/^[A-Z\d⟦@+£$€#(]/.test(value) && !/^\S*[\d@]/.test(value)) return null;
  return { field: words.slice(0, k).join(' '), value };
}

/** Words that open with an order's verb ('Create a new contact'), not a name ('Shipping details'). */
function isOrder(words: string): boolean {
  const [first] = terms(words.trim());
  return Boolean(
    first && (first.tags.has('Imperative') || (first.tags.has('Infinitive') && !first.tags.has('Noun'))),
  );
}

/** 'name X, street Y and city Z' → its pairs, or null unless every part is one (two at least). */
export function fieldValues(list: string): FieldValue[] | null {
  const parts = list
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 2) return null;
  const pairs = parts.map(fieldValue);
  return pairs.every((pair): pair is FieldValue => pair !== null) ? pairs : null;
}

/**
 * The field list a clause ends with, and what comes before it: after a colon ('Add a new payee: name =
 * ACME Ltd, …'), after a fill or pick verb ('… and fill name Tom Smith, relation Brother'), or after
 * 'with' ('Compose an email to bob@example.com with subject Hello and body ⟦0⟧').
 */
export function fieldList(clause: string): FieldList | null {
  const text = clause.trim();
  // 'Name: Ada, Email: ada@x.io': every part a label and its value.
  const labelled = fieldValues(text);
  if (
    labelled &&
    text.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).every((part) => /^[^:=]+[:=]\s*[^:=]+$/.test(part))
  )
    return { before: '', verb: 'fill', fields: labelled };
  const colon = /^(.+?):\s+(.+)$/.exec(text);
  if (colon) {
    const fields = fieldValues(colon[2]);
    if (fields) {
      const lead = /^(fill(?:\s+(?:in|out))?|enter|complete|change|update|edit|set)\s+(.+)$/i.exec(colon[1]);
      if (lead) return { before: '', verb: 'fill', where: lead[2], fields };
      // 'Shipping details: name Ada, city Leeds': the words before the colon name the form, not a step.
      if (!isOrder(colon[1])) return { before: '', verb: 'fill', where: colon[1].trim(), fields };
      return { before: colon[1], verb: 'fill', fields };
    }
    // 'Invite guests: ada@x.io, grace@y.org': several values for the one field the order names.
    const order =
      /^(?:add|invite|enter|type|fill in|put)\s+(?:the\s+|some\s+|a few\s+)?([a-z][\w -]{0,30})$/i.exec(
        colon[1].trim(),
      );
    const values = colon[2].split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((part) => part.trim());
    if (order && values.length >= 2 && values.every((part) => /^(?:⟦\d+⟧|\S*[@\d]\S*)$/.test(part)))
      return { before: '', verb: 'fill', fields: values.map((value) => ({ field: order[1].trim(), value })) };
  }
  const verbs =
    /(?:^|,?\s+(?:and|then)\s+)(fill(?:\s+(?:in|out))?|enter|type|input|pick|choose|select|set)\s+(.+)$/i;
  const verbed = verbs.exec(text);
  if (verbed) {
    const fields = fieldValues(verbed[2]);
    if (fields)
      return {
        before: text.slice(0, verbed.index),
        verb: SELECT_VERB.test(verbed[1]) ? 'select' : 'fill',
        fields,
      };
  }
  const withList = /^(.+?)\s+with\s+(.+)$/.exec(text);
  if (withList) {
    const fields = fieldValues(withList[2]);
    if (fields) return { before: withList[1], verb: 'fill', fields };
  }
  return null;
}
