import { type TestCase, type TestTreeItem } from '../../contract/testCases';
import { api, tokenFor, type TestServer } from './helpers';

export interface ErrorBody {
  error: { code: string; message: string; details?: { fields?: Record<string, string> } };
}

export interface Workspace {
  token: string;
  userId: string;
  orgId: string;
  suiteId: string;
}

/** A person with an organization and one test suite in it. */
export async function workspace(server: TestServer, email: string, names = { org: 'Org', suite: 'Suite' }) {
  const { token, userId } = await tokenFor(server, { email });
  const org = await api<{ org_id: string }>(server, 'POST', '/organizations', {
    token,
    body: { name: names.org },
  });
  const suite = await api<{ test_suite_id: string }>(server, 'POST', '/test-suites', {
    token,
    body: { name: names.suite, org_id: org.body.org_id },
  });
  return { token, userId, orgId: org.body.org_id, suiteId: suite.body.test_suite_id } satisfies Workspace;
}

/** Creates one test through the API and returns it. */
export async function createTest(
  server: TestServer,
  where: Workspace,
  fields: Record<string, unknown> = {},
): Promise<TestCase> {
  const response = await api<TestCase[]>(server, 'POST', '/test-cases/', {
    token: where.token,
    body: {
      test_cases: [
        { test_suite_id: where.suiteId, name: 'Signs in', website: 'https://example.com/login', ...fields },
      ],
    },
  });
  if (response.status !== 201) throw new Error(`create failed: ${JSON.stringify(response.body)}`);
  return response.body[0];
}

export async function tree(server: TestServer, where: Workspace): Promise<TestTreeItem[]> {
  const response = await api<TestTreeItem[]>(server, 'GET', `/test-suites/${where.suiteId}/tree`, {
    token: where.token,
  });
  if (response.status !== 200) throw new Error(`tree failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The tree as readable lines: 'folder a/b' and 'test a/b/Name'. */
export async function treeLines(server: TestServer, where: Workspace): Promise<string[]> {
  return (await tree(server, where)).map((item) => {
    const full = item.full_parent_path ? `${item.full_parent_path}/${item.entity_name}` : item.entity_name;
    return `${item.is_folder ? 'folder' : 'test'} ${full}`;
  });
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
