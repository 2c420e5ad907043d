import { type FastifyInstance } from 'fastify';
import type WebSocket from 'ws';
import { COLLECTION_MESSAGES, type CollectionSocketRequest } from '../../../contract/collections';
import { type SocketRequest, GENERATION_MESSAGES } from '../../../contract/generation';
import {
  HEALING_MESSAGES,
  type HealingSocketRequest,
  type TestHealingsSocketRequest,
} from '../../../contract/healing';
import { RUN_MESSAGES, type RunSocketRequest } from '../../../contract/runs';
import { type GenerationConfig } from '../config';
import { AppError } from '../errors';
import { type AccessClaims, isSessionActive, type TokenVerifier } from '../identity/verifier';
import { actorFromClaims } from '../plugins/auth';
import { type HubMessage, WatchHub } from '../realtime/hub';
import { type Actor } from '../services/actor';
import { type Services } from '../services';

const AUTH_TIMEOUT_MS = 10_000;
const PING_INTERVAL_MS = 30_000;
// How often an open socket checks that its token, session and memberships still allow its watches.
const REVALIDATE_MS = 5_000;
const SESSION_ENDED = 'Your session has ended or expired: sign in again to keep watching';
const ACCESS_LOST = 'You no longer have access to this';

/**
 * GET /api/ws: the first message is {type:"auth", token} (a bearer token, checked like the API's);
 * then {type:"watch", test_id} per test. The server sends TEST_UPDATED after each stored change,
 * TEST_NOT_RUNNING when the job ends, WATCH_TIMED_OUT when a watch reaches its time limit.
 * `?test_id=` on the URL watches that test right after authentication (one socket per test).
 * Runs (docs/runs.md): {type:"watch_run", run_id} (or `?run_id=`) gets RUN_UPDATED after each
 * stored change and RUN_NOT_RUNNING when the run ends. Healings (docs/healing.md):
 * {type:"watch_healing", healing_id} (or `?healing_id=`) gets HEALING_UPDATED after each stored step
 * and HEALING_NOT_RUNNING when the healing ends. A test's healings (issue 28):
 * {type:"watch_test_healings", test_id} gets TEST_HEALINGS_WATCHING, then TEST_HEALINGS_CHANGED when
 * one of its healings is created, ends or is decided, until the watch times out. A collection's runs
 * (issue 31): {type:"watch_collection", collection_id} gets COLLECTION_WATCHING, then
 * COLLECTION_RUNS_CHANGED after every event of one of its runs, until the watch times out.
 */
export async function wsRoutes(
  app: FastifyInstance,
  options: { services: Services; verifier: TokenVerifier; config: GenerationConfig },
): Promise<void> {
  const { services, verifier } = options;
  const hub = new WatchHub(services.events, options.config.watchTimeoutMs);
  app.addHook('onClose', async () => hub.close());

  app.get('/ws', { websocket: true }, (socket: WebSocket, request) => {
    let actor: Actor | null = null;
    let claims: AccessClaims | null = null;
    const topics = trackedTopics(services, hub);
    /** Per topic, what ends each of this socket's watches. */
    const watching = new Map<TrackedTopic, Map<string, () => void>>(
      Object.values(topics).map((topic) => [topic, new Map()]),
    );
    const send = (message: HubMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const authTimer = setTimeout(() => {
      if (!actor) socket.close(4401, 'Authentication timed out');
    }, AUTH_TIMEOUT_MS);
    const ping = setInterval(() => {
      if (socket.readyState === socket.OPEN) socket.ping();
    }, PING_INTERVAL_MS);
    const urlParams = new URL(request.url, 'http://socket.invalid').searchParams;
    const urlTestId = urlParams.get('test_id');
    const urlRunId = urlParams.get('run_id');
    const urlHealingId = urlParams.get('healing_id');

    /**
     * One watch of any tracked topic: the state now, then the hub's events until the job ends. The
     * hub is listened to before the state is read, so nothing between the two is missed; what it
     * says meanwhile follows the state.
     */
    const watchTopic = async (topic: TrackedTopic, rawId: string | undefined) => {
      const id = rawId?.trim() ?? '';
      if (!id) return send(topic.idRequired);
      const watches = watching.get(topic)!;
      watches.get(id)?.();
      let early: HubMessage[] | null = [];
      // A watch the hub ends (the job ended, the watch timed out) is forgotten: not checked again.
      const stop = topic.watch(
        id,
        (message) => (early ? early.push(message) : send(message)),
        () => forget(),
      );
      const forget = () => {
        if (watches.get(id) === stop) watches.delete(id);
      };
      watches.set(id, stop);
      try {
        const state = await topic.state(actor!, id);
        send(state.watching);
        if (!state.running) {
          // Nothing is running: say so at once rather than after the watch times out.
          stop();
          forget();
          send(state.notRunning);
          return;
        }
        const meanwhile = early;
        early = null;
        for (const message of meanwhile) send(message);
      } catch (error) {
        stop();
        forget();
        send({
          type: 'ERROR',
          ...topic.idOf(id),
          message: error instanceof AppError ? error.message : topic.cannotWatch,
        });
      }
    };

    const unwatchTopic = (topic: TrackedTopic, rawId: unknown) => {
      const id = typeof rawId === 'string' ? rawId.trim() : '';
      const watches = watching.get(topic)!;
      watches.get(id)?.();
      watches.delete(id);
    };

    /** Ends the watches the person may no longer see, and the socket when the session is over. */
    const revalidate = async () => {
      if (!actor || !claims) return;
      if (!(await isSessionActive(verifier, claims).catch(() => false))) {
        send({ type: 'ERROR', message: SESSION_ENDED });
        return socket.close(4401, 'Session ended');
      }
      for (const [topic, watches] of watching)
        for (const id of [...watches.keys()]) {
          const allowed = await topic.state(actor, id).then(
            () => true,
            (error: unknown) => !(error instanceof AppError),
          );
          if (allowed) continue;
          watches.get(id)?.();
          watches.delete(id);
          send({ type: 'ERROR', ...topic.idOf(id), message: `${ACCESS_LOST} ${topic.noun}` });
        }
    };
    // Each socket at its own moment: sockets opened together (a restart's reconnects) do not all read
    // the database in the same instant every REVALIDATE_MS.
    let revalidation: NodeJS.Timeout | undefined;
    const firstRevalidation = setTimeout(() => {
      revalidation = setInterval(() => void revalidate().catch(() => undefined), REVALIDATE_MS);
      void revalidate().catch(() => undefined);
    }, Math.random() * REVALIDATE_MS);

    const authenticate = async (token: string): Promise<AccessClaims> => {
      const verified = await verifier.verify(token);
      if (verified.role && verified.role !== 'authenticated')
        throw new AppError('This token is not a signed-in user');
      return verified;
    };

    // NOTE: messages are handled one after another, so a watch sent with the auth waits for its check.
    let handling: Promise<void> = Promise.resolve();
    socket.on('message', (raw: WebSocket.RawData) => {
      handling = handling.then(() => handleMessage(raw)).catch(() => undefined);
    });

    const handleMessage = (raw: WebSocket.RawData) =>
      (async () => {
        let message: Partial<
          | SocketRequest
          | RunSocketRequest
          | HealingSocketRequest
          | TestHealingsSocketRequest
          | CollectionSocketRequest
        > & {
          token?: unknown;
          test_id?: unknown;
          run_id?: unknown;
          healing_id?: unknown;
          collection_id?: unknown;
        };
        try {
          message = JSON.parse(raw.toString()) as typeof message;
          if (!message || typeof message !== 'object') throw new Error('not an object');
        } catch {
          return send({ type: 'ERROR', message: 'Messages must be JSON objects with a type' });
        }
        if (!actor) {
          if (message.type !== 'auth' || typeof message.token !== 'string' || !message.token) {
            send({ type: 'ERROR', message: 'Send {"type":"auth","token":"<access token>"} first' });
            return socket.close(4401, 'Authentication required');
          }
          try {
            claims = await authenticate(message.token);
            actor = actorFromClaims(claims);
            await services.users.ensure(actor);
          } catch (error) {
            actor = null;
            claims = null;
            send({
              type: 'ERROR',
              message: error instanceof AppError ? error.message : 'Invalid access token',
            });
            return socket.close(4401, 'Authentication failed');
          }
          clearTimeout(authTimer);
          send({ type: 'AUTHENTICATED' });
          if (urlTestId) await watchTopic(topics.test, urlTestId);
          if (urlRunId) await watchTopic(topics.run, urlRunId);
          if (urlHealingId) await watchTopic(topics.healing, urlHealingId);
          return;
        }
        switch (message.type) {
          case 'auth': {
            // A refreshed token keeps the socket going past the first token's expiry; same person only.
            if (typeof message.token !== 'string' || !message.token) return send({ type: 'AUTHENTICATED' });
            try {
              const fresh = await authenticate(message.token);
              if (fresh.sub !== actor.id) throw new AppError('This token belongs to someone else');
              claims = fresh;
              return send({ type: 'AUTHENTICATED' });
            } catch (error) {
              send({
                type: 'ERROR',
                message: error instanceof AppError ? error.message : 'Invalid access token',
              });
              return socket.close(4401, 'Authentication failed');
            }
          }
          case 'watch':
            return watchTopic(topics.test, typeof message.test_id === 'string' ? message.test_id : undefined);
          case 'unwatch':
            return unwatchTopic(topics.test, message.test_id);
          case 'watch_run':
            return watchTopic(topics.run, typeof message.run_id === 'string' ? message.run_id : undefined);
          case 'unwatch_run':
            return unwatchTopic(topics.run, message.run_id);
          case 'watch_healing':
            return watchTopic(
              topics.healing,
              typeof message.healing_id === 'string' ? message.healing_id : undefined,
            );
          case 'unwatch_healing':
            return unwatchTopic(topics.healing, message.healing_id);
          case 'watch_test_healings':
            return watchTopic(
              topics.testHealings,
              typeof message.test_id === 'string' ? message.test_id : undefined,
            );
          case 'unwatch_test_healings':
            return unwatchTopic(topics.testHealings, message.test_id);
          case 'watch_collection':
            return watchTopic(
              topics.collection,
              typeof message.collection_id === 'string' ? message.collection_id.toLowerCase() : undefined,
            );
          case 'unwatch_collection':
            return unwatchTopic(
              topics.collection,
              typeof message.collection_id === 'string' ? message.collection_id.toLowerCase() : undefined,
            );
          default:
            return send({ type: 'ERROR', message: `Unknown message type "${String(message.type)}"` });
        }
      })();
    socket.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(ping);
      clearTimeout(firstRevalidation);
      clearInterval(revalidation);
      for (const watches of watching.values()) {
        for (const stop of watches.values()) stop();
        watches.clear();
      }
    });
  });
}

/** A tracked job's topic on the socket: how to read its state, watch it and say so (SPEC §4's messages). */
interface TrackedTopic {
  /** "test", "run", "healing", "test's healings" or "collection", for the message when access is lost. */
  noun: string;
  idRequired: HubMessage;
  cannotWatch: string;
  /** The field naming the watched id in an ERROR. */
  idOf(
    id: string,
  ): { test_id: string } | { run_id: string } | { healing_id: string } | { collection_id: string };
  state(
    actor: Actor,
    id: string,
  ): Promise<{ running: boolean; watching: HubMessage; notRunning: HubMessage }>;
  watch(id: string, send: (message: HubMessage) => void, ended: () => void): () => void;
}

function trackedTopics(
  services: Services,
  hub: WatchHub,
): {
  test: TrackedTopic;
  run: TrackedTopic;
  healing: TrackedTopic;
  testHealings: TrackedTopic;
  collection: TrackedTopic;
} {
  return {
    test: {
      noun: 'test',
      idRequired: { type: 'ERROR', message: GENERATION_MESSAGES.monitoringTestIdRequired },
      cannotWatch: 'Could not watch this test',
      idOf: (id) => ({ test_id: id }),
      state: async (actor, id) => {
        const state = await services.generation.watchState(actor, id);
        return {
          running: state.generating,
          watching: { type: 'WATCHING', test_id: id, state: state.state },
          notRunning: { type: 'TEST_NOT_RUNNING', test_id: id },
        };
      },
      watch: (id, send, ended) => hub.watch(id, send, ended),
    },
    run: {
      noun: 'run',
      idRequired: { type: 'ERROR', message: RUN_MESSAGES.runWatchIdRequired, run_id: '' },
      cannotWatch: 'Could not watch this run',
      idOf: (id) => ({ run_id: id }),
      state: async (actor, id) => {
        const state = await services.runs.watchState(actor, id);
        const fields = { run_id: id, test_id: state.testId, status: state.status };
        return {
          running: state.running,
          watching: { type: 'RUN_WATCHING', ...fields },
          notRunning: { type: 'RUN_NOT_RUNNING', ...fields },
        };
      },
      watch: (id, send, ended) => hub.watchRun(id, send, ended),
    },
    healing: {
      noun: 'healing',
      idRequired: { type: 'ERROR', message: HEALING_MESSAGES.watchIdRequired, healing_id: '' },
      cannotWatch: 'Could not watch this healing',
      idOf: (id) => ({ healing_id: id }),
      state: async (actor, id) => {
        const state = await services.healing.watchState(actor, id);
        const fields = { healing_id: id, test_id: state.testId, status: state.status };
        return {
          running: state.running,
          watching: { type: 'HEALING_WATCHING', ...fields },
          notRunning: { type: 'HEALING_NOT_RUNNING', ...fields },
        };
      },
      watch: (id, send, ended) => hub.watchHealing(id, send, ended),
    },
    // Never "not running": a test's healings can change at any time, so the watch lasts until it
    // times out (the screen watches again).
    testHealings: {
      noun: "test's healings",
      idRequired: { type: 'ERROR', message: GENERATION_MESSAGES.monitoringTestIdRequired },
      cannotWatch: "Could not watch this test's healings",
      idOf: (id) => ({ test_id: id }),
      state: async (actor, id) => {
        // Who may see the test may see its healings: the generation's check answers 404 otherwise.
        await services.generation.watchState(actor, id);
        const watching: HubMessage = { type: 'TEST_HEALINGS_WATCHING', test_id: id };
        return { running: true, watching, notRunning: watching };
      },
      watch: (id, send, ended) => hub.watchTestHealings(id, send, ended),
    },
    // Issue 31: a collection's runs, never "not running" either: a group may start at any time (a
    // run-all, a schedule's tick), so the watch lasts until it times out.
    collection: {
      noun: 'collection',
      idRequired: { type: 'ERROR', message: COLLECTION_MESSAGES.idRequired, collection_id: '' },
      cannotWatch: 'Could not watch this test collection',
      idOf: (id) => ({ collection_id: id }),
      state: async (actor, id) => {
        // Who may read the collection (its GET's check) may watch its runs.
        await services.collections.requireCollection(actor, id);
        const watching: HubMessage = { type: 'COLLECTION_WATCHING', collection_id: id };
        return { running: true, watching, notRunning: watching };
      },
      watch: (id, send, ended) => hub.watchCollection(id, send, ended),
    },
  };
}
