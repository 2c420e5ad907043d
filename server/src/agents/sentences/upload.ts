// File uploads (issue 32): one of the project's files into a file field.
//   'Upload sample.pdf to the "Attachment" field', 'Attach "sample.csv"', 'Upload the file sample.png'
//   'Upload sample.csv with the "Add a receipt" button', 'Choose "sample.txt" in the Résumé field'
// Read on the raw sentence (quotes kept). A file is a name with an extension, or in quotes.
import { cleaned } from './stepText';

export interface UploadSentence {
  /** The file's name: 'sample.pdf'. */
  file: string;
  /** The words naming the field or button ('Attachment'); null: the page's file field. */
  field: string | null;
}

const FILE = String.raw`(?:"([^"]+)"|'([^']+)'|([\w{}][\w.{}\-]*\.[A-Za-z0-9]{1,5}))`;
const UPLOAD = new RegExp(
  String.raw`^(?:please\s+)?(?:upload|attach|choose|select|pick|add)\s+(?:the\s+|a\s+)?(?:file\s+|document\s+|image\s+)?${FILE}(?:\s+(?:file|document|image))?(?:\s+(?:to|into|in|on|as|for|using|with|via|through)\s+(.+?))?$`,
  'i',
);

/** The field's words: its quoted text, else its words without 'the … field'. */
function fieldWords(raw: string): string {
  const quoted = /"([^"]+)"/.exec(raw);
  if (quoted) return quoted[1].trim();
  return raw
    .replace(/^(?:the|a|an)\s+/i, '')
    .replace(/\s+(?:field|input|box|button|upload|area|zone|drop\s+zone)$/i, '')
    .trim();
}

/** The upload a sentence asks for, or null when it names no file to upload. */
export function uploadSentence(sentence: string): UploadSentence | null {
  const text = cleaned(sentence);
  const m = UPLOAD.exec(text);
  if (!m) return null;
  const file = (m[1] ?? m[2] ?? m[3]).trim();
  // 'Select "Express" in the Shipping list' is a choice, not a file: a file has an extension.
  if (!/\.[A-Za-z0-9]{1,5}$/.test(file)) return null;
  // 'Add milk.js to the cart'? Only upload and attach may name a file without a field.
  if (!/^(?:please\s+)?(?:upload|attach)\b/i.test(text) && !m[4]) return null;
  return { file, field: m[4] ? fieldWords(m[4]) || null : null };
}
