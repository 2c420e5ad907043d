// What other features use of the monitoring (a feature imports only another's api.ts): the hook that
// watches a job, how a watch is read, and the events a kind's own state follows (e.g. generation's
// flag goes down when its watch ends). docs/monitoring.md lists every event.
export { useWatch } from './useWatch';
export { selectWatch } from './selectors';
export { generationEnded, watchEnded, watchFailed } from './slice';
export type { Watch, WatchStatus, WatchTopic } from './types';
