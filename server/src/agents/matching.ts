import { type Candidate } from '../runner';
import { type Phrase, type RoleHint } from './intent';

// How well words name an element of the page: the rules coder's judgement, deterministic.

export const MATCH_THRESHOLD = 50;

export function normalizeWords(text: string | null | undefined): string {
  return (text ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}$%.]+/gu, ' ')
    .replace(/(^|\s)\.+|\.+(\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('es') && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function tokens(text: string): string[] {
  return text ? text.split(' ').map(stem) : [];
}

/** 0..100: how well `phrase` names a text of the element. */
export function similarity(phrase: string, field: string | null | undefined): number {
  const p = normalizeWords(phrase);
  const f = normalizeWords(field);
  if (!p || !f) return 0;
  if (p === f) return 100;
  const stemmedP = tokens(p).join(' ');
  const stemmedF = tokens(f).join(' ');
  if (stemmedP === stemmedF) return 97;
  if (stemmedF.startsWith(`${stemmedP} `) || stemmedF.endsWith(` ${stemmedP}`)) return 90;
  if (` ${stemmedF} `.includes(` ${stemmedP} `)) return 85;
  if (` ${stemmedP} `.includes(` ${stemmedF} `)) return 60 + 25 * (stemmedF.length / stemmedP.length);
  const wordsP = new Set(tokens(p));
  const wordsF = new Set(tokens(f));
  let overlap = 0;
  for (const word of wordsP) if (wordsF.has(word)) overlap++;
  if (overlap === 0) return 0;
  const recall = overlap / wordsP.size;
  const precision = overlap / wordsF.size;
  return 70 * ((2 * recall * precision) / (recall + precision));
}

const EDITABLE_ROLES = new Set(['textbox', 'searchbox', 'spinbutton', 'combobox']);
const CHECKABLE_ROLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

export function isEditable(candidate: Candidate): boolean {
  return candidate.editable || (EDITABLE_ROLES.has(candidate.role) && candidate.tag !== 'select');
}

export function isCheckable(candidate: Candidate): boolean {
  return CHECKABLE_ROLES.has(candidate.role);
}

export function isSelect(candidate: Candidate): boolean {
  return candidate.tag === 'select' || candidate.role === 'listbox';
}

export type Purpose = 'click' | 'fill' | 'select' | 'check' | 'clear' | 'hover' | 'read' | 'press';

/** Whether the element can take the action at all. */
export function suits(candidate: Candidate, purpose: Purpose): boolean {
  switch (purpose) {
    case 'fill':
      return isEditable(candidate) || isSelect(candidate);
    case 'select':
      return isSelect(candidate) || isEditable(candidate);
    case 'check':
      return isCheckable(candidate);
    case 'clear':
      return isEditable(candidate) || isCheckable(candidate);
    case 'press':
      return !['list', 'listitem', 'heading', 'status', 'alert', 'paragraph'].includes(candidate.role);
    case 'click':
    case 'hover':
      return (
        !['list', 'status', 'alert', 'paragraph', 'definition', 'term'].includes(candidate.role) ||
        Boolean(candidate.testId)
      );
    case 'read':
      return true;
  }
}

const ROLE_FAMILY: Record<RoleHint, string[]> = {
  button: ['button'],
  link: ['link'],
  textbox: ['textbox', 'searchbox', 'spinbutton', 'combobox'],
  searchbox: ['searchbox', 'textbox', 'combobox'],
  checkbox: ['checkbox', 'switch'],
  radio: ['radio'],
  combobox: ['combobox', 'listbox'],
  heading: ['heading'],
  tab: ['tab'],
  img: ['img'],
  list: ['list'],
  listitem: ['listitem'],
  menuitem: ['menuitem', 'menuitemcheckbox', 'menuitemradio'],
  option: ['option', 'radio'],
};

function roleScore(hint: RoleHint | undefined, candidate: Candidate): number {
  if (!hint) return 0;
  const family = ROLE_FAMILY[hint];
  if (family[0] === candidate.role) return 10;
  if (family.includes(candidate.role)) return 5;
  // Links styled as buttons and buttons styled as links are everyday: a small step down only.
  if ((hint === 'button' && candidate.role === 'link') || (hint === 'link' && candidate.role === 'button'))
    return -5;
  if (hint === 'listitem' && candidate.testId) return 0;
  return -30;
}

function fieldsOf(candidate: Candidate): { text: string | null; weight: number }[] {
  return [
    { text: candidate.name, weight: 1 },
    { text: candidate.label, weight: 1 },
    { text: candidate.placeholder, weight: 0.95 },
    { text: candidate.editable ? null : candidate.text, weight: 0.95 },
    { text: candidate.testId?.replace(/[-_]+/g, ' ') ?? null, weight: 0.9 },
    {
      text: candidate.nameAttr?.replace(/[-_]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2') ?? null,
      weight: 0.8,
    },
    { text: candidate.id?.replace(/[-_]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2') ?? null, weight: 0.75 },
  ];
}

const FIELD_ROLES = new Set<RoleHint>(['textbox', 'searchbox', 'combobox']);

export interface Scored {
  candidate: Candidate;
  score: number;
}

/** Scores one candidate for a phrase and a purpose; -Infinity when it cannot serve. */
export function scoreCandidate(phrase: Phrase, candidate: Candidate, purpose: Purpose): number {
  if (!suits(candidate, purpose)) return -Infinity;
  let score: number;
  if (phrase.submit) {
    score = candidate.role === 'button' && candidate.type === 'submit' ? 85 : -Infinity;
  } else if (!phrase.text) {
    // Only a role ('the text field', 'the first checkbox'): any element of that role.
    if (!phrase.role || !ROLE_FAMILY[phrase.role].includes(candidate.role)) return -Infinity;
    score = 60;
  } else {
    const names = [phrase.text, ...(phrase.alternatives ?? [])];
    score = 0;
    names.forEach((name, index) => {
      for (const field of fieldsOf(candidate)) {
        const value = similarity(name, field.text) * field.weight * (index === 0 ? 1 : 0.95);
        if (value > score) score = value;
      }
    });
    if (score === 0) return -Infinity;
  }
  score += roleScore(phrase.role, candidate);
  if (phrase.context) {
    const context = normalizeWords(phrase.context);
    const around = normalizeWords(`${candidate.name} ${candidate.container ?? ''}`);
    if (context && ` ${around} `.includes(` ${context} `)) score += 15;
    else if (similarity(context, around) > 30) score += 5;
    else score -= 20;
  }
  if (!candidate.visible) score -= 40;
  if (candidate.disabled && purpose !== 'read') score -= 10;
  return score;
}

/**
 * The candidates a phrase may mean, best first; the phrase's ordinal picks among the near-best in
 * document order ('the second Add to cart button').
 */
export function rankCandidates(phrase: Phrase, candidates: Candidate[], purpose: Purpose): Scored[] {
  const scored = candidates
    .map((candidate) => ({ candidate, score: scoreCandidate(phrase, candidate, purpose) }))
    .filter((entry) => entry.score >= MATCH_THRESHOLD)
    .sort((a, b) => b.score - a.score || a.candidate.index - b.candidate.index);
  if (scored.length === 0) {
    // The only field of its kind is what the words must mean ('the new item field'); never for buttons
    // or links, where that would press something the person did not name.
    if (phrase.role && phrase.text && FIELD_ROLES.has(phrase.role)) {
      const ofRole = candidates.filter(
        (candidate) =>
          candidate.visible &&
          ROLE_FAMILY[phrase.role!].includes(candidate.role) &&
          suits(candidate, purpose),
      );
      if (ofRole.length === 1) return [{ candidate: ofRole[0], score: MATCH_THRESHOLD }];
    }
    return [];
  }
  if (phrase.ordinal === undefined) return scored;
  const top = scored[0].score;
  const peers = scored
    .filter((entry) => entry.score >= top - 8)
    .sort((a, b) => a.candidate.index - b.candidate.index);
  const chosen = phrase.ordinal === -1 ? peers[peers.length - 1] : peers[phrase.ordinal - 1];
  if (!chosen) return [];
  return [chosen, ...scored.filter((entry) => entry !== chosen && !peers.includes(entry))];
}

/** The names closest to a phrase, for a message that helps a person rephrase. */
export function closestNames(phrase: Phrase, candidates: Candidate[], limit = 5): string[] {
  const seen = new Set<string>();
  return candidates
    .filter((candidate) => candidate.visible && candidate.name)
    .map((candidate) => ({
      candidate,
      score: Math.max(...fieldsOf(candidate).map((field) => similarity(phrase.text, field.text))),
    }))
    .sort((a, b) => b.score - a.score || a.candidate.index - b.candidate.index)
    .map(({ candidate }) => `${candidate.role} "${candidate.name}"`)
    .filter((name) => (seen.has(name) ? false : (seen.add(name), true)))
    .slice(0, limit);
}
