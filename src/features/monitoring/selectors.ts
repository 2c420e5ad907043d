import type { MonitoringSliceState } from './slice';
import { watchKey, type Watch, type WatchTopic } from './types';

interface WithMonitoring {
  monitoring: MonitoringSliceState;
}

/** How a job is watched live; null when no screen watches it. */
export const selectWatch = (state: WithMonitoring, topic: WatchTopic, id: string | null): Watch | null =>
  (id !== null && state.monitoring.entities[watchKey(topic, id)]) || null;
