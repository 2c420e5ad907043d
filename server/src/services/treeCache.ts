import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type TreeEncoding = 'br' | 'gzip' | 'identity';

/** One suite's tree as JSON text, tagged by the fingerprint of the rows it was built from. */
export class TreeEntry {
  readonly etag: string;
  readonly json: Buffer;
  private readonly _encoded = new Map<TreeEncoding, Promise<Buffer>>();

  constructor(
    readonly fingerprint: string,
    json: string,
  ) {
    this.json = Buffer.from(json);
    this.etag = `"tree-${createHash('sha1').update(fingerprint).digest('base64url')}"`;
    this._encoded.set('identity', Promise.resolve(this.json));
  }

  /**
   * The body in an encoding, compressed once and kept: a 10,000-test tree is ~3 MB of JSON that takes
   * brotli ~30 ms; the next readers of the same tree get the bytes.
   */
  body(encoding: TreeEncoding): Promise<Buffer> {
    let body = this._encoded.get(encoding);
    if (!body) {
      // NOTE: brotli's default quality (11) takes seconds on megabytes; 4 is about gzip's speed and smaller.
      body =
        encoding === 'br'
          ? brotli(this.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzip(this.json, { level: 6 });
      this._encoded.set(encoding, body);
      // A failed compression is not kept: the next reader tries again.
      body.catch(() => this._encoded.delete(encoding));
    }
    return body;
  }

  /** What the entry holds in memory: the JSON, and each compressed copy made as about a tenth of it. */
  get bytes(): number {
    return this.json.length * (1 + 0.1 * (this._encoded.size - 1));
  }
}

/**
 * The last trees read, per suite, within a byte budget (least recently used go first). An entry is
 * only used while the suite's rows still have its fingerprint, so a change made by any process (a
 * worker finishing a run, another API process) is seen at the next read.
 */
export class TreeCache {
  private readonly _entries = new Map<string, TreeEntry>();

  constructor(private readonly _budgetBytes: number) {}

  get(suiteId: string, fingerprint: string): TreeEntry | null {
    const entry = this._entries.get(suiteId);
    if (!entry || entry.fingerprint !== fingerprint) return null;
    // Map keeps insertion order: re-inserting marks the entry as the most recently used.
    this._entries.delete(suiteId);
    this._entries.set(suiteId, entry);
    return entry;
  }

  set(suiteId: string, entry: TreeEntry): void {
    this._entries.delete(suiteId);
    if (entry.json.length > this._budgetBytes) return;
    this._entries.set(suiteId, entry);
    let total = 0;
    for (const cached of this._entries.values()) total += cached.bytes;
    for (const [id, cached] of this._entries) {
      if (total <= this._budgetBytes || id === suiteId) break;
      this._entries.delete(id);
      total -= cached.bytes;
    }
  }

  get size(): number {
    return this._entries.size;
  }
}

/** The encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none. */
export function treeEncodingFor(acceptEncoding: string | undefined): TreeEncoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}
