import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectWatch } from './selectors';
import { watchLeft, watchRequested } from './slice';
import type { WatchTopic } from './types';

/**
 * Watches a job live while the screen shows it and `enabled` holds (SPEC §4 "monitoring"): the socket's
 * updates land in RTK Query's cache, so the screen's own queries show them. Leaving (or `enabled`
 * turning false) stops the watch once no other screen shares it. Answers how it is watched, or null.
 */
export function useWatch(topic: WatchTopic, id: string | null | undefined, enabled = true) {
  const dispatch = useAppDispatch();
  const watched = enabled && id ? id : null;
  useEffect(() => {
    if (!watched) return;
    dispatch(watchRequested({ topic, id: watched }));
    return () => {
      dispatch(watchLeft({ topic, id: watched }));
    };
  }, [dispatch, topic, watched]);
  return useAppSelector((state) => selectWatch(state, topic, watched));
}
