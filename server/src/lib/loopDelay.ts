import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

// Issue 16: how long this process's event loop kept callbacks waiting, for `npm run bench
// api-under-load`, which reads it from outside the process (the product runs as a child there).
// Off unless a file is named (LOOP_DELAY_FILE); it costs a 10 ms timer and a small write a second.

/** What the file holds: the delays since the process started, or since the last reset. */
export interface LoopDelayReport {
  pid: number;
  role: string;
  /** When this report was written (ISO). */
  at: string;
  /** When the figures began: the start, or the last reset (ISO). */
  since: string;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** How many delays were sampled. */
  count: number;
}

/** Naming `<file>.reset` (any content) starts the figures again; the reporter deletes it. */
export const resetFileOf = (file: string) => `${file}.reset`;

const ms = (nanoseconds: number) => Math.round((nanoseconds / 1e6) * 100) / 100;

/**
 * Every `everyMs`, writes this process's event-loop delay (perf_hooks.monitorEventLoopDelay) to
 * `file` as JSON, atomically (a temporary file renamed over it). Does nothing without a file.
 * Returns a stop function; its timer never keeps the process alive.
 */
export function startLoopDelayReport(file: string | undefined, everyMs = 1000, role = 'api'): () => void {
  if (!file) return () => undefined;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let since = new Date();
  const temporary = `${file}.${process.pid}.tmp`;
  const report = () => {
    try {
      if (fs.existsSync(resetFileOf(file))) {
        histogram.reset();
        since = new Date();
        fs.rmSync(resetFileOf(file), { force: true });
      }
      const body: LoopDelayReport = {
        pid: process.pid,
        role,
        at: new Date().toISOString(),
        since: since.toISOString(),
        p50_ms: histogram.count > 0 ? ms(histogram.percentile(50)) : 0,
        p99_ms: histogram.count > 0 ? ms(histogram.percentile(99)) : 0,
        max_ms: histogram.count > 0 ? ms(histogram.max) : 0,
        count: histogram.count,
      };
      fs.writeFileSync(temporary, JSON.stringify(body));
      fs.renameSync(temporary, file);
    } catch {
      // NOTE: a report is a measurement aid; a folder gone or a full disk must not touch the server.
    }
  };
  const timer = setInterval(report, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    histogram.disable();
  };
}
