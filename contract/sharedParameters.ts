import { Type, type Static } from '@sinclair/typebox';
import { IsoDate } from './common';

/** What a listed secret's value reads as: the same for every value, so not even its length shows. */
export const MASKED_VALUE = '********';

export const SHARED_PARAMETER_LIMITS = {
  key: 100,
  value: 10_000,
  linkedTests: 1000,
  allowedHosts: 50,
  host: 260,
} as const;

/**
 * A host a secret may be typed into (issue 27): `shop.example`, `127.0.0.1:4100`, `[::1]:8080`, or
 * `*.shop.example` for every subdomain; a port other than the scheme's default is part of the host.
 */
export const SECRET_HOST_PATTERN = /^(?:\*\.)?(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** A secret of a suite (SPEC §3 "Secret (shared parameter)"); value masked except in the create reply. */
export const SharedParameter = Type.Object({
  _id: Type.String(),
  key: Type.String(),
  value: Type.String(),
  test_suite_id: Type.String(),
  linked_test_ids: Type.Array(Type.String()),
  /** The hosts whose pages a run may type it into (issue 27); empty: the hosts of the suite's tests' websites. */
  allowed_hosts: Type.Array(Type.String()),
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
    allowed_hosts: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);
export type CreateSharedParameterBody = Static<typeof CreateSharedParameterBody>;

/** Any of the four; at least one. A value replaces the stored one; leaving it out keeps it. */
export const UpdateSharedParameterBody = CreateSharedParameterBody;
export type UpdateSharedParameterBody = Static<typeof UpdateSharedParameterBody>;

export const SharedParameterParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  paramId: Type.String({ maxLength: 100 }),
});
