import { type Candidate, maskSecrets, type PageSnapshot } from '../../runner';
import { normalizeWords } from '../matching';

// An element's fingerprint (issue 30): what else a step's element is besides its words, recorded when
// the step is generated, so that a release renaming every word of a form ("Item name" → "New entry",
// "Add" → "Create") is still healed. It is made of the page snapshot's own candidate fields (no DOM
// dump): role, words, id, name attribute, test id, type, the regions around it (landmarks, dialog,
// form and their names), its row or item's text, and where it was on the page. The healer ranks the new
// page's elements by likeness to it and takes the best only when it is clearly ahead of the second.

export interface ElementFingerprint {
  role: string;
  tag: string;
  type: string | null;
  /** Its words then: accessible name, label, placeholder, text (for the note, and a small share of the score). */
  name: string;
  label: string | null;
  placeholder: string | null;
  text: string | null;
  id: string | null;
  nameAttr: string | null;
  testId: string | null;
  /** Words of its icon: title, classes, icon name ("trash", "pencil"). */
  iconHint: string | null;
  /** The regions around it, innermost first ('form Add a todo main'). */
  region: string | null;
  /** The text of its row, item or section, and that container's role. */
  container: string | null;
  containerRole: string | null;
  box: { x: number; y: number; width: number; height: number } | null;
  frame: string | null;
}

/** How far (CSS pixels) a candidate's box may be from the acted-on box to be that element. */
const BOX_TOLERANCE_PX = 2;

/**
 * The fingerprint of the element a step acted on: the snapshot's candidate whose box is the one the
 * step's element had just before it acted (the runner's `box` of an execution). Null when none is that
 * element (off screen, no box, or two candidates share it).
 */
export function fingerprintAt(
  snapshot: PageSnapshot | null,
  box: { x: number; y: number; width: number; height: number } | null,
  secrets: Iterable<string> = [],
): ElementFingerprint | null {
  if (!snapshot || !box) return null;
  const near = (a: number, b: number) => Math.abs(a - b) <= BOX_TOLERANCE_PX;
  const found = snapshot.candidates.filter(
    (c) =>
      c.visible &&
      c.box &&
      near(c.box.x, box.x) &&
      near(c.box.y, box.y) &&
      near(c.box.width, box.width) &&
      near(c.box.height, box.height),
  );
  // A label and its control may share a box: the control is what acts.
  const acting = found.filter((c) => c.role !== 'generic' && c.tag !== 'label');
  const [only] = acting.length === 1 ? acting : found.length === 1 ? found : [];
  return only ? fingerprintOf(only, [...secrets]) : null;
}

/** The candidate's fingerprint; a secret the page shows (in its words or its row's) is stored masked. */
export function fingerprintOf(candidate: Candidate, secrets: string[] = []): ElementFingerprint {
  const masked = <T extends string | null>(text: T): T =>
    (text && secrets.length > 0 ? maskSecrets(text, secrets) : text) as T;
  return {
    role: candidate.role,
    tag: candidate.tag,
    type: candidate.type,
    name: masked(candidate.name),
    label: masked(candidate.label),
    placeholder: masked(candidate.placeholder),
    text: masked(candidate.text),
    id: candidate.id,
    nameAttr: candidate.nameAttr,
    testId: candidate.testId,
    iconHint: candidate.iconHint,
    region: masked(candidate.region ?? null),
    container: masked(candidate.container),
    containerRole: candidate.containerRole,
    box: candidate.box,
    frame: candidate.frame,
  };
}

/** A stored fingerprint read back (the step JSON is the user's data: anything else is no fingerprint). */
export function asFingerprint(value: unknown): ElementFingerprint | null {
  if (!value || typeof value !== 'object') return null;
  const fp = value as Partial<ElementFingerprint>;
  return typeof fp.role === 'string' && typeof fp.tag === 'string' ? (value as ElementFingerprint) : null;
}

export interface FingerprintMatch {
  candidate: Candidate;
  score: number;
  /** What it still shares with the fingerprint, in plain words ('the same id', 'the same form'). */
  reasons: string[];
  /** The same id, test id or name attribute: what a person's markup calls the element. */
  identity: boolean;
  /** Its centre within SAME_PLACE_PX of where the element was. */
  samePlace: boolean;
  /** Inside a row, item or card with the very words its row had (a table rendered as cards keeps them). */
  sameItem: boolean;
}

/** A centre this near where the element was is the same place (a renamed button's centre shifts a little). */
const SAME_PLACE_PX = 24;
/** Or a box keeping its top, its height and one side edge within this much (issue 30: a label's length changed). */
const SAME_EDGE_PX = 4;

/** The best candidate needs at least this score: more than its role and a nearby place. */
export const FINGERPRINT_MIN_SCORE = 5;
/** And this much more than the second best: two alike elements are never told apart by a guess. */
export const FINGERPRINT_MARGIN = 3;

/** The words of a control that backs out rather than goes on (issue 30: a dialog's Cancel beside its Submit). */
const DISMISSING = /^(?:cancel|close|dismiss|reject|discard|back|no|not now)\b/i;

const FIELD_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/**
 * The new page's candidates ranked by likeness to the fingerprint, best first: only visible, enabled
 * elements of the same role (a field for a field) in the same frame. Each stable attribute that still
 * matches adds, one that now differs subtracts; the regions, the row's words and the place count less.
 */
export function rankByFingerprint(fp: ElementFingerprint, candidates: Candidate[]): FingerprintMatch[] {
  return candidates
    .filter(
      (c) =>
        c.visible &&
        !c.disabled &&
        c.frame === fp.frame &&
        (c.role === fp.role || (FIELD_ROLES.has(c.role) && FIELD_ROLES.has(fp.role))) &&
        c.tag === fp.tag &&
        // A control that backs out (Cancel, Close) is never what a renamed control that went on became.
        (!DISMISSING.test(c.name) || DISMISSING.test(fp.name)),
    )
    .map((candidate) => scoreOf(fp, candidate))
    .sort((a, b) => b.score - a.score || a.candidate.index - b.candidate.index);
}

/** The best match when it is good enough and clearly ahead of the second; else why not. */
export function bestByFingerprint(
  fp: ElementFingerprint,
  candidates: Candidate[],
): { ok: true; match: FingerprintMatch } | { ok: false; message: string } {
  const [best, second] = rankByFingerprint(fp, candidates);
  // Without an id, test id or name still the same, only the element in the very same place, or in the
  // row or card with the very same words, will do: a neighbour that moved up into a removed field's
  // place is another field, never a guess.
  if (!best || best.score < FINGERPRINT_MIN_SCORE || !(best.identity || best.samePlace || best.sameItem))
    return { ok: false, message: 'no element on the page is enough like the one it acted on.' };
  if (second && best.score - second.score < FINGERPRINT_MARGIN)
    return {
      ok: false,
      message: `${wordsOf(best.candidate)} and ${wordsOf(second.candidate)} are equally like the element it acted on.`,
    };
  return { ok: true, match: best };
}

function scoreOf(fp: ElementFingerprint, c: Candidate): FingerprintMatch {
  let score = 0;
  let identity = false;
  let samePlace = false;
  const reasons: string[] = [];
  // An attribute both have: the same value counts for much, another value against.
  const attribute = (then: string | null, now: string | null, same: number, other: number, why: string) => {
    if (!then || !now) return;
    if (then === now) {
      score += same;
      identity = true;
      reasons.push(why);
    } else score -= other;
  };
  // An id a component library made up (React's useId, MUI's, Ant Design's, Mantine's) is a counter of
  // what mounted before it, not the person's name for the element: it counts neither way.
  if (!generatedId(fp.id) && !generatedId(c.id)) attribute(fp.id, c.id, 5, 3, 'the same id');
  attribute(fp.testId, c.testId, 5, 3, 'the same test id');
  attribute(fp.nameAttr, c.nameAttr, 3, 2, 'the same name');
  if (fp.type && c.type) {
    if (fp.type === c.type) score += 1;
    else score -= 2;
  }
  // An icon-only control's icon (its class or glyph name: 'pencil', 'trash') is what it is: the same
  // icon counts as much as a name, another one against it.
  const icon = iconWords(fp.iconHint);
  const iconNow = iconWords(c.iconHint);
  if (icon && iconNow) {
    if (icon === iconNow) {
      score += 3;
      reasons.push('the same icon');
    } else score -= 2;
  } else score += overlap(fp.iconHint, c.iconHint);
  // A button or link with words of its own is not an icon-only one, nor the other way round (issue 30:
  // a renamed "New order" is never the icon button beside it).
  if (fp.role === 'button' || fp.role === 'link') {
    const had = Boolean(fp.text?.trim());
    const has = Boolean(c.text?.trim());
    if (had && has) score += 1;
    else if (had !== has) score -= 2;
  }
  // The same path of regions (a form in the main landmark) counts even when their names changed too.
  const path = regionKinds(fp.region);
  if (path && path === regionKinds(c.region)) {
    score += 2;
    if (/\bform\b/.test(path)) reasons.push('the same form');
  }
  score += overlap(fp.region, c.region);
  if (fp.containerRole && fp.containerRole === c.containerRole) score += 0.5;
  score += 2 * overlap(fp.container, c.container);
  // The same row's words, all of them, wherever the row now is (a card, a list item).
  const sameItem =
    Boolean(fp.containerRole && c.containerRole) &&
    normalizeWords(fp.container) !== '' &&
    normalizeWords(fp.container) === normalizeWords(c.container);
  if (sameItem) {
    score += 2;
    reasons.push(`the same ${fp.containerRole === 'listitem' ? 'item' : fp.containerRole}'s words`);
  }
  // Its words, though they changed, may keep some ('Email' → 'Work email').
  score += 2 * overlap(`${fp.name} ${fp.label ?? ''} ${fp.placeholder ?? ''}`, `${c.name} ${c.label ?? ''}`);
  if (fp.box && c.box) {
    const distance = Math.hypot(
      fp.box.x + fp.box.width / 2 - (c.box.x + c.box.width / 2),
      fp.box.y + fp.box.height / 2 - (c.box.y + c.box.height / 2),
    );
    // A renamed button keeps the edge its row lays it out from (a label grown or shrunk moves its
    // centre by half the change): the same top and height, and the same left or right edge.
    const edge = (a: number, b: number) => Math.abs(a - b) <= SAME_EDGE_PX;
    const anchored =
      edge(fp.box.y, c.box.y) &&
      edge(fp.box.height, c.box.height) &&
      (edge(fp.box.x, c.box.x) || edge(fp.box.x + fp.box.width, c.box.x + c.box.width));
    samePlace = distance <= SAME_PLACE_PX || anchored;
    // The very same box (a field whose label alone changed, in a layout that did not): more than near.
    const sameBox =
      edge(fp.box.x, c.box.x) &&
      edge(fp.box.y, c.box.y) &&
      edge(fp.box.width, c.box.width) &&
      edge(fp.box.height, c.box.height);
    if (sameBox) score += 2.5;
    score += samePlace ? 2 : distance <= 160 ? 1 : 0;
    if (samePlace) reasons.push('the same place');
    const wide = Math.min(fp.box.width, c.box.width) / Math.max(fp.box.width, c.box.width, 1);
    const tall = Math.min(fp.box.height, c.box.height) / Math.max(fp.box.height, c.box.height, 1);
    if (wide > 0.6 && tall > 0.8) score += 1;
  }
  return { candidate: c, score, reasons, identity, samePlace, sameItem };
}

/** Ids a framework generates by mount order (issue 30): `:r5:`, `_r_m_`, `«r1»`, `mui-12`, `rc_select_0`, `mantine-r4`. */
const GENERATED_ID =
  /^(?::r[0-9a-z]+:|_r_[0-9a-z]+_|«r[0-9a-z]+»|mui-\d+|rc_[a-z]+_\d+|mantine-[0-9a-z]+|radix-[:_0-9a-z«»]+|headlessui-[a-z-]+-[:_0-9a-z«»]+)$/i;

export function generatedId(id: string | null): boolean {
  return Boolean(id && GENERATED_ID.test(id));
}

/** The kind words of regions ('form main'), without their names. */
const REGION_KINDS = new Set([
  'dialog',
  'navigation',
  'header',
  'footer',
  'sidebar',
  'menu',
  'form',
  'main',
  'region',
  'search',
  'left',
  'right',
]);

/** Words of an icon class that say only that it is one ('icon-button icon-pencil' → 'pencil'). */
const GENERIC_ICON_WORDS = new Set([
  'icon',
  'icons',
  'button',
  'btn',
  'svg',
  'glyph',
  'fa',
  'mat',
  'material',
]);

/** An icon hint's own words, sorted ('pencil'), or '' when it says nothing but 'icon'. */
function iconWords(hint: string | null | undefined): string {
  return [...new Set(normalizeWords(hint).split(' '))]
    .filter((word) => word && !GENERIC_ICON_WORDS.has(word))
    .sort()
    .join(' ');
}

function regionKinds(region: string | null | undefined): string {
  return normalizeWords(region)
    .split(' ')
    .filter((word) => REGION_KINDS.has(word))
    .join(' ');
}

/** The share (0–1) of words two texts have in common (of the shorter one's words). */
function overlap(a: string | null | undefined, b: string | null | undefined): number {
  const left = new Set(normalizeWords(a).split(' ').filter(Boolean));
  const right = new Set(normalizeWords(b).split(' ').filter(Boolean));
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return shared / Math.min(left.size, right.size);
}

function wordsOf(c: Candidate): string {
  const words = c.name || c.label || c.placeholder || c.text;
  return words ? `"${words}"` : `a ${c.role}`;
}

/** Its words then, the ones a person read ('Item name'). */
export function fingerprintWords(fp: ElementFingerprint): string | null {
  return fp.name || fp.label || fp.placeholder || fp.text || null;
}
