import { ws, type WebSocketHandlerConnection } from 'msw';
import { db } from './db';

// The fake /api/ws of the in-memory server, one socket for every topic as the real one
// (server/src/routes/ws.ts and its table of topics): {type:"auth", token} first, then each topic's
// watch and unwatch requests. A kind's file (generation.ts, runs.ts, healing.ts, collections.ts) adds
// its topic and publishes what the server would.

type Client = WebSocketHandlerConnection['client'];

/** One topic of the socket: its requests and how a watch is answered. */
export interface FakeTopic {
  /** The request that starts a watch, e.g. `watch_run`, and the one that ends it. */
  watch: string;
  unwatch: string;
  /** The request's field naming the job, e.g. `run_id`. */
  idField: string;
  /** What the server answers a watch of `id` (trimmed) by `userId`; `watching` when it goes on. */
  open(id: string, userId: string): { messages: object[]; watching: boolean };
}

const topics = new Map<string, FakeTopic>();
/** Per signed-in socket, the ids it watches per topic. */
const sockets = new Map<Client, Map<string, Set<string>>>();

const send = (client: Client, message: object) => client.send(JSON.stringify(message));
const watchedBy = (client: Client, topic: string) => {
  const byTopic = sockets.get(client)!;
  let ids = byTopic.get(topic);
  if (!ids) byTopic.set(topic, (ids = new Set()));
  return ids;
};

/** Adds a topic; answers how to tell its watchers and how many there are. */
export function fakeTopic(name: string, topic: FakeTopic) {
  topics.set(name, topic);
  return {
    /** Sends `message` to every socket watching `id`; `ends`: the watch is over after it. */
    publish(id: string, message: object, ends: boolean) {
      for (const client of sockets.keys()) {
        const ids = watchedBy(client, name);
        if (!ids.has(id)) continue;
        send(client, message);
        if (ends) ids.delete(id);
      }
    },
    watcherCount: (id: string) =>
      [...sockets.keys()].filter((client) => watchedBy(client, name).has(id)).length,
  };
}

export function resetSocketServer() {
  sockets.clear();
}

export const socketHandler = ws.link(/\/api\/ws(\?.*)?$/).addEventListener('connection', ({ client }) => {
  let userId: string | null = null;
  client.addEventListener('close', () => sockets.delete(client));
  client.addEventListener('message', (event) => {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(String(event.data)) as typeof message;
    } catch {
      return send(client, { type: 'ERROR', message: 'Messages must be JSON objects with a type' });
    }
    if (!userId) {
      const token = typeof message.token === 'string' ? message.token : '';
      userId = (message.type === 'auth' && db.tokens.get(token)) || null;
      if (!userId) {
        send(client, { type: 'ERROR', message: 'Invalid access token' });
        return client.close(4401, 'Authentication failed');
      }
      sockets.set(client, new Map());
      return send(client, { type: 'AUTHENTICATED' });
    }
    for (const [name, topic] of topics) {
      const raw = message[topic.idField];
      const id = typeof raw === 'string' ? raw.trim() : '';
      if (message.type === topic.unwatch) return watchedBy(client, name).delete(id);
      if (message.type !== topic.watch) continue;
      const { messages, watching } = topic.open(id, userId);
      for (const answer of messages) send(client, answer);
      if (watching) watchedBy(client, name).add(id);
      return;
    }
  });
});
