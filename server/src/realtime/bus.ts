import pg from 'pg';
import { type Database } from '../db/client';

// Generation events travel over Postgres LISTEN/NOTIFY, so a worker in another process reaches the
// API process holding the person's socket. PGlite delivers its own notifications in-process.

export type GenerationEventType = 'updated' | 'not_running';

export interface GenerationEvent {
  testId: string;
  type: GenerationEventType;
}

/**
 * A run changed (issue 6): run_updated after each stored change, run_ended once it ended. A run of a
 * collection's group names the collection and the group's created_at (ISO, issue 31), null otherwise.
 */
export interface RunEvent {
  runId: string;
  testId: string;
  type: 'run_updated' | 'run_ended';
  status: string;
  collectionId?: string | null;
  groupCreatedAt?: string | null;
}

/**
 * A healing changed (issue 14): healing_created once it is asked for (issue 28: the test's watchers
 * hear of it), healing_updated after each stored change, healing_ended once it ended.
 */
export interface HealingEvent {
  healingId: string;
  testId: string;
  type: 'healing_created' | 'healing_updated' | 'healing_ended';
  status: string;
}

export type BusEvent = GenerationEvent | RunEvent | HealingEvent;

export function isRunEvent(event: BusEvent): event is RunEvent {
  return event.type === 'run_updated' || event.type === 'run_ended';
}

export function isHealingEvent(event: BusEvent): event is HealingEvent {
  return (
    event.type === 'healing_created' || event.type === 'healing_updated' || event.type === 'healing_ended'
  );
}

export interface EventBus {
  /** Call only after the change is committed: listeners refetch what it describes. */
  publish(event: BusEvent): Promise<void>;
  subscribe(listener: (event: BusEvent) => void): () => void;
  /**
   * A job was queued (the queue's name): workers in other processes take it now rather than at their
   * next poll. On PGlite there is one process, whose queue wakes its own workers.
   */
  publishJobQueued(queue: string): Promise<void>;
  onJobQueued(listener: (queue: string) => void): () => void;
  close(): Promise<void>;
}

export const EVENT_CHANNEL = 'plainwright_events';
export const JOBS_CHANNEL = 'plainwright_jobs';

function parse(payload: string | undefined): BusEvent | null {
  try {
    const value = JSON.parse(payload ?? '') as {
      t?: unknown;
      e?: unknown;
      r?: unknown;
      h?: unknown;
      s?: unknown;
      c?: unknown;
      g?: unknown;
    };
    if (typeof value.t !== 'string') return null;
    if (value.e === 'updated' || value.e === 'not_running') return { testId: value.t, type: value.e };
    if (
      (value.e === 'run_updated' || value.e === 'run_ended') &&
      typeof value.r === 'string' &&
      typeof value.s === 'string'
    )
      return {
        runId: value.r,
        testId: value.t,
        type: value.e,
        status: value.s,
        collectionId: typeof value.c === 'string' ? value.c : null,
        groupCreatedAt: typeof value.g === 'string' ? value.g : null,
      };
    if (
      (value.e === 'healing_created' || value.e === 'healing_updated' || value.e === 'healing_ended') &&
      typeof value.h === 'string' &&
      typeof value.s === 'string'
    )
      return { healingId: value.h, testId: value.t, type: value.e, status: value.s };
    return null;
  } catch {
    return null;
  }
}

export async function createEventBus(database: Database): Promise<EventBus> {
  const listeners = new Set<(event: BusEvent) => void>();
  const deliver = (payload: string | undefined) => {
    const event = parse(payload);
    if (!event) return;
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // One broken listener must not keep the event from the others.
      }
    }
  };
  const subscribe = (listener: (event: BusEvent) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const jobListeners = new Set<(queue: string) => void>();
  const onJobQueued = (listener: (queue: string) => void) => {
    jobListeners.add(listener);
    return () => void jobListeners.delete(listener);
  };
  const payloadOf = (event: BusEvent) =>
    JSON.stringify(
      isRunEvent(event)
        ? {
            t: event.testId,
            e: event.type,
            r: event.runId,
            s: event.status,
            ...(event.collectionId ? { c: event.collectionId, g: event.groupCreatedAt } : {}),
          }
        : isHealingEvent(event)
          ? { t: event.testId, e: event.type, h: event.healingId, s: event.status }
          : { t: event.testId, e: event.type },
    );

  if (database.pglite) {
    const pglite = database.pglite;
    const unlisten = await pglite.listen(EVENT_CHANNEL, deliver);
    let closed = false;
    return {
      async publish(event) {
        if (closed || pglite.closed) return;
        await pglite.query('SELECT pg_notify($1, $2)', [EVENT_CHANNEL, payloadOf(event)]);
      },
      subscribe,
      publishJobQueued: async () => undefined,
      onJobQueued,
      async close() {
        closed = true;
        listeners.clear();
        jobListeners.clear();
        if (!pglite.closed) await unlisten().catch(() => undefined);
      },
    };
  }

  const url = (database.target as { url: string }).url;
  const pool = database.pool!;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  // A dedicated connection holds the LISTEN; when it drops, it comes back after a second.
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === EVENT_CHANNEL) deliver(message.payload);
      if (message.channel === JOBS_CHANNEL && message.payload)
        for (const listener of jobListeners) listener(message.payload);
    });
    const reconnect = () => {
      if (closed || client !== next) return;
      client = null;
      next.removeAllListeners('error');
      next.on('error', () => undefined);
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect().catch(() => reconnect()), 1000);
    };
    next.on('error', reconnect);
    next.on('end', reconnect);
    client = next;
    await next.connect();
    await next.query(`LISTEN ${EVENT_CHANNEL}`);
    await next.query(`LISTEN ${JOBS_CHANNEL}`);
  };
  await connect();
  return {
    async publish(event) {
      if (closed) return;
      await pool.query('SELECT pg_notify($1, $2)', [EVENT_CHANNEL, payloadOf(event)]);
    },
    subscribe,
    async publishJobQueued(queue) {
      if (closed) return;
      await pool.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, queue]);
    },
    onJobQueued,
    async close() {
      closed = true;
      listeners.clear();
      jobListeners.clear();
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
