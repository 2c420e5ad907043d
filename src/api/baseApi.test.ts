import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { server } from '../testing/msw/server';
import { db, seedUser } from '../testing/msw/db';
import { signInAs, startAuthClient } from '../testing/session';
import type { ApiError } from './apiError';
import { describeError } from './apiError';
import { baseApi } from './baseApi';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, void>({ query: () => '/probe' }) }),
});

async function probe() {
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  return store.dispatch(probeApi.endpoints.probe.initiate());
}

function respondWith(status: number, body: string | null = null) {
  server.use(http.get('/api/probe', () => new HttpResponse(body, { status })));
}

describe('baseQuery', () => {
  beforeEach(() => startAuthClient());

  it.each([
    [401, 'Unauthorized - Please log in again'],
    [403, 'Forbidden - You do not have permission to access this resource'],
    [404, 'Resource not found'],
    [500, 'Server error - Please try again later'],
    [503, 'Server error - Please try again later'],
    [409, 'HTTP error! status: 409'],
    [418, 'HTTP error! status: 418'],
  ])('turns an HTTP %i into the catalogue text', async (status, text) => {
    respondWith(status);
    const result = await probe();
    expect((result.error as ApiError).message).toBe(text);
    expect((result.error as ApiError).status).toBe(status);
  });

  it('reads a body that is not JSON as an empty object', async () => {
    respondWith(200, '<html>not json</html>');
    const result = await probe();
    expect(result.data).toEqual({});
  });

  it('reads an empty body as an empty object', async () => {
    respondWith(204);
    const result = await probe();
    expect(result.data).toEqual({});
  });

  it("keeps the server's own error message next to the catalogue text", async () => {
    server.use(
      http.get('/api/probe', () =>
        HttpResponse.json(
          { error: { code: 'already_member', message: 'This user is already part of your organization' } },
          { status: 409 },
        ),
      ),
    );
    const result = await probe();
    expect(result.error).toMatchObject({
      message: 'HTTP error! status: 409',
      serverMessage: 'This user is already part of your organization',
      code: 'already_member',
    });
    expect(describeError(result.error, 'Failed')).toBe('This user is already part of your organization');
  });

  it('reports a network failure as a network error', async () => {
    server.use(http.get('/api/probe', () => HttpResponse.error()));
    const result = await probe();
    expect(result.error).toMatchObject({
      status: 'FETCH_ERROR',
      message: expect.stringMatching(/network error/i),
    });
  });

  it("sends the session's access token as a bearer token", async () => {
    const user = seedUser();
    signInAs(user);
    let authorization: string | null = null;
    server.use(
      http.get('/api/probe', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    await probe();
    expect(authorization).toMatch(/^Bearer /);
    expect(db.tokens.get(String(authorization).replace('Bearer ', ''))).toBe(user.id);
  });

  it('sends no authorization header when nobody is signed in', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get('/api/probe', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({});
      }),
    );
    await probe();
    expect(authorization).toBeNull();
  });
});
