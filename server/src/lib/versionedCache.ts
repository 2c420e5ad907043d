/**
 * The last values read, each kept under the version it was read at (a row's xmin, which every UPDATE
 * of the row changes, whoever makes it), up to a number of entries; the least recently used go first.
 * A value is only handed back for the version asked, so a change by another process is seen at once.
 */
export class VersionedCache<T> {
  private readonly _entries = new Map<string, { version: string; value: T }>();

  constructor(private readonly _size: number) {}

  get(key: string, version: string): T | null {
    const entry = this._entries.get(key);
    if (!entry || entry.version !== version) return null;
    // Map keeps insertion order: re-inserting marks the entry as the most recently used.
    this._entries.delete(key);
    this._entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: string, value: T): void {
    this._entries.delete(key);
    if (this._entries.size >= this._size) this._entries.delete(this._entries.keys().next().value!);
    this._entries.set(key, { version, value });
  }

  delete(key: string): void {
    this._entries.delete(key);
  }

  get size(): number {
    return this._entries.size;
  }
}
