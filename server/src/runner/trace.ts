import { readZip, writeZip } from '../lib/zip';
import { maskSecretBytes, SECRET_MASK } from './values';

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

/**
 * Masks every written form of the secret values in the trace (calls' parameters, console messages,
 * page titles, DOM snapshots, network entries with their URLs and headers, text resources) and
 * summarises each group's calls. Credentials in network entries are left out whole (a page may
 * encode a secret into them). Images and fonts are left whole: a screenshot's pixels are masked
 * when it is taken, and the screencast is off while secrets are in use.
 */
export function processTrace(zip: Buffer, secrets: string[]): ProcessedTrace {
  const active = secrets.some((secret) => secret.length > 0);
  const entries = readZip(zip).map((entry) => {
    if (!active || BINARY.test(entry.name)) return entry;
    const data = entry.name === 'trace.network' ? withoutCredentials(entry.data) : entry.data;
    return { name: entry.name, data: maskSecretBytes(data, secrets) };
  });
  const traceFile = entries.find((entry) => entry.name === 'trace.trace');
  const groups = traceFile ? summarise(traceFile.data.toString('utf8')) : [];
  return { zip: active ? writeZip(entries) : zip, groups };
}

// Where a page may put a secret in a form no mask finds (Basic authorization is base64, a cookie
// anything): while secrets are in use, these values are left out of the trace's network entries.
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

interface NetworkMessage {
  headers?: { name?: unknown; value?: unknown }[];
  cookies?: { value?: unknown }[];
}

function withoutCredentials(network: Buffer): Buffer {
  const lines = network
    .toString('utf8')
    .split('\n')
    .flatMap((line) => {
      if (!line.trim()) return [line];
      let event: { snapshot?: { request?: NetworkMessage; response?: NetworkMessage } };
      try {
        event = JSON.parse(line) as typeof event;
      } catch {
        // NOTE: a line that cannot be read cannot be cleaned: it goes (a torn last line, in practice).
        return [];
      }
      for (const message of [event.snapshot?.request, event.snapshot?.response]) {
        for (const header of message?.headers ?? [])
          if (CREDENTIAL_HEADERS.has(String(header.name).toLowerCase())) header.value = SECRET_MASK;
        for (const cookie of message?.cookies ?? []) cookie.value = SECRET_MASK;
      }
      return [JSON.stringify(event)];
    });
  return Buffer.from(lines.join('\n'), 'utf8');
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
