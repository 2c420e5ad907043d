import { PARSE_LIMITS } from '../../contract/agents';
import { api, startTestServer, tokenFor, type TestServer } from './helpers';

// POST /api/agents/parse (issue 29): sentences read without a page, for anyone signed in.

describe('POST /api/agents/parse', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await tokenFor(server, { email: 'reader@a.example' })).token;
  });
  afterAll(async () => server?.close());

  it('answers each sentence with its steps or its refusal, in order', async () => {
    const response = await api(server, 'POST', '/agents/parse', {
      token,
      body: { sentences: ['Click the "Save" button', 'Make sure everything works'] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      readings: [
        { sentence: 'Click the "Save" button', steps: [{ action: 'click', target: 'Save' }] },
        { sentence: 'Make sure everything works', refused: expect.any(String) },
      ],
    });
  });

  it('is for signed-in callers only', async () => {
    const response = await api(server, 'POST', '/agents/parse', { body: { sentences: ['Click Save'] } });
    expect(response.status).toBe(401);
  });

  it('refuses calls beyond its bounds or of another shape', async () => {
    const tooMany = Array.from({ length: PARSE_LIMITS.sentences + 1 }, () => 'Click Save');
    const tooLong = 'x'.repeat(PARSE_LIMITS.sentenceLength + 1);
    for (const body of [{ sentences: tooMany }, { sentences: [tooLong] }, { sentences: [] }, { text: 'a' }])
      expect((await api(server, 'POST', '/agents/parse', { token, body })).status).toBe(400);
  });
});
