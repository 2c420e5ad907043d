import crypto from 'node:crypto';
import { serverSource } from '../lib/paths';

// The CLI as one file (issue 15): `plainwright ci` needs only Node and the server's address, so the
// server bundles it (esbuild, once per process) and serves it; pipelines fetch the CLI that matches
// the server they call, with no checkout of Plainwright and no npm install.

export interface CliBundle {
  code: string;
  etag: string;
}

let bundled: Promise<CliBundle> | null = null;

export function cliBundle(): Promise<CliBundle> {
  bundled ??= build().catch((error: unknown) => {
    bundled = null;
    throw error;
  });
  return bundled;
}

async function build(): Promise<CliBundle> {
  const { build: esbuild } = await import('esbuild');
  const result = await esbuild({
    entryPoints: [serverSource('cli', 'standalone.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node18',
    write: false,
    minify: false,
    legalComments: 'none',
    banner: {
      js: '#!/usr/bin/env node\n// plainwright ci: run a Plainwright collection from a pipeline. `node plainwright.mjs ci --help`',
    },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  return { code, etag: `"${crypto.createHash('sha256').update(code).digest('base64url').slice(0, 27)}"` };
}
