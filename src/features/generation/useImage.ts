import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { generationApi } from './api';
import { imageCache } from './imageCache';

export type ImageStatus = 'idle' | 'loading' | 'ready' | 'failed';

interface Loaded {
  id: string;
  url: string | null;
  attempt: number;
}

/**
 * A screenshot's signed link through the image cache. `onLoadError` is for the <img>: a link the
 * browser could not load may have expired, so a fresh one is fetched, once; `retry` is for people.
 */
export function useImage(id: string | null) {
  const dispatch = useAppDispatch();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(() => {
    const cached = id ? imageCache.peek(id) : null;
    return id && cached ? { id, url: cached.url, attempt: 0 } : null;
  });
  const reloadedOnError = useRef<string | null>(null);

  useEffect(() => {
    if (!id) return;
    let live = true;
    const fetchImage = (imageId: string) =>
      dispatch(
        generationApi.endpoints.getImage.initiate(imageId, { subscribe: false, forceRefetch: true }),
      ).unwrap();
    void imageCache.get(id, fetchImage).then((image) => {
      if (live) setLoaded({ id, url: image?.url ?? null, attempt });
    });
    return () => {
      live = false;
    };
  }, [dispatch, id, attempt]);

  const retry = useCallback(() => {
    if (!id) return;
    imageCache.invalidate(id);
    setAttempt((current) => current + 1);
  }, [id]);

  const onLoadError = useCallback(() => {
    if (!id) return;
    if (reloadedOnError.current === id) {
      // Failed twice: the link is broken, not expired.
      setLoaded({ id, url: null, attempt });
      return;
    }
    reloadedOnError.current = id;
    retry();
  }, [attempt, id, retry]);

  const current = loaded && loaded.id === id && loaded.attempt === attempt ? loaded : null;
  const status: ImageStatus = !id ? 'idle' : !current ? 'loading' : current.url ? 'ready' : 'failed';
  return { status, url: current?.url ?? null, retry, onLoadError };
}
