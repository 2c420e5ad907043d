// Where the browsers of generation and runs may connect (issue 9, finding 2). Every browser context
// gets its own SOCKS5 proxy in the worker: Chromium hands it host names (socks5 resolves remotely),
// the guard resolves them itself, checks every address against the policy, and connects to the very
// address it checked, so neither a host name nor DNS rebinding can slip past.
import dns from 'node:dns';
import net from 'node:net';
import os from 'node:os';

/** How the guard treats loopback and private networks: allowed (people test their local apps) or denied. */
export type PrivateTargets = 'allow' | 'deny';

/** What the policy protects, as plain data from config (jobs and services pass it in). */
export interface TestTargets {
  /** HOST and PORT of the server: its own (address, port) pairs are never reachable. */
  serverHost: string;
  serverPort: number;
  /** PUBLIC_URL: its host (resolved) and port are never reachable either. */
  publicUrl: string;
  privateTargets: PrivateTargets;
}

export type RefusalReason = 'own' | 'linkLocal' | 'metadata' | 'unspecified' | 'loopback' | 'private';

const REASONS: Record<RefusalReason, string> = {
  own: "the Plainwright server's own address",
  linkLocal: 'a link-local address, where cloud metadata services answer',
  metadata: 'a cloud metadata address',
  unspecified: 'an unspecified address, which reaches this machine',
  loopback: 'a loopback address, and this server denies private networks (TEST_TARGETS_PRIVATE=deny)',
  private: 'a private network address, and this server denies private networks (TEST_TARGETS_PRIVATE=deny)',
};

/** A connection the guard refused. */
export interface Refusal {
  /** What the page asked for: a host name or an address. */
  host: string;
  /** The address it resolved to, which was refused. */
  address: string;
  port: number;
  reason: RefusalReason;
  /** The sentence a failed step shows. */
  message: string;
}

type Rule = readonly [cidr: string, reason: RefusalReason];

/** Refused whatever the configuration. */
export const ALWAYS_REFUSED: readonly Rule[] = [
  ['169.254.0.0/16', 'linkLocal'],
  ['fe80::/10', 'linkLocal'],
  ['fd00:ec2::254/128', 'metadata'],
  ['0.0.0.0/8', 'unspecified'],
  ['::/128', 'unspecified'],
];

/** Refused with TEST_TARGETS_PRIVATE=deny. */
export const PRIVATE_RANGES: readonly Rule[] = [
  ['127.0.0.0/8', 'loopback'],
  ['::1/128', 'loopback'],
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['100.64.0.0/10', 'private'],
  ['fc00::/7', 'private'],
];

const WILDCARD_HOSTS = new Set(['', '0.0.0.0', '::', '[::]']);

// Ports of the guards of this process: a page may not loop through another session's proxy.
const guardPorts = new Set<number>();

/**
 * An address in one spelling: IPv6 lower-case and compressed, without brackets or zone, and an
 * IPv4 address carried in IPv6 (::ffff:a.b.c.d, NAT64's 64:ff9b::a.b.c.d) as plain IPv4.
 */
export function canonicalAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0];
  if (net.isIPv4(bare) || !net.isIPv6(bare)) return bare;
  const host = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const embedded = /^(?:::ffff|64:ff9b:):([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!embedded) return host;
  const high = parseInt(embedded[1], 16);
  const low = parseInt(embedded[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function blockListOf(rules: readonly Rule[]): [BlockListLike, RefusalReason][] {
  return rules.map(([cidr, reason]) => {
    const [network, prefix] = cidr.split('/');
    const list = new net.BlockList();
    list.addSubnet(network, Number(prefix), net.isIPv6(network) ? 'ipv6' : 'ipv4');
    return [list, reason];
  });
}

type BlockListLike = Pick<net.BlockList, 'check'>;

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return net.isIPv6(address) ? 'ipv6' : 'ipv4';
}

function hostPort(host: string, port: number): string {
  return `${net.isIPv6(host) ? `[${host}]` : host}:${port}`;
}

/** Where a URL's connection goes: its host name (or address) and port. */
function endpointOf(url: URL): { host: string; port: number } {
  const port = url.port ? Number(url.port) : url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80;
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port };
}

async function resolve(host: string, timeoutMs: number): Promise<string[]> {
  if (net.isIP(host)) return [host];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Resolving ${host} took longer than ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    const found = await Promise.race([dns.promises.lookup(host, { all: true, verbatim: true }), timeout]);
    return found.map((entry) => entry.address);
  } finally {
    clearTimeout(timer);
  }
}

/** Which (address, port) pairs and ranges tests may not reach; built per session from plain data. */
export class TargetPolicy {
  private readonly _always = blockListOf(ALWAYS_REFUSED);
  private readonly _private = blockListOf(PRIVATE_RANGES);
  private readonly _loopback = blockListOf(PRIVATE_RANGES.filter(([, reason]) => reason === 'loopback'));

  private constructor(
    private readonly _targets: TestTargets,
    /** "address|port" of the server's own endpoints. */
    private readonly _own: Set<string>,
    /** The server listens on every interface: any loopback address with its port is its own too. */
    private readonly _wildcardPort: number | null,
  ) {}

  static async create(
    targets: TestTargets,
    options: { resolveTimeoutMs?: number } = {},
  ): Promise<TargetPolicy> {
    const timeoutMs = options.resolveTimeoutMs ?? 2000;
    const own = new Set<string>();
    const add = (address: string, port: number) => own.add(`${canonicalAddress(address)}|${port}`);
    const addResolved = async (host: string, port: number) => {
      try {
        for (const address of await resolve(host, timeoutMs)) add(address, port);
      } catch (error) {
        // NOTE: a name that does not resolve here cannot be reached through the guard either.
        console.warn(`[targets] ${host} did not resolve: ${(error as Error).message}`);
      }
    };
    const host = targets.serverHost.trim();
    let wildcardPort: number | null = null;
    if (WILDCARD_HOSTS.has(host)) {
      wildcardPort = targets.serverPort;
      for (const entries of Object.values(os.networkInterfaces()))
        for (const entry of entries ?? []) add(entry.address, targets.serverPort);
    } else await addResolved(host.replace(/^\[|\]$/g, ''), targets.serverPort);
    try {
      const { host: publicHost, port } = endpointOf(new URL(targets.publicUrl));
      await addResolved(publicHost, port);
    } catch {
      // An unparsable PUBLIC_URL is refused by config before this runs.
    }
    return new TargetPolicy(targets, own, wildcardPort);
  }

  /** Why a connection to this address and port is refused, or null when it is allowed. */
  check(rawAddress: string, port: number): RefusalReason | null {
    const address = canonicalAddress(rawAddress);
    if (!net.isIP(address)) return null;
    const family = familyOf(address);
    if (this._own.has(`${address}|${port}`)) return 'own';
    // Listening on every interface, the server answers on all of 127/8; the guards listen on loopback.
    if ((port === this._wildcardPort || guardPorts.has(port)) && this._isLoopback(address)) return 'own';
    for (const [list, reason] of this._always) if (list.check(address, family)) return reason;
    if (this._targets.privateTargets === 'deny')
      for (const [list, reason] of this._private) if (list.check(address, family)) return reason;
    return null;
  }

  private _isLoopback(address: string): boolean {
    return this._loopback.some(([list]) => list.check(address, familyOf(address)));
  }

  /** The first refused address among those a host resolved to, as a refusal; null when all are allowed. */
  refusalOf(host: string, addresses: string[], port: number): Refusal | null {
    for (const raw of addresses) {
      const reason = this.check(raw, port);
      if (!reason) continue;
      const address = canonicalAddress(raw);
      const named =
        canonicalAddress(host) === address ? hostPort(address, port) : `${hostPort(host, port)} (${address})`;
      return {
        host,
        address,
        port,
        reason,
        message: `The test tried to reach ${named}, ${REASONS[reason]}; tests may not reach it.`,
      };
    }
    return null;
  }

  /**
   * The sentence that refuses a test's website (http and https only, its host resolved now), or
   * null when it may be tested. A name that does not resolve yet is let through: the guard checks
   * it again on every connection.
   */
  async refuseWebsite(website: string, options: { resolveTimeoutMs?: number } = {}): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(website);
    } catch {
      return 'The website must be an http:// or https:// address.';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return 'The website must be an http:// or https:// address.';
    const { host, port } = endpointOf(url);
    let addresses: string[];
    try {
      addresses = await resolve(host, options.resolveTimeoutMs ?? 2000);
    } catch {
      return null;
    }
    const refusal = this.refusalOf(host, addresses, port);
    if (!refusal) return null;
    const address = refusal.address === canonicalAddress(host) ? '' : ` (${refusal.address})`;
    return `The website points at ${hostPort(host, port)}${address}, ${REASONS[refusal.reason]}; tests may not reach it.`;
  }
}

/** The sentence that refuses a test's website (TargetPolicy.refuseWebsite), with the policy as it is now. */
export async function refuseWebsite(targets: TestTargets, website: string): Promise<string | null> {
  return (await TargetPolicy.create(targets)).refuseWebsite(website);
}

/**
 * The sentence that refuses a page a test may not open (file:, chrome:, view-source:, javascript:,
 * data:: only http and https), or null. `shown` is the address as the test wrote it (secrets unfilled).
 */
export function refuseScheme(url: string, shown = url): string | null {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    // Playwright refuses it with its own message.
    return null;
  }
  if (protocol === 'http:' || protocol === 'https:') return null;
  return `The test tried to open ${shown}; tests may open only http:// and https:// addresses.`;
}

const SOCKS_VERSION = 5;
const REPLY = {
  succeeded: 0,
  notAllowed: 2,
  hostUnreachable: 4,
  refused: 5,
  commandNotSupported: 7,
  addressNotSupported: 8,
};

/**
 * A SOCKS5 proxy on a loopback port for one browser context: CONNECT only, no authentication,
 * every destination checked by the policy at connection time. Refusals are kept for the session.
 */
export class TargetGuard {
  readonly refusals: Refusal[] = [];
  private readonly _sockets = new Set<net.Socket>();
  private _port = 0;

  private constructor(
    private readonly _policy: TargetPolicy,
    private readonly _server: net.Server,
    private readonly _connectTimeoutMs: number,
  ) {
    _server.on('connection', (socket) => this._accept(socket));
  }

  static async start(
    policy: TargetPolicy,
    options: { connectTimeoutMs?: number } = {},
  ): Promise<TargetGuard> {
    const server = net.createServer();
    const guard = new TargetGuard(policy, server, options.connectTimeoutMs ?? 30_000);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    guard._port = (server.address() as net.AddressInfo).port;
    guardPorts.add(guard._port);
    return guard;
  }

  /** For the context's `proxy` option. */
  get proxyServer(): string {
    return `socks5://127.0.0.1:${this._port}`;
  }

  async close(): Promise<void> {
    guardPorts.delete(this._port);
    for (const socket of this._sockets) socket.destroy();
    await new Promise<void>((resolve) => this._server.close(() => resolve()));
  }

  private _accept(client: net.Socket): void {
    this._sockets.add(client);
    client.on('close', () => this._sockets.delete(client));
    // A browser that drops a connection midway is no fault of ours.
    client.on('error', () => client.destroy());
    let buffer = Buffer.alloc(0);
    let stage: 'greeting' | 'request' | 'busy' = 'greeting';
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (stage === 'greeting') {
        if (buffer.length < 2) return;
        const methods = buffer[1];
        if (buffer.length < 2 + methods) return;
        if (buffer[0] !== SOCKS_VERSION || !buffer.subarray(2, 2 + methods).includes(0)) {
          client.end(Buffer.from([SOCKS_VERSION, 0xff]));
          return;
        }
        buffer = buffer.subarray(2 + methods);
        stage = 'request';
        client.write(Buffer.from([SOCKS_VERSION, 0]));
      }
      if (stage === 'request') {
        const request = parseRequest(buffer);
        if (request === 'incomplete') return;
        stage = 'busy';
        client.off('data', onData);
        client.pause();
        if (request === 'unsupported') return this._reply(client, REPLY.addressNotSupported);
        if (request.command !== 1) return this._reply(client, REPLY.commandNotSupported);
        void this._connect(client, request.host, request.port, buffer.subarray(request.length));
      }
    };
    client.on('data', onData);
  }

  private async _connect(client: net.Socket, host: string, port: number, rest: Buffer): Promise<void> {
    let addresses: string[];
    try {
      addresses = await resolve(host, 10_000);
    } catch {
      return this._reply(client, REPLY.hostUnreachable);
    }
    const refusal = this._policy.refusalOf(host, addresses, port);
    if (refusal) {
      // Recorded before the reply, so the browser call it fails already finds it.
      this.refusals.push(refusal);
      return this._reply(client, REPLY.notAllowed);
    }
    for (const address of addresses) {
      if (client.destroyed) return;
      const upstream = await this._open(address, port);
      if (!upstream) continue;
      this._sockets.add(upstream);
      upstream.on('close', () => {
        this._sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
      client.write(replyOf(REPLY.succeeded));
      if (rest.length > 0) upstream.write(rest);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
      return;
    }
    this._reply(client, REPLY.refused);
  }

  /** A connection to the checked address itself (never the name again), or null. */
  private _open(address: string, port: number): Promise<net.Socket | null> {
    return new Promise((resolve) => {
      const socket = net.connect({ host: address, port, timeout: this._connectTimeoutMs });
      const fail = () => {
        socket.destroy();
        resolve(null);
      };
      socket.once('error', fail);
      socket.once('timeout', fail);
      socket.once('connect', () => {
        socket.off('error', fail);
        socket.off('timeout', fail);
        socket.setTimeout(0);
        resolve(socket);
      });
    });
  }

  private _reply(client: net.Socket, code: number): void {
    if (!client.destroyed) client.end(replyOf(code));
  }
}

function replyOf(code: number): Buffer {
  // Bound address 0.0.0.0:0: Chromium does not use it.
  return Buffer.from([SOCKS_VERSION, code, 0, 1, 0, 0, 0, 0, 0, 0]);
}

type SocksRequest = { command: number; host: string; port: number; length: number };

function parseRequest(buffer: Buffer): SocksRequest | 'incomplete' | 'unsupported' {
  if (buffer.length < 5) return 'incomplete';
  const command = buffer[1];
  const type = buffer[3];
  let host: string;
  let offset: number;
  if (type === 1) {
    if (buffer.length < 10) return 'incomplete';
    host = Array.from(buffer.subarray(4, 8)).join('.');
    offset = 8;
  } else if (type === 3) {
    const size = buffer[4];
    if (buffer.length < 5 + size + 2) return 'incomplete';
    host = buffer.subarray(5, 5 + size).toString('latin1');
    offset = 5 + size;
  } else if (type === 4) {
    if (buffer.length < 22) return 'incomplete';
    const groups: string[] = [];
    for (let index = 0; index < 8; index++) groups.push(buffer.readUInt16BE(4 + index * 2).toString(16));
    host = canonicalAddress(groups.join(':'));
    offset = 20;
  } else return 'unsupported';
  return { command, host, port: buffer.readUInt16BE(offset), length: offset + 2 };
}
