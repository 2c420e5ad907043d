import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

// Where the embedded database of a data dir listens, known before it starts (the supervisor tells the
// API and the workers) and the same after a restart. No PGlite here: the supervisor imports it.

/** Unix socket paths longer than this do not fit in sockaddr_un on Linux and macOS. */
export const MAX_SOCKET_PATH = 100;
export const SOCKET_NAME = '.s.PGSQL.5432';

/**
 * Beside the data, or (a path too long for a socket address) a private folder of the temp dir named
 * after the data dir.
 */
export function socketDirOf(dataDir: string): string {
  const runDir = path.join(dataDir, 'run');
  if (path.join(runDir, SOCKET_NAME).length <= MAX_SOCKET_PATH) return runDir;
  return path.join(
    os.tmpdir(),
    `plainwright-${crypto.createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`,
  );
}

/** The node-postgres URL of the embedded server of a data dir (on its unix socket). */
export function embeddedDatabaseUrl(dataDir: string): string {
  return `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDirOf(path.resolve(dataDir)))}`;
}

/**
 * The application_name the API connects with (the supervisor sets PGAPPNAME, which node-postgres reads):
 * the embedded database serves its connections' work before the workers'.
 */
export const URGENT_APPLICATION = 'plainwright-api';
