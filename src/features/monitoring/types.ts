/**
 * What a screen can watch live (SPEC §4 "monitoring"): a test's generation, a run, a healing, a
 * test's healings, a collection's runs (issue 31). Each is a topic of the one socket at /api/ws with
 * its own adapter (adapters/).
 */
export const WATCH_TOPICS = ['generation', 'run', 'healing', 'testHealings', 'collection'] as const;
export type WatchTopic = (typeof WATCH_TOPICS)[number];

/** What the watch is doing; 'failed' keeps the reason until the screen asks again or leaves. */
export type WatchStatus = 'waiting' | 'connecting' | 'open' | 'reconnecting' | 'polling' | 'failed';

/** One watched job, shared by every screen that shows it. */
export interface Watch {
  topic: WatchTopic;
  id: string;
  status: WatchStatus;
  /** Why the last watch failed (SPEC §4: errors are logged and reset the flag). */
  error: string | null;
  /** How many screens want it watched; the watch stops when the last one leaves. */
  watchers: number;
  /** The job's own state as the socket last told it (a run's status, a generation's state); null until told. */
  jobStatus: string | null;
}

/** Every event names the watch it is about. */
export interface WatchRef {
  topic: WatchTopic;
  id: string;
}

/** The store key of a watch: one per topic and id. */
export const watchKey = (topic: WatchTopic, id: string) => `${topic}:${id}`;
