import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  embeddedDatabaseUrl,
  MAX_SOCKET_PATH,
  SOCKET_NAME,
  socketDirOf,
  URGENT_APPLICATION,
} from './socketPath';

/*
 * The embedded database served over the Postgres wire protocol, so that the API and the workers reach
 * it with node-postgres from other processes exactly as they reach a real Postgres.
 *
 * PGlite is one Postgres backend. pglite-socket 0.2.17's multiplexer (PGLiteSocketServer with
 * maxConnections > 1) queues single protocol messages, so another connection's Parse can land between a
 * client's Parse and Bind when a large message spans TCP reads: that client then runs the other
 * one's statement with its own parameters, without an error. It also hands every NOTIFY to the
 * connection that sent it, never to the listener; maxConnections 1 refuses a second connection
 * instead of queueing it. So this module multiplexes by itself, in units a client waits on:
 * - a unit is a client's messages up to a Sync, a simple Query, a Flush or the end of a COPY;
 * - the backend belongs to one connection from a unit that leaves it outside "idle" (a transaction
 *   block, an extended-protocol sequence without its Sync, a COPY) until that connection's output
 *   ends with ReadyForQuery idle again; the other connections' units wait in order;
 * - a connection that drops while it holds the backend has its sequence synced and its transaction
 *   rolled back;
 * - NotificationResponses go to the connections that ran LISTEN on their channel.
 * What one backend cannot separate stays shared by all connections: SET, named prepared
 * statements, temporary tables, session advisory locks (every connection gets the lock) and the
 * database name, which is always the one database in the data dir.
 */

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** Unix socket paths longer than this do not fit in sockaddr_un on Linux and macOS. */

export interface EmbeddedServerOptions {
  /** PGlite opens `<dataDir>/pgdata`; the unix socket lives in `<dataDir>/run`. */
  dataDir: string;
  /** A TCP port on 127.0.0.1 instead of the unix socket (0 picks a free one). */
  port?: number;
  /** Work on the database before any client can connect (the migrations). */
  beforeListening?: (pglite: PGlite) => Promise<void>;
}

export interface EmbeddedServer {
  /** A node-postgres connection string for this server. */
  url: string;
  pglite: PGlite;
  /** Open client connections. */
  connections(): number;
  /** Works on PGlite alone, between the clients' transactions (after the work already waiting). */
  runAlone<T>(work: (pglite: PGlite) => Promise<T>): Promise<T>;
  /** Stops accepting, drops the clients, then closes PGlite (which checkpoints the data dir). */
  close(): Promise<void>;
}

interface Connection {
  socket: net.Socket;
  input: Buffer;
  started: boolean;
  /** Messages of the unit being read. */
  pending: Buffer[];
  /** Channels this connection listens on (names as Postgres folds them). */
  listens: Set<string>;
  closed: boolean;
  /** A connection of the API (its application_name): served before the workers' waiting work. */
  urgent: boolean;
}

type Unit =
  | {
      connection: Connection;
      messages: Buffer[];
      /** Puts the backend back to idle after its owner dropped. */
      cleanup?: boolean;
    }
  | {
      /** The server's own work (maintenance), run while no client holds the backend. */
      connection: null;
      task: () => Promise<void>;
    };

/** A startup message's parameters (name, value, …, then an empty name). */
function startupParameters(body: Buffer): Record<string, string> {
  const parameters: Record<string, string> = {};
  let offset = 0;
  while (offset < body.length && body[offset] !== 0) {
    const nameEnd = body.indexOf(0, offset);
    const valueEnd = body.indexOf(0, nameEnd + 1);
    if (nameEnd < 0 || valueEnd < 0) break;
    parameters[body.toString('utf8', offset, nameEnd)] = body.toString('utf8', nameEnd + 1, valueEnd);
    offset = valueEnd + 1;
  }
  return parameters;
}

export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const dataDir = path.resolve(options.dataDir);
  const pgdata = path.join(dataDir, 'pgdata');
  fs.mkdirSync(pgdata, { recursive: true });
  const runDir = socketDirOf(dataDir);
  const socketPath = path.join(runDir, SOCKET_NAME);
  if (options.port === undefined) {
    // NOTE: never TCP unless asked: the server asks no password, so any local user could use a port.
    if (socketPath.length > MAX_SOCKET_PATH)
      throw new Error(
        `The embedded database's socket path ${socketPath} is longer than a unix socket allows (${MAX_SOCKET_PATH}): set TMPDIR to a shorter folder.`,
      );
    // Only this user may reach the socket, or replace it: a folder (in the temp dir, say) that another
    // user made first, or a link, is refused.
    fs.mkdirSync(runDir, { recursive: true, mode: 0o700 });
    const folder = fs.lstatSync(runDir);
    if (!folder.isDirectory() || (process.getuid && folder.uid !== process.getuid()))
      throw new Error(
        `The embedded database's socket folder ${runDir} is not a folder of this user's: remove it, or set TMPDIR or DATA_DIR elsewhere.`,
      );
    fs.chmodSync(runDir, 0o700);
  }
  // Another server on the same data would corrupt it: asked before the data is opened.
  if (fs.existsSync(socketPath) && (await answers(socketPath)))
    throw new Error(`Another Plainwright database is serving ${dataDir} (its socket ${socketPath} answers).`);
  const pglite = new PGlite(pgdata);
  await pglite.waitReady;
  try {
    await options.beforeListening?.(pglite);
  } catch (error) {
    await pglite.close();
    throw error;
  }

  const connections = new Set<Connection>();
  const queue: Unit[] = [];
  let owner: Connection | null = null;
  let running: Promise<void> | null = null;
  let relisten = false;

  const pump = (): void => {
    if (running) return;
    running = (async () => {
      for (;;) {
        if (!owner && relisten) {
          relisten = false;
          const channels = new Set([...connections].flatMap((c) => [...c.listens]));
          for (const channel of channels) await pglite.exec(`LISTEN ${quoteIdent(channel)}`);
        }
        // Between transactions, the API's waiting work goes first: a person waits on it, a worker does not.
        const index = owner
          ? queue.findIndex((unit) => unit.connection === owner)
          : Math.max(
              0,
              queue.findIndex((unit) => unit.connection?.urgent),
            );
        if (index < 0 || queue.length === 0) break;
        const [unit] = queue.splice(index, 1);
        await run(unit);
      }
    })().finally(() => {
      running = null;
    });
  };

  const run = async (unit: Unit): Promise<void> => {
    if (!unit.connection) return unit.task();
    const { connection } = unit;
    const chunks: Uint8Array[] = [];
    const execute = (message: Buffer) =>
      pglite.runExclusive(() =>
        pglite.execProtocolRawStream(new Uint8Array(message), {
          onRawData: (data) => chunks.push(Uint8Array.from(data)),
        }),
      );
    try {
      if (unit.cleanup) {
        await execute(syncMessage());
        if (pglite.isInTransaction()) await execute(queryMessage('ROLLBACK'));
      } else {
        await execute(Buffer.concat(unit.messages));
      }
    } catch {
      // The backend failed on this unit: the client cannot trust its session any more.
      connection.socket.destroy();
      if (!unit.cleanup) queue.unshift({ connection, messages: [], cleanup: true });
      owner = connection;
      return;
    }
    const output = Buffer.concat(chunks);
    const kept: Buffer[] = [];
    let idle = false;
    let failed = false;
    for (const message of splitMessages(output)) {
      const type = String.fromCharCode(message[0]);
      if (type === 'A') {
        const channel = notificationChannel(message);
        for (const listener of connections) {
          if (!listener.listens.has(channel)) continue;
          if (listener === connection) kept.push(message);
          else if (!listener.closed) listener.socket.write(message);
        }
        continue;
      }
      if (type === 'E') failed = true;
      idle = type === 'Z' && message[5] === 'I'.charCodeAt(0);
      kept.push(message);
    }
    owner = idle || unit.cleanup ? null : connection;
    if (unit.cleanup) return;
    if (!failed) track(connection, unit.messages);
    if (!connection.closed && kept.length > 0) connection.socket.write(Buffer.concat(kept));
  };

  /** Follows LISTEN and UNLISTEN by the statements' text; the backend keeps listening for the others. */
  const track = (connection: Connection, messages: Buffer[]) => {
    for (const message of messages) {
      const type = String.fromCharCode(message[0]);
      if (type !== 'Q' && type !== 'P') continue;
      const text = type === 'Q' ? cString(message, 5) : cString(message, cStringEnd(message, 5) + 1);
      for (const [, verb, target] of text.matchAll(LISTEN_STATEMENT)) {
        const channel = target === '*' ? '*' : unquoteIdent(target);
        if (verb.toUpperCase() === 'LISTEN') connection.listens.add(channel);
        else if (channel === '*') connection.listens.clear();
        else connection.listens.delete(channel);
        if (verb.toUpperCase() === 'UNLISTEN') relisten = true;
      }
    }
  };

  const drop = (connection: Connection) => {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection);
    for (let i = queue.length - 1; i >= 0; i--) {
      const unit = queue[i];
      if (unit.connection === connection && !unit.cleanup) queue.splice(i, 1);
    }
    if (owner === connection) queue.unshift({ connection, messages: [], cleanup: true });
    pump();
  };

  const receive = (connection: Connection, data: Buffer) => {
    connection.input = connection.input.length ? Buffer.concat([connection.input, data]) : data;
    for (;;) {
      const { input } = connection;
      if (!connection.started) {
        if (input.length < 8) return;
        const length = input.readInt32BE(0);
        if (input.length < length) return;
        const code = input.readInt32BE(4);
        connection.input = input.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          connection.socket.write('N');
        } else if (code === CANCEL_REQUEST || code !== PROTOCOL_3) {
          // One backend has nothing to cancel; other protocol versions are not spoken.
          connection.socket.end();
          return;
        } else {
          connection.started = true;
          connection.urgent =
            startupParameters(input.subarray(8, length)).application_name === URGENT_APPLICATION;
          queue.push({ connection, messages: [input.subarray(0, length)] });
          pump();
        }
        continue;
      }
      if (input.length < 5) return;
      const length = 1 + input.readInt32BE(1);
      if (input.length < length) return;
      const message = input.subarray(0, length);
      connection.input = input.subarray(length);
      const type = String.fromCharCode(message[0]);
      if (type === 'X') {
        connection.socket.end();
        drop(connection);
        return;
      }
      connection.pending.push(message);
      if ('SQHcf'.includes(type)) {
        queue.push({ connection, messages: connection.pending });
        connection.pending = [];
        pump();
      }
    }
  };

  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    const connection: Connection = {
      socket,
      input: Buffer.alloc(0),
      started: false,
      pending: [],
      listens: new Set(),
      closed: false,
      urgent: false,
    };
    connections.add(connection);
    socket.on('data', (data) => receive(connection, data));
    socket.on('error', () => drop(connection));
    socket.on('close', () => drop(connection));
  });

  let url: string;
  if (options.port === undefined) {
    if (fs.existsSync(socketPath)) {
      // A socket file left by a killed server would refuse the bind.
      fs.rmSync(socketPath, { force: true });
    }
    await listen(server, { path: socketPath });
    fs.chmodSync(socketPath, 0o600);
    url = embeddedDatabaseUrl(dataDir);
  } else {
    await listen(server, { port: options.port, host: '127.0.0.1' });
    const { port } = server.address() as net.AddressInfo;
    url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  return {
    url,
    pglite,
    connections: () => connections.size,
    runAlone<T>(work: (pglite: PGlite) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({
          connection: null,
          task: () => work(pglite).then(resolve, reject),
        });
        pump();
      });
    },
    async close() {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const connection of [...connections]) connection.socket.destroy();
      await stopped;
      while (running) await running;
      if (!pglite.closed) await pglite.close();
    },
  };
}

const LISTEN_STATEMENT = /(?:^|;)\s*(LISTEN|UNLISTEN)\s+(\*|"(?:[^"]|"")+"|[A-Za-z_][\w$]*)/gi;

/** Whether something accepts connections on the socket. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect({ path: socketPath });
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

function listen(server: net.Server, address: net.ListenOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function* splitMessages(output: Buffer): Generator<Buffer> {
  let offset = 0;
  while (offset + 5 <= output.length) {
    const end = offset + 1 + output.readInt32BE(offset + 1);
    yield output.subarray(offset, end);
    offset = end;
  }
}

function cStringEnd(buffer: Buffer, start: number): number {
  const end = buffer.indexOf(0, start);
  return end < 0 ? buffer.length : end;
}

function cString(buffer: Buffer, start: number): string {
  return buffer.toString('utf8', start, cStringEnd(buffer, start));
}

/** NotificationResponse: type, length, sender pid, channel, payload. */
function notificationChannel(message: Buffer): string {
  return cString(message, 9);
}

function unquoteIdent(identifier: string): string {
  return identifier.startsWith('"')
    ? identifier.slice(1, -1).replaceAll('""', '"')
    : identifier.toLowerCase();
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function queryMessage(text: string): Buffer {
  const body = Buffer.from(`${text}\0`);
  const header = Buffer.alloc(5);
  header.write('Q', 0);
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}

function syncMessage(): Buffer {
  return Buffer.from([0x53, 0, 0, 0, 4]);
}
