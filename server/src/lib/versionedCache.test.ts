import { VersionedCache } from './versionedCache';

describe('VersionedCache', () => {
  it('hands a value back only for the version it was kept under', () => {
    const cache = new VersionedCache<string>(10);
    cache.set('a', '100', 'first');
    expect(cache.get('a', '100')).toBe('first');
    expect(cache.get('a', '101')).toBeNull();
    cache.set('a', '101', 'second');
    expect(cache.get('a', '100')).toBeNull();
    expect(cache.get('a', '101')).toBe('second');
    cache.delete('a');
    expect(cache.get('a', '101')).toBeNull();
  });

  it('lets the least recently used entry go when full', () => {
    const cache = new VersionedCache<number>(2);
    cache.set('a', '1', 1);
    cache.set('b', '1', 2);
    expect(cache.get('a', '1')).toBe(1);
    cache.set('c', '1', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b', '1')).toBeNull();
    expect(cache.get('a', '1')).toBe(1);
    expect(cache.get('c', '1')).toBe(3);
  });
});
