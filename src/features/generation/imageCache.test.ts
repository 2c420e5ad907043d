import { createImageCache, EXPIRY_MARGIN_MS, IMAGE_POLL_MS } from './imageCache';
import type { SignedImage } from './types';

const T0 = Date.UTC(2026, 0, 1, 12);

function signed(id: string, expiresInMs: number, url = `/api/files/${id}.png?v=1`): SignedImage {
  return { id, url, expires_at: new Date(T0 + expiresInMs).toISOString() };
}

/** A fetch that answers when the test says so. */
function deferredFetch() {
  const calls: { id: string; resolve: (image: SignedImage) => void; reject: (error: Error) => void }[] = [];
  const fetchImage = jest.fn(
    (id: string) =>
      new Promise<SignedImage>((resolve, reject) => {
        calls.push({ id, resolve, reject });
      }),
  );
  return { fetchImage, calls };
}

describe('image cache', () => {
  let clock = T0;
  const now = () => clock;

  beforeEach(() => {
    clock = T0;
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
  });
  afterEach(() => jest.useRealTimers());

  it('fetches an image once and answers from the cache afterwards', async () => {
    const fetchImage = jest.fn(async (id: string) => signed(id, 60_000));
    const cache = createImageCache({ fetchImage, now });
    const first = await cache.get('shot-1');
    const second = await cache.get('shot-1');
    expect(first).toEqual({
      id: 'shot-1',
      url: '/api/files/shot-1.png?v=1',
      fetchedAt: T0,
      expiresAt: T0 + 60_000,
    });
    expect(second).toBe(first);
    expect(fetchImage).toHaveBeenCalledTimes(1);
    expect(cache.peek('shot-1')).toBe(first);
  });

  it('makes a second caller wait for the fetch in flight, polling every 100 ms, instead of fetching again', async () => {
    const { fetchImage, calls } = deferredFetch();
    const cache = createImageCache({ fetchImage, now });
    const first = cache.get('shot-1');
    const second = cache.get('shot-1');
    let secondDone = false;
    void second.then(() => (secondDone = true));

    await jest.advanceTimersByTimeAsync(IMAGE_POLL_MS * 3);
    expect(fetchImage).toHaveBeenCalledTimes(1);
    expect(secondDone).toBe(false);

    calls[0].resolve(signed('shot-1', 60_000));
    await expect(first).resolves.toMatchObject({ url: '/api/files/shot-1.png?v=1' });
    // The waiter notices only at its next poll.
    await jest.advanceTimersByTimeAsync(IMAGE_POLL_MS - 1);
    expect(secondDone).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(second).resolves.toMatchObject({ url: '/api/files/shot-1.png?v=1' });
    expect(fetchImage).toHaveBeenCalledTimes(1);
  });

  it('fetches a new link once the cached one has expired (or is about to)', async () => {
    let version = 0;
    const fetchImage = jest.fn(async (id: string) =>
      signed(id, clock - T0 + 60_000, `/img/${id}?v=${++version}`),
    );
    const cache = createImageCache({ fetchImage, now });
    expect((await cache.get('shot-1'))?.url).toBe('/img/shot-1?v=1');

    clock = T0 + 60_000 - EXPIRY_MARGIN_MS - 1;
    expect((await cache.get('shot-1'))?.url).toBe('/img/shot-1?v=1');

    clock = T0 + 60_000 - EXPIRY_MARGIN_MS;
    expect(cache.peek('shot-1')).toBeNull();
    expect((await cache.get('shot-1'))?.url).toBe('/img/shot-1?v=2');
    expect(fetchImage).toHaveBeenCalledTimes(2);
  });

  it('answers null when the fetch fails, and tries again on the next call', async () => {
    const fetchImage = jest
      .fn<Promise<SignedImage>, [string]>()
      .mockRejectedValueOnce(new Error('500'))
      .mockResolvedValueOnce(signed('shot-1', 60_000));
    const cache = createImageCache({ fetchImage, now });
    await expect(cache.get('shot-1')).resolves.toBeNull();
    await expect(cache.get('shot-1')).resolves.toMatchObject({ id: 'shot-1' });
    expect(fetchImage).toHaveBeenCalledTimes(2);
  });

  it('keeps images apart by id, and forgets one on request', async () => {
    const fetchImage = jest.fn(async (id: string) => signed(id, 60_000));
    const cache = createImageCache({ fetchImage, now });
    await cache.get('shot-1');
    await cache.get('shot-2');
    expect(fetchImage.mock.calls.map(([id]) => id)).toEqual(['shot-1', 'shot-2']);
    cache.invalidate('shot-1');
    await cache.get('shot-1');
    await cache.get('shot-2');
    expect(fetchImage.mock.calls.map(([id]) => id)).toEqual(['shot-1', 'shot-2', 'shot-1']);
  });

  it('asks for nothing without an id', async () => {
    const fetchImage = jest.fn(async (id: string) => signed(id, 60_000));
    const cache = createImageCache({ fetchImage, now });
    await expect(cache.get('')).resolves.toBeNull();
    expect(fetchImage).not.toHaveBeenCalled();
  });
});
