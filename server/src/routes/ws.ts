import { type FastifyInstance } from 'fastify';
import type WebSocket from 'ws';
import { type SocketRequest, GENERATION_MESSAGES } from '../../../contract/generation';
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
 * stored change and RUN_NOT_RUNNING when the run ends.
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
    const unwatch = new Map<string, () => void>();
    const unwatchRun = new Map<string, () => void>();
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

    const watchRun = async (runId: string | undefined) => {
      const id = runId?.trim() ?? '';
      if (!id) return send({ type: 'ERROR', message: RUN_MESSAGES.runWatchIdRequired, run_id: '' });
      try {
        const state = await services.runs.watchState(actor!, id);
        unwatchRun.get(id)?.();
        unwatchRun.delete(id);
        send({ type: 'RUN_WATCHING', run_id: id, test_id: state.testId, status: state.status });
        if (!state.running) {
          send({ type: 'RUN_NOT_RUNNING', run_id: id, test_id: state.testId, status: state.status });
          return;
        }
        const stop = hub.watchRun(id, send);
        unwatchRun.set(id, stop);
        // The run may have ended between the check and the watch: look once more.
        const again = await services.runs.watchState(actor!, id);
        if (!again.running && unwatchRun.get(id) === stop) {
          stop();
          unwatchRun.delete(id);
          send({ type: 'RUN_NOT_RUNNING', run_id: id, test_id: again.testId, status: again.status });
        }
      } catch (error) {
        send({
          type: 'ERROR',
          run_id: id,
          message: error instanceof AppError ? error.message : 'Could not watch this run',
        });
      }
    };

    const watch = async (testId: string | undefined) => {
      const id = testId?.trim() ?? '';
      if (!id) return send({ type: 'ERROR', message: GENERATION_MESSAGES.monitoringTestIdRequired });
      try {
        const state = await services.generation.watchState(actor!, id);
        unwatch.get(id)?.();
        send({ type: 'WATCHING', test_id: id, state: state.state });
        if (!state.generating) {
          // Nothing is running: say so at once rather than after the watch times out.
          send({ type: 'TEST_NOT_RUNNING', test_id: id });
          return;
        }
        const stop = hub.watch(id, send);
        unwatch.set(id, stop);
        // The job may have ended between the check and the watch: look once more.
        const again = await services.generation.watchState(actor!, id);
        if (!again.generating && unwatch.get(id) === stop) {
          stop();
          unwatch.delete(id);
          send({ type: 'TEST_NOT_RUNNING', test_id: id });
        }
      } catch (error) {
        send({
          type: 'ERROR',
          test_id: id,
          message: error instanceof AppError ? error.message : 'Could not watch this test',
        });
      }
    };

    /** Ends the watches the person may no longer see, and the socket when the session is over. */
    const revalidate = async () => {
      if (!actor || !claims) return;
      if (!(await isSessionActive(verifier, claims).catch(() => false))) {
        send({ type: 'ERROR', message: SESSION_ENDED });
        return socket.close(4401, 'Session ended');
      }
      for (const id of [...unwatch.keys()]) {
        const allowed = await services.generation.watchState(actor, id).then(
          () => true,
          (error: unknown) => !(error instanceof AppError),
        );
        if (allowed) continue;
        unwatch.get(id)?.();
        unwatch.delete(id);
        send({ type: 'ERROR', test_id: id, message: `${ACCESS_LOST} test` });
      }
      for (const id of [...unwatchRun.keys()]) {
        const allowed = await services.runs.watchState(actor, id).then(
          () => true,
          (error: unknown) => !(error instanceof AppError),
        );
        if (allowed) continue;
        unwatchRun.get(id)?.();
        unwatchRun.delete(id);
        send({ type: 'ERROR', run_id: id, message: `${ACCESS_LOST} run` });
      }
    };
    const revalidation = setInterval(() => void revalidate().catch(() => undefined), REVALIDATE_MS);

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
        let message: Partial<SocketRequest | RunSocketRequest> & {
          token?: unknown;
          test_id?: unknown;
          run_id?: unknown;
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
          if (urlTestId) await watch(urlTestId);
          if (urlRunId) await watchRun(urlRunId);
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
            return watch(typeof message.test_id === 'string' ? message.test_id : undefined);
          case 'unwatch': {
            const id = typeof message.test_id === 'string' ? message.test_id.trim() : '';
            unwatch.get(id)?.();
            unwatch.delete(id);
            return;
          }
          case 'watch_run':
            return watchRun(typeof message.run_id === 'string' ? message.run_id : undefined);
          case 'unwatch_run': {
            const id = typeof message.run_id === 'string' ? message.run_id.trim() : '';
            unwatchRun.get(id)?.();
            unwatchRun.delete(id);
            return;
          }
          default:
            return send({ type: 'ERROR', message: `Unknown message type "${String(message.type)}"` });
        }
      })();
    socket.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(ping);
      clearInterval(revalidation);
      for (const stop of unwatch.values()) stop();
      unwatch.clear();
      for (const stop of unwatchRun.values()) stop();
      unwatchRun.clear();
    });
  });
}
