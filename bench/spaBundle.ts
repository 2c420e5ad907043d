import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface Figure {
  bench: string;
  metric: string;
  value: number;
  unit: string;
  target?: string;
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

function listJs(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listJs(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
}

/** Initial JavaScript = the scripts index.html loads before any route chunk. */
export function measureSpaBundle(distDir = path.resolve('dist')): Figure[] {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) =>
    path.join(distDir, match[1].replace(/^\//, '')),
  );
  const all = listJs(distDir);
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const initialGzip = initial.reduce((sum, file) => sum + gzipSize(file), 0);
  return [
    { bench: 'spa-bundle', metric: 'initial_js_gzip', value: kb(initialGzip), unit: 'KB', target: '<= 230' },
    { bench: 'spa-bundle', metric: 'initial_js_files', value: initial.length, unit: 'files' },
    {
      bench: 'spa-bundle',
      metric: 'total_js_gzip',
      value: kb(all.reduce((sum, file) => sum + gzipSize(file), 0)),
      unit: 'KB',
    },
    {
      bench: 'spa-bundle',
      metric: 'total_js_raw',
      value: kb(all.reduce((sum, file) => sum + fs.statSync(file).size, 0)),
      unit: 'KB',
    },
    { bench: 'spa-bundle', metric: 'js_chunks', value: all.length, unit: 'files' },
  ];
}
