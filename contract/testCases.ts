import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable } from './common';

// ── Rules shared by the SPA's forms and the server (SPEC §5) ─────────────────────────────────────

export const TEST_CASE_LIMITS = {
  name: 200,
  description: 100_000,
  website: 2048,
  /** A folder path, segments joined by '/'. */
  path: 1000,
  pathDepth: 20,
  folderName: 100,
  variableName: 100,
  variableValue: 10_000,
  variables: 200,
  userAgent: 1000,
  /** collection_ids and shared_parameter_ids each. */
  ids: 200,
  /** Test cases in one create call. */
  batch: 100,
  viewportMin: 100,
  viewportWidthMax: 7680,
  viewportHeightMax: 4320,
} as const;

export const DEFAULT_VIEWPORT = { width: 1280, height: 720 } as const;
export const PROGRAMMING_LANGUAGES = ['typescript', 'python'] as const;
export type ProgrammingLanguage = (typeof PROGRAMMING_LANGUAGES)[number];

/** Folder, variable and secret names: letters (any alphabet), digits and underscores. */
const SIMPLE_NAME = /^[\p{L}\p{N}_]+$/u;

export const MESSAGES = {
  invalidUrl: 'Please enter a valid URL',
  folderName: 'Folder names may contain only letters, numbers or underscores',
  variableName: 'Variable names may contain only letters, numbers or underscores',
  secretName: 'Secret names may contain only letters, numbers or underscores',
  variableExists: 'Variable already exists',
  secretClash: 'A secret already exists with same name',
  testCaseIdRequired: 'Testcase id is required',
  testCaseIdNotFound: 'Test case id not found',
  testCaseNotFound: 'Test case not found',
  parameterDataRequired: 'Parameter data is required',
} as const;

export function isSimpleName(value: string): boolean {
  return SIMPLE_NAME.test(value);
}

/** An absolute http(s) URL with a host, as a browser would open it. */
export function isWebsiteUrl(value: string): boolean {
  if (value.length > TEST_CASE_LIMITS.website || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
/** A host (with an optional port) at the start of a value typed without a scheme. */
const BARE_HOST = /^(\[[0-9a-f:.]+\]|[^\s/?#:[\]@]+)(:\d{1,5})?([/?#]|$)/i;

/** Hosts that live on the person's own machine or network, which rarely have a certificate. */
function isLocalHost(host: string): boolean {
  const lower = host.toLowerCase();
  return lower === 'localhost' || lower.endsWith('.localhost') || IPV4.test(host) || host.startsWith('[');
}

/**
 * What a website typed without a scheme means: `localhost:3112` → `http://localhost:3112` (local
 * hosts and IP literals), `example.com` → `https://example.com`. A value with a scheme, or one that
 * does not start with a host (no dot, not local), comes back trimmed so the URL check can refuse it.
 */
export function normalizeWebsite(input: string): string {
  const value = input.trim();
  if (value === '' || HAS_SCHEME.test(value)) return value;
  const host = BARE_HOST.exec(value)?.[1];
  if (!host) return value;
  if (isLocalHost(host)) return `http://${value}`;
  // NOTE: a single word ('nope') is not a website; prefixing it would make it pass the URL check.
  return host.includes('.') ? `https://${value}` : value;
}

/**
 * A folder path as stored: segments joined by '/', no leading or trailing slash; '' is the root.
 * Returns the normalized path, or the sentence that says what is wrong with it.
 */
export function parseFolderPath(value: string): { path: string } | { error: string } {
  const trimmedValue = value.trim().replace(/^\/+|\/+$/g, '');
  if (trimmedValue === '') return { path: '' };
  if (trimmedValue.length > TEST_CASE_LIMITS.path)
    return { error: `Folder paths must be at most ${TEST_CASE_LIMITS.path} characters` };
  const segments = trimmedValue.split('/').map((segment) => segment.trim());
  if (segments.length > TEST_CASE_LIMITS.pathDepth)
    return { error: `Folders may nest at most ${TEST_CASE_LIMITS.pathDepth} levels deep` };
  for (const segment of segments) {
    if (!isSimpleName(segment)) return { error: MESSAGES.folderName };
    if (segment.length > TEST_CASE_LIMITS.folderName)
      return { error: `Folder names must be at most ${TEST_CASE_LIMITS.folderName} characters` };
  }
  return { path: segments.join('/') };
}

/** 'a/b/c' → ['a', 'a/b', 'a/b/c']; '' → []. */
export function folderAncestry(path: string): string[] {
  if (!path) return [];
  const segments = path.split('/');
  return segments.map((_, index) => segments.slice(0, index + 1).join('/'));
}

/** SPEC §3: parameters fall back to credentials when empty. */
export function effectiveParameters(
  parameters: Record<string, string>,
  credentials: Record<string, string>,
): Record<string, string> {
  return Object.keys(parameters).length > 0 ? parameters : credentials;
}

// ── Wire shapes (SPEC §3, snake_case) ─────────────────────────────────────────────────────────────

export const ParameterMap = Type.Record(Type.String(), Type.String());
export type ParameterMap = Static<typeof ParameterMap>;

/** A test case as the server sends it (SPEC §3 "Test case (received)"). */
export const TestCase = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  /** The same value as name: SPEC §3 reads "title or name". */
  title: Type.String(),
  website: Type.String(),
  /** The instructions (rich text from the editor). */
  description: Type.String(),
  test_suite_id: Type.String(),
  org_id: Type.String(),
  /** Who created the test. */
  customer_id: Nullable(Type.String()),
  /** Folder path: '' for the root, else 'a/b'. */
  path: Type.String(),
  credentials: ParameterMap,
  /** Stored parameters, or credentials when there are none. */
  parameters: ParameterMap,
  shared_parameter_ids: Type.Array(Type.String()),
  collection_ids: Type.Array(Type.String()),
  programming_language: Type.Union([Type.Literal('typescript'), Type.Literal('python')]),
  viewport_width: Type.Integer(),
  viewport_height: Type.Integer(),
  user_agent: Nullable(Type.String()),
  browser_state_id: Nullable(Type.String()),
  test_module_id_for_setup: Nullable(Type.String()),
  enable_proxies: Type.Boolean(),
  /** A generation state (contract/states.ts); 'created' until a generation exists. */
  state: Type.String(),
  final_message: Nullable(Type.String()),
  final_script: Nullable(Type.String()),
  final_script_py: Nullable(Type.String()),
  test_generation_steps: Type.Array(Type.Unknown()),
  /**
   * Our addition: how many steps the current (or last) generation's plan has, so progress reads
   * "step 3 of 5"; null until a planner made one.
   */
  generation_plan_length: Nullable(Type.Integer()),
  /**
   * Our addition (issue 28): the plan's instructions that have no successful step once generation
   * has stopped (the failed one and those after it, or those a Mark as complete left out), in
   * order; empty while generating and when every instruction has its step.
   */
  instructions_without_steps: Type.Array(Type.String()),
  /** A run state, null until the test has run. */
  latest_run_status: Nullable(Type.String()),
  latest_run_time: Nullable(IsoDate),
  /**
   * Our addition (issue 11): the instructions or the website changed since the steps were generated
   * (false while there are no steps or while generating). Regenerate to bring the steps up to date.
   */
  steps_out_of_date: Type.Boolean(),
  /** Set when someone asked for a generation (schedule_generation or ?schedule=true). */
  generation_requested_at: Nullable(IsoDate),
  created_at: IsoDate,
  /** Send it back with an edit to refuse the edit when someone changed the test meanwhile. */
  last_modified_at: IsoDate,
});
export type TestCase = Static<typeof TestCase>;

// NOTE: fields carry types only; the service checks values so that people get SPEC §5's sentences.
const editableFields = {
  name: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  website: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  path: Type.Optional(Type.String()),
  credentials: Type.Optional(ParameterMap),
  parameters: Type.Optional(ParameterMap),
  shared_parameter_ids: Type.Optional(Type.Array(Type.String())),
  collection_ids: Type.Optional(Type.Array(Type.String())),
  programming_language: Type.Optional(Type.String()),
  viewport_width: Type.Optional(Type.Integer()),
  viewport_height: Type.Optional(Type.Integer()),
  user_agent: Type.Optional(Nullable(Type.String())),
  browser_state_id: Type.Optional(Nullable(Type.String())),
  test_module_id_for_setup: Type.Optional(Nullable(Type.String())),
  enable_proxies: Type.Optional(Type.Boolean()),
};

export const NewTestCase = Type.Object(
  { test_suite_id: Type.Optional(Type.String()), ...editableFields },
  { additionalProperties: false },
);
export type NewTestCase = Static<typeof NewTestCase>;

export const CreateTestCasesBody = Type.Object(
  {
    /** Stored as a request (generation_requested_at); generation itself is a later issue. */
    schedule_generation: Type.Optional(Type.Boolean()),
    test_cases: Type.Optional(Type.Array(NewTestCase)),
  },
  { additionalProperties: false },
);
export type CreateTestCasesBody = Static<typeof CreateTestCasesBody>;

/** PATCH (partial: only the fields sent change) and PUT (full: absent fields reset) of /test-case/{id}/edit. */
export const EditTestCaseBody = Type.Object(
  {
    /** Required on PATCH ('Testcase id is required'); must match the address. */
    test_case_id: Type.Optional(Type.String()),
    id: Type.Optional(Type.String()),
    test_suite_id: Type.Optional(Type.String()),
    /** Optional optimistic check: the edit is refused with 409 if the test changed since. */
    last_modified_at: Type.Optional(Type.String()),
    ...editableFields,
  },
  { additionalProperties: false },
);
export type EditTestCaseBody = Static<typeof EditTestCaseBody>;

/** schedule: 'true' or 'false' (a query string carries text; anything else is a 400). */
export const EditTestCaseQuery = Type.Object({ schedule: Type.Optional(Type.String()) });

export const UpdateCollectionsBody = Type.Object(
  { collection_ids: Type.Optional(Type.Array(Type.String())) },
  { additionalProperties: false },
);

export const AddVariableBody = Type.Object(
  { name: Type.Optional(Type.String()), value: Type.Optional(Type.String()) },
  { additionalProperties: false },
);
export type AddVariableBody = Static<typeof AddVariableBody>;

export const UpdateVariableBody = Type.Object(
  { value: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

export const VariableParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  name: Type.String({ maxLength: 300 }),
});

// ── Tree and folders ──────────────────────────────────────────────────────────────────────────────

/**
 * One row of GET /test-suites/{id}/tree, a flat list: every folder (empty ones too) and every test,
 * each placed by full_parent_path ('' = root). A folder's own path is full_parent_path + '/' +
 * entity_name (entity_name alone at the root). Folders come first, sorted by path; then tests by
 * path and creation time (oldest first). Sorting for display is the SPA's.
 */
export const TestTreeItem = Type.Object({
  /** Null for a folder. */
  test_case_id: Nullable(Type.String()),
  entity_name: Type.String(),
  is_folder: Type.Boolean(),
  full_parent_path: Type.String(),
  collection_ids: Type.Array(Type.String()),
  /** Empty until collections exist (a later issue). */
  collection_names: Type.Array(Type.String()),
  latest_run_time: Nullable(IsoDate),
  created_at: IsoDate,
  /** The generation state; null for a folder. */
  test_case_state: Nullable(Type.String()),
  latest_run_status: Nullable(Type.String()),
});
export type TestTreeItem = Static<typeof TestTreeItem>;

export const Folder = Type.Object({
  path: Type.String(),
  name: Type.String(),
  parent_path: Type.String(),
  created_at: IsoDate,
});
export type Folder = Static<typeof Folder>;

export const CreateFolderBody = Type.Object(
  { path: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

export const DeleteByPrefixQuery = Type.Object({ path_prefix: Type.Optional(Type.String()) });
export const DeletedFolder = Type.Object({
  deleted_test_count: Type.Integer(),
  deleted_folder_count: Type.Integer(),
});
export type DeletedFolder = Static<typeof DeletedFolder>;

export const UpdateTestPathsQuery = Type.Object({
  old_path_prefix: Type.Optional(Type.String()),
  new_path_prefix: Type.Optional(Type.String()),
});
export const MovedFolder = Type.Object({
  old_path_prefix: Type.String(),
  new_path_prefix: Type.String(),
  moved_test_count: Type.Integer(),
  moved_folder_count: Type.Integer(),
});
export type MovedFolder = Static<typeof MovedFolder>;

export const SuiteIdParams = Type.Object({ suiteId: Type.String({ maxLength: 100 }) });
