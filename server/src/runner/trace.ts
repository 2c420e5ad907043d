import { readZip, writeZip } from './zip';
import { SECRET_MASK } from './values';

/** One Playwright call of a step (SPEC §3 trace entry, less the screenshot id the caller adds). */
export interface TraceCall {
  type: string;
  callId: string;
  apiName: string;
  params: Record<string, unknown>;
  /** The screencast frame nearest after the call (its name inside the zip). */
  sha1: string | null;
}

export interface ProcessedTrace {
  zip: Buffer;
  /** The calls of each tracing group, in the order the groups were opened (one group per step). */
  groups: TraceCall[][];
}

// Calls a person would recognise as the step's work; the coder's own probes (evaluate, counts) are left out.
const SHOWN = new Set([
  'goto',
  'goBack',
  'reload',
  'click',
  'dblclick',
  'fill',
  'type',
  'press',
  'selectOption',
  'check',
  'uncheck',
  'setChecked',
  'hover',
  'tap',
  'waitForSelector',
  'waitForTimeout',
  'keyboardPress',
  'keyboardType',
  'mouseWheel',
  'scrollIntoViewIfNeeded',
  'inputValue',
  'isChecked',
  'isEnabled',
  'textContent',
]);

const API_NAMES: Record<string, string> = {
  keyboardPress: 'keyboard.press',
  keyboardType: 'keyboard.type',
  mouseWheel: 'mouse.wheel',
  waitForSelector: 'locator.waitFor',
};

const BINARY = /\.(jpe?g|png|webp|gif|woff2?|ttf|otf|ico|zip|gz)$/i;

function replaceBytes(data: Buffer, needle: Buffer, replacement: Buffer): Buffer {
  if (needle.length === 0 || data.indexOf(needle) < 0) return data;
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = data.indexOf(needle); at >= 0; at = data.indexOf(needle, start)) {
    parts.push(data.subarray(start, at), replacement);
    start = at + needle.length;
  }
  parts.push(data.subarray(start));
  return Buffer.concat(parts);
}

/** Masks secret values everywhere in the trace and summarises each group's calls. */
export function processTrace(zip: Buffer, secrets: string[]): ProcessedTrace {
  const needles = [
    ...new Set(
      secrets
        .filter((secret) => secret.length > 0)
        .flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]),
    ),
  ]
    .sort((a, b) => b.length - a.length)
    .map((needle) => Buffer.from(needle, 'utf8'));
  const mask = Buffer.from(SECRET_MASK, 'utf8');
  const entries = readZip(zip).map((entry) => {
    if (BINARY.test(entry.name)) return entry;
    let data = entry.data;
    for (const needle of needles) data = replaceBytes(data, needle, mask);
    return { name: entry.name, data };
  });
  const traceFile = entries.find((entry) => entry.name === 'trace.trace');
  const groups = traceFile ? summarise(traceFile.data.toString('utf8')) : [];
  return { zip: needles.length > 0 ? writeZip(entries) : zip, groups };
}

interface TraceEvent {
  type: string;
  callId?: string;
  parentId?: string;
  class?: string;
  method?: string;
  params?: Record<string, unknown>;
  startTime?: number;
  endTime?: number;
  timestamp?: number;
  file?: string;
  sha1?: string;
}

function summarise(text: string): TraceCall[][] {
  const events: TraceEvent[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      events.push(JSON.parse(line) as TraceEvent);
    } catch {
      // A torn last line (a browser that died mid-write) loses only itself.
    }
  }
  const groupIndex = new Map<string, number>();
  const groups: TraceCall[][] = [];
  const ends = new Map<string, number>();
  for (const event of events)
    if (event.type === 'after' && event.callId) ends.set(event.callId, event.endTime ?? 0);
  const frames = events
    .filter((event) => event.type === 'screencast-frame')
    .map((event) => ({
      time: event.timestamp ?? 0,
      name: event.sha1 ?? event.file?.split('/').pop() ?? null,
    }));
  for (const event of events) {
    if (event.type !== 'before' || !event.callId) continue;
    if (event.method === 'tracingGroup') {
      // Top-level groups are steps; nested ones hold the coder's reads and stay out of the summary.
      if (event.parentId === undefined) {
        groupIndex.set(event.callId, groups.length);
        groups.push([]);
      }
      continue;
    }
    const group = event.parentId === undefined ? undefined : groupIndex.get(event.parentId);
    if (group === undefined || !event.method || !SHOWN.has(event.method)) continue;
    const end = ends.get(event.callId) ?? event.startTime ?? 0;
    const frame =
      frames.find((candidate) => candidate.time >= end) ??
      frames.filter((candidate) => candidate.time < end).pop();
    const onLocator = event.class === 'Frame' && typeof event.params?.selector === 'string';
    const params = { ...(event.params ?? {}) };
    delete params.timeout;
    groups[group].push({
      type: 'action',
      callId: event.callId,
      apiName: API_NAMES[event.method] ?? `${onLocator ? 'locator' : 'page'}.${event.method}`,
      params,
      sha1: frame?.name ?? null,
    });
  }
  return groups;
}
