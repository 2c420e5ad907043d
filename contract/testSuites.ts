import { Type, type Static } from '@sinclair/typebox';
import { IsoDate } from './common';

export const TestSuite = Type.Object({
  test_suite_id: Type.String(),
  name: Type.String(),
  org_id: Type.String(),
  created_at: IsoDate,
});
export type TestSuite = Static<typeof TestSuite>;

// NOTE: fields are loose on purpose so that a missing or blank value answers SPEC §5's sentence,
// not a schema error.
export const CreateTestSuiteBody = Type.Object({
  name: Type.Optional(Type.Unknown()),
  org_id: Type.Optional(Type.Unknown()),
});
export type CreateTestSuiteBody = Static<typeof CreateTestSuiteBody>;

export const CreatedTestSuite = Type.Object({ test_suite_id: Type.String() });

export const RenameTestSuiteQuery = Type.Object({
  new_name: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type RenameTestSuiteQuery = Static<typeof RenameTestSuiteQuery>;

export const BrowserState = Type.Object({ id: Type.String(), name: Type.String() });
export type BrowserState = Static<typeof BrowserState>;

export const SUITE_NAME_MAX = 200;
