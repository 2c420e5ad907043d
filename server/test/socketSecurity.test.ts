import { sql } from 'drizzle-orm';
import { api, startTestServer, tokenFor, type TestServer } from './helpers';
import { SocketClient } from './socketClient';

// Issue 9, finding 6: the live socket handled `watch` before the token check ended, and kept
// streaming after the person lost access, ended their session or let their token expire.

jest.setTimeout(60_000);

/** The promise's value, or null once `ms` passed. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

interface Person {
  token: string;
  userId: string;
}

describe('the live socket', () => {
  let server: TestServer;
  let ada: Person;
  let testId: string;
  let orgId: string;
  const sockets: SocketClient[] = [];

  const open = async () => {
    const socket = await SocketClient.open(`${server.url.replace(/^http/, 'ws')}/api/ws`);
    sockets.push(socket);
    return socket;
  };
  /** A person in Ada's organization, through an accepted invitation. */
  const member = async (email: string, options: { expiresIn?: number } = {}): Promise<Person> => {
    const person = await tokenFor(server, { email, ...options });
    await api(server, 'POST', `/organizations/${orgId}/add-user/${email}`, { token: ada.token });
    const mail = (await server.services.mail.list(email))[0];
    const link = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const accepted = await api(server, 'POST', '/invitations/accept', {
      token: person.token,
      body: { token: link },
    });
    expect(accepted.status).toBe(200);
    return person;
  };
  const watchAs = async (person: Person) => {
    const socket = await open();
    socket.send({ type: 'auth', token: person.token });
    socket.send({ type: 'watch', test_id: testId });
    await socket.next((m) => m.type === 'WATCHING');
    return socket;
  };

  beforeAll(async () => {
    // No worker: the generation stays queued, so a watch stays open as long as the test needs.
    server = await startTestServer({ roles: ['api'] });
    ada = await tokenFor(server, { email: 'ada@example.com' });
    const org = await api<{ org_id: string }>(server, 'POST', '/organizations', {
      token: ada.token,
      body: { name: 'Engines' },
    });
    orgId = org.body.org_id;
    const suite = await api<{ test_suite_id: string }>(server, 'POST', '/test-suites', {
      token: ada.token,
      body: { name: 'Live', org_id: orgId },
    });
    const created = await api<{ _id: string }[]>(server, 'POST', '/test-cases/', {
      token: ada.token,
      body: {
        schedule_generation: true,
        test_cases: [
          {
            test_suite_id: suite.body.test_suite_id,
            name: 'Queued',
            website: 'http://127.0.0.1:9/',
            description: 'Go to the home page',
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    testId = created.body[0]._id;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  it('checks the token before a watch sent in the same breath', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const socket = await open();
      socket.send({ type: 'auth', token: ada.token });
      socket.send({ type: 'watch', test_id: testId });
      const watching = await socket.next((m) => m.type === 'WATCHING' || m.type === 'ERROR');
      expect(watching).toMatchObject({ type: 'WATCHING', test_id: testId });
      expect(socket.messages[0]).toEqual({ type: 'AUTHENTICATED' });
      socket.close();
    }
  });

  it('ends a watch with a message when the person is removed from the organization', async () => {
    const bob = await member('bob@example.com');
    const socket = await watchAs(bob);
    const removed = await api(server, 'PUT', `/organizations/${orgId}/remove-user/${bob.userId}`, {
      token: ada.token,
    });
    expect(removed.status).toBe(200);
    const ended = await socket.next((m) => m.type === 'ERROR', 0, 15_000);
    expect(ended).toEqual({
      type: 'ERROR',
      test_id: testId,
      message: 'You no longer have access to this test',
    });
  });

  it('closes the socket when the session ends', async () => {
    const carol = await member('carol@example.com');
    const socket = await watchAs(carol);
    await server.database.db.execute(
      sql`update idp_sessions set revoked_at = now() where user_id = ${carol.userId}`,
    );
    const closed = await within(socket.closed, 15_000);
    expect(closed).toMatchObject({ code: 4401 });
    expect(socket.messages).toContainEqual({
      type: 'ERROR',
      message: 'Your session has ended or expired: sign in again to keep watching',
    });
  });

  it('closes the socket when the token expires, unless a fresh token was sent', async () => {
    const dora = await member('dora@example.com', { expiresIn: 4 });
    const refreshed = await tokenFor(server, { id: dora.userId, email: 'dora@example.com' });
    const expiring = await watchAs(dora);
    const renewed = await watchAs(dora);
    renewed.send({ type: 'auth', token: refreshed.token });

    const closed = await within(expiring.closed, 20_000);
    expect(closed).toMatchObject({ code: 4401 });
    expect(renewed.messages.filter((m) => m.type === 'ERROR')).toEqual([]);

    // Someone else's token can't take over an open socket.
    renewed.send({ type: 'auth', token: ada.token });
    expect(await renewed.closed).toMatchObject({ code: 4401 });
  });
});
