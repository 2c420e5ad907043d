import { Type, type Static } from '@sinclair/typebox';
import { IsoDate } from './common';

/** What a listed secret's value reads as: the same for every value, so not even its length shows. */
export const MASKED_VALUE = '********';

export const SHARED_PARAMETER_LIMITS = { key: 100, value: 10_000, linkedTests: 1000 } as const;

/** A secret of a suite (SPEC §3 "Secret (shared parameter)"); value masked except in the create reply. */
export const SharedParameter = Type.Object({
  _id: Type.String(),
  key: Type.String(),
  value: Type.String(),
  test_suite_id: Type.String(),
  linked_test_ids: Type.Array(Type.String()),
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type SharedParameter = Static<typeof SharedParameter>;

// NOTE: loose on purpose: a missing key or value answers 'Parameter data is required', not a schema error.
export const CreateSharedParameterBody = Type.Object(
  {
    key: Type.Optional(Type.String()),
    value: Type.Optional(Type.String()),
    linked_test_ids: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);
export type CreateSharedParameterBody = Static<typeof CreateSharedParameterBody>;

/** Any of the three; at least one. A value replaces the stored one; leaving it out keeps it. */
export const UpdateSharedParameterBody = CreateSharedParameterBody;
export type UpdateSharedParameterBody = Static<typeof UpdateSharedParameterBody>;

export const SharedParameterParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  paramId: Type.String({ maxLength: 100 }),
});
