import type { CachedImage, SignedImage } from './types';

// SPEC §4 "image fetching": cached by id, a fetch in flight is waited on (polling every 100 ms, SPEC §9),
// and an expired link is fetched again.

export const IMAGE_POLL_MS = 100;
/** A link this close to expiry counts as expired, so an image never starts loading on a dying link. */
export const EXPIRY_MARGIN_MS = 10_000;
/** When the server names no expiry, a link is trusted this long. */
const DEFAULT_LIFETIME_MS = 5 * 60_000;

export type FetchImage = (id: string) => Promise<SignedImage>;

export interface ImageCacheOptions {
  fetchImage?: FetchImage;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ImageCache {
  /** The image's signed link: cached, awaited when in flight, fetched when missing or expired; null on failure. */
  get(id: string, fetchImage?: FetchImage): Promise<CachedImage | null>;
  /** A cached link that has not expired, without fetching. */
  peek(id: string): CachedImage | null;
  /** Forgets a link (e.g. one the browser could not load): the next get fetches again. */
  invalidate(id: string): void;
  clear(): void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createImageCache(options: ImageCacheOptions = {}): ImageCache {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const images = new Map<string, CachedImage>();
  const inFlight = new Set<string>();

  const fresh = (image: CachedImage | undefined): image is CachedImage =>
    image !== undefined && image.expiresAt - EXPIRY_MARGIN_MS > now();

  return {
    async get(id, fetchImage = options.fetchImage) {
      if (!id || !fetchImage) return null;
      while (inFlight.has(id)) await sleep(IMAGE_POLL_MS);
      const cached = images.get(id);
      if (fresh(cached)) return cached;
      inFlight.add(id);
      try {
        const signed = await fetchImage(id);
        const fetchedAt = now();
        const expiresAt = Date.parse(signed.expires_at);
        const image: CachedImage = {
          id,
          url: signed.url,
          fetchedAt,
          expiresAt: Number.isNaN(expiresAt) ? fetchedAt + DEFAULT_LIFETIME_MS : expiresAt,
        };
        images.set(id, image);
        return image;
      } catch {
        // SPEC §8: 'Failed to fetch image' — the call returns nothing.
        images.delete(id);
        return null;
      } finally {
        inFlight.delete(id);
      }
    },
    peek(id) {
      const cached = images.get(id);
      return fresh(cached) ? cached : null;
    },
    invalidate(id) {
      images.delete(id);
    },
    clear() {
      images.clear();
      inFlight.clear();
    },
  };
}

/** The app's one image cache: screenshots shown twice (step list, dialogs) are fetched once. */
export const imageCache = createImageCache();
