import { Type, type Static } from '@sinclair/typebox';
import { IsoDate } from './common';

/** How big an environment may be (issue 33); each limit is named in its 400. */
export const ENVIRONMENT_LIMITS = {
  /** Environments per project. */
  perSuite: 50,
  name: 100,
  baseUrl: 2048,
  /** Variables and secret overrides, each. */
  entries: 100,
  key: 100,
  value: 10_000,
} as const;

/** What every secret override's value reads as, as the project's secrets do. */
export const ENVIRONMENT_MASKED_VALUE = '********';

/**
 * A named environment of a project (issue 33): runs on it open each test's path and query on its
 * origin, and its variables come before the test's. Secret values are write-only: masked in every reply.
 */
export const Environment = Type.Object({
  _id: Type.String(),
  test_suite_id: Type.String(),
  name: Type.String(),
  base_url: Type.String(),
  variables: Type.Record(Type.String(), Type.String()),
  /** Secret name → `********`. */
  secrets: Type.Record(Type.String(), Type.String()),
  is_default: Type.Boolean(),
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type Environment = Static<typeof Environment>;

// NOTE: loose on purpose, so a missing or wrong field answers the service's 400 naming it.
export const CreateEnvironmentBody = Type.Object(
  {
    name: Type.Optional(Type.String()),
    base_url: Type.Optional(Type.String()),
    variables: Type.Optional(Type.Record(Type.String(), Type.String())),
    secrets: Type.Optional(Type.Record(Type.String(), Type.String())),
    is_default: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateEnvironmentBody = Static<typeof CreateEnvironmentBody>;

/**
 * Any of the fields; variables replace the stored ones. In `secrets` a value sets that secret, null
 * removes it, and a secret left out keeps its value (which is never sent back to be sent again).
 */
export const UpdateEnvironmentBody = Type.Object(
  {
    name: Type.Optional(Type.String()),
    base_url: Type.Optional(Type.String()),
    variables: Type.Optional(Type.Record(Type.String(), Type.String())),
    secrets: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()]))),
    is_default: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateEnvironmentBody = Static<typeof UpdateEnvironmentBody>;

export const EnvironmentParams = Type.Object({
  suiteId: Type.String({ maxLength: 100 }),
  envId: Type.String({ maxLength: 100 }),
});
export const EnvironmentSuiteParams = Type.Object({ suiteId: Type.String({ maxLength: 100 }) });

/** The origin (scheme, host and port) of an http(s) URL, or null for anything else. */
export function environmentOrigin(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.origin;
  } catch {
    return null;
  }
}
