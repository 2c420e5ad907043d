import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resetFileOf, startLoopDelayReport, type LoopDelayReport } from './loopDelay';

const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as LoopDelayReport;

async function until(probe: () => boolean) {
  while (!probe()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('startLoopDelayReport', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-loop-delay-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes the delays of this process as JSON, and starts them again when asked', async () => {
    const file = path.join(dir, 'loop.json');
    const stop = startLoopDelayReport(file, 50, 'worker');
    try {
      await until(() => fs.existsSync(file) && read(file).count > 0);
      const first = read(file);
      expect(first).toMatchObject({ pid: process.pid, role: 'worker' });
      expect(first.p99_ms).toBeGreaterThanOrEqual(first.p50_ms);
      expect(first.max_ms).toBeGreaterThanOrEqual(first.p99_ms);

      fs.writeFileSync(resetFileOf(file), '');
      await until(() => !fs.existsSync(resetFileOf(file)) && read(file).since !== first.since);
      expect(Date.parse(read(file).since)).toBeGreaterThan(Date.parse(first.since));
      // Only the report itself is left: no temporary files beside it.
      expect(fs.readdirSync(dir)).toEqual(['loop.json']);
    } finally {
      stop();
    }
  });

  it('does nothing without a file', () => {
    const stop = startLoopDelayReport(undefined, 10);
    expect(fs.readdirSync(dir)).toEqual([]);
    stop();
  });
});
