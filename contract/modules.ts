import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable } from './common';

// Module wire shapes (SPEC §3 "Module", §5 module validation, §7 module calls, §8 texts; issue 13).
// A module is a reusable block of steps: either a generated test case (`test_case`) or a Playwright
// for Python script (`python_script`) that runs only after a person with the expert or admin role
// approves it. A test uses a module as its setup (`test_module_id_for_setup`) or calls it from its
// instructions ('Use the "Sign in as admin" module'); it expands at run time.

// The texts and limits live in a TypeBox-free module so the SPA's first chunk can read them without TypeBox.
export { BROWSER_STATE_MESSAGES, MODULE_LIMITS, MODULE_MESSAGES } from './moduleTexts';

export const ModuleType = Type.Union([Type.Literal('test_case'), Type.Literal('python_script')]);
export type ModuleType = Static<typeof ModuleType>;

/** A test that uses the module, as setup or from its instructions. */
export const ModuleLink = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  /** How it uses the module. */
  usage: Type.Union([Type.Literal('setup'), Type.Literal('instructions')]),
});
export type ModuleLink = Static<typeof ModuleLink>;

/** The test a `test_case` module is made from, enough to show it. */
export const ModuleTestCase = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  website: Type.String(),
  /** Plain words of its steps, in order. */
  steps: Type.Array(Type.String()),
});
export type ModuleTestCase = Static<typeof ModuleTestCase>;

/** SPEC §3 "Module". */
export const Module = Type.Object({
  module_id: Type.String(),
  name: Type.String(),
  test_suite_id: Type.String(),
  test_case_id: Nullable(Type.String()),
  module_type: ModuleType,
  linked_test_cases: Type.Array(ModuleLink),
  test_case_for_module: Nullable(ModuleTestCase),
  defining_py_script: Nullable(Type.String()),
  is_defining_py_script_approved: Type.Boolean(),
  /** Who approved the script and when; null until approved, and again after any edit. */
  approved_by: Nullable(Type.String()),
  approved_at: Nullable(IsoDate),
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type Module = Static<typeof Module>;

// NOTE: loose on purpose: a missing name answers 'Module data is required', not a schema error.
/** SPEC §7 POST …/test-module; answers `{ module_id }`. */
export const CreateModuleBody = Type.Object(
  {
    name: Type.Optional(Type.String()),
    test_case_id: Type.Optional(Nullable(Type.String())),
    module_type: Type.Optional(ModuleType),
    defining_py_script: Type.Optional(Nullable(Type.String())),
  },
  { additionalProperties: false },
);
export type CreateModuleBody = Static<typeof CreateModuleBody>;

/** SPEC §7 PATCH: any of name, test_case_id, defining_py_script (an edited script loses its approval). */
export const UpdateModuleBody = Type.Object(
  {
    name: Type.Optional(Type.String()),
    test_case_id: Type.Optional(Nullable(Type.String())),
    defining_py_script: Type.Optional(Nullable(Type.String())),
  },
  { additionalProperties: false },
);
export type UpdateModuleBody = Static<typeof UpdateModuleBody>;

/** POST …/test-module/{moduleId}/approve?approved= (issue 13): expert or admin only. */
export const ApproveModuleQuery = Type.Object({ approved: Type.Optional(Type.String({ maxLength: 10 })) });

/** A refused script: which call, on which line, and why. */
export const UnsafeCodeDetail = Type.Object({
  line: Type.Integer(),
  column: Type.Integer(),
  /** The call or construct refused, as written. */
  code: Type.String(),
  reason: Type.String(),
});
export type UnsafeCodeDetail = Static<typeof UnsafeCodeDetail>;

/** SPEC §3 "Browser state" plus what the list shows (issue 13); the state itself never leaves the server. */
export const BrowserState = Type.Object({
  id: Type.String(),
  name: Type.String(),
  updated_at: Nullable(IsoDate),
  module_id: Nullable(Type.String()),
});
export type BrowserState = Static<typeof BrowserState>;
