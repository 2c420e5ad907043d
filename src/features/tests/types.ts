import type { GenerationState, RunState } from '../../../contract/states';
import type {
  Folder as FolderDto,
  TestCase as TestCaseDto,
  TestTreeItem as TestTreeItemDto,
} from '../../../contract/testCases';

export type { FolderDto, TestCaseDto, TestTreeItemDto };

/** A test case as the SPA keeps it (SPEC §3, camelCase; parameters already fall back to credentials). */
export interface TestCase {
  id: string;
  name: string;
  website: string;
  /** The instructions, HTML from the editor. */
  description: string;
  suiteId: string;
  organizationId: string;
  /** Folder path: '' for the root, else 'a/b'. */
  path: string;
  parameters: Record<string, string>;
  credentials: Record<string, string>;
  sharedParameterIds: string[];
  collectionIds: string[];
  programmingLanguage: 'typescript' | 'python';
  viewportWidth: number;
  viewportHeight: number;
  userAgent: string | null;
  browserStateId: string | null;
  testModuleIdForSetup: string | null;
  enableProxies: boolean;
  state: GenerationState;
  finalMessage: string | null;
  finalScript: string | null;
  finalScriptPy: string | null;
  /** Generation steps as the server sends them; the generation feature reads them. */
  /** Steps in the current generation's plan; null until the planner made one. */
  planLength: number | null;
  /** The plan's instructions with no successful step once generation stopped (issue 28). */
  instructionsWithoutSteps: string[];
  testGenerationSteps: unknown[];
  latestRunStatus: RunState | null;
  latestRunTime: string | null;
  /** The instructions or the website changed since the steps were generated (issue 11). */
  stepsOutOfDate: boolean;
  createdAt: string;
  lastModifiedAt: string;
}

export const toTestCase = (dto: TestCaseDto): TestCase => ({
  id: dto._id,
  name: dto.name || dto.title,
  website: dto.website,
  description: dto.description,
  suiteId: dto.test_suite_id,
  organizationId: dto.org_id,
  path: dto.path,
  parameters: dto.parameters,
  credentials: dto.credentials,
  sharedParameterIds: dto.shared_parameter_ids,
  collectionIds: dto.collection_ids,
  programmingLanguage: dto.programming_language,
  viewportWidth: dto.viewport_width,
  viewportHeight: dto.viewport_height,
  userAgent: dto.user_agent,
  browserStateId: dto.browser_state_id,
  testModuleIdForSetup: dto.test_module_id_for_setup,
  enableProxies: dto.enable_proxies,
  state: dto.state as GenerationState,
  finalMessage: dto.final_message,
  finalScript: dto.final_script,
  finalScriptPy: dto.final_script_py,
  testGenerationSteps: dto.test_generation_steps,
  planLength: dto.generation_plan_length ?? null,
  instructionsWithoutSteps: dto.instructions_without_steps ?? [],
  latestRunStatus: dto.latest_run_status as RunState | null,
  latestRunTime: dto.latest_run_time,
  stepsOutOfDate: dto.steps_out_of_date ?? false,
  createdAt: dto.created_at,
  lastModifiedAt: dto.last_modified_at,
});

/** One entry of the suite's tree (SPEC §3 "Test tree item"). */
export type TreeItem = TreeFolder | TreeTest;

export interface TreeFolder {
  kind: 'folder';
  /** Full path, e.g. 'a/b'. */
  path: string;
  name: string;
  parentPath: string;
  createdAt: string;
}

export interface TreeTest {
  kind: 'test';
  id: string;
  name: string;
  /** The folder the test is in ('' = root). */
  parentPath: string;
  collectionIds: string[];
  collectionNames: string[];
  latestRunTime: string | null;
  createdAt: string;
  state: GenerationState | null;
  latestRunStatus: RunState | null;
}

export const joinPath = (parent: string, name: string) => (parent ? `${parent}/${name}` : name);

export const toTreeItem = (dto: TestTreeItemDto): TreeItem =>
  dto.is_folder || dto.test_case_id === null
    ? {
        kind: 'folder',
        path: joinPath(dto.full_parent_path, dto.entity_name),
        name: dto.entity_name,
        parentPath: dto.full_parent_path,
        createdAt: dto.created_at,
      }
    : {
        kind: 'test',
        id: dto.test_case_id,
        name: dto.entity_name,
        parentPath: dto.full_parent_path,
        collectionIds: dto.collection_ids,
        collectionNames: dto.collection_names,
        latestRunTime: dto.latest_run_time,
        createdAt: dto.created_at,
        state: dto.test_case_state as GenerationState | null,
        latestRunStatus: dto.latest_run_status as RunState | null,
      };

/** The fields a person edits on a test (PATCH sends only these, in snake_case). */
export interface TestCaseChanges {
  name?: string;
  website?: string;
  description?: string;
  path?: string;
  parameters?: Record<string, string>;
  sharedParameterIds?: string[];
  collectionIds?: string[];
  viewportWidth?: number;
  viewportHeight?: number;
  /** null: the browser's own. */
  userAgent?: string | null;
  /** Issue 13: the module that runs first, and the saved browser state to start from (null: none). */
  testModuleIdForSetup?: string | null;
  browserStateId?: string | null;
}

export interface NewTestCase {
  suiteId: string;
  name: string;
  website: string;
  description?: string;
  path?: string;
  parameters?: Record<string, string>;
}
