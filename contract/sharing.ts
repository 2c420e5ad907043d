import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable } from './common';
import { RunCounts } from './collections';

// Sharing and CI wire shapes (SPEC §2 sharing, §7 PUT /test-case/{id}/publish?slug=, §8; issue 15).
// A test is shared under a slug: publicly (anyone with the link) or privately (signed-in members of
// its organization). The share page shows the test, never its secrets nor anything else of the
// organization.

export const SHARE_MESSAGES = {
  published: 'Test case published',
  unpublished: 'Test case unpublished',
  slugInvalid: 'A link name has 3 to 64 characters: lowercase letters, digits and hyphens',
  slugTaken: 'This link name is taken: choose another one',
  visibilityInvalid: 'Choose who can open the link: public or private',
  notFound: 'This shared test does not exist or is no longer shared',
  shareFailed: 'Failed to share test case',
  unshareFailed: 'Failed to stop sharing test case',
} as const;

export const SLUG_PATTERN = '^[a-z0-9](?:[a-z0-9-]{1,62}[a-z0-9])$';
export const SLUG_LIMITS = { min: 3, max: 64 } as const;

export const ShareVisibility = Type.Union([Type.Literal('public'), Type.Literal('private')]);
export type ShareVisibility = Static<typeof ShareVisibility>;

/** PUT /test-case/{id}/publish?slug= — the slug in the query (SPEC §7) or the body; the body's wins. */
export const PublishBody = Type.Object(
  {
    slug: Type.Optional(Type.String({ maxLength: 200 })),
    visibility: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);
export type PublishBody = Static<typeof PublishBody>;

export const PublishQuery = Type.Object({ slug: Type.Optional(Type.String({ maxLength: 200 })) });

/** How a test is shared now; null when it is not. GET /test-case/{id}/share. */
export const ShareState = Type.Object({
  slug: Type.String(),
  visibility: ShareVisibility,
  published_at: IsoDate,
  /** The share page's path, '/shared/{slug}'. */
  path: Type.String(),
  /** The badge's path for a public share (null for a private one). */
  badge_path: Nullable(Type.String()),
});
export type ShareState = Static<typeof ShareState>;

/** PUT …/publish's answer: a message containing 'Test case published' (the SPA treats that as success). */
export const PublishResult = Type.Object({ message: Type.String(), share: ShareState });
export type PublishResult = Static<typeof PublishResult>;

export const SharedStep = Type.Object({
  description: Type.String(),
  /** The step's Playwright code, secrets by name only ({{NAME}}). */
  code: Type.String(),
  /** A signed, expiring link to the step's screenshot; null when it has none. */
  screenshot_url: Nullable(Type.String()),
});
export type SharedStep = Static<typeof SharedStep>;

/** GET /shared/{slug}: what the share page shows. */
export const SharedTest = Type.Object({
  slug: Type.String(),
  visibility: ShareVisibility,
  name: Type.String(),
  website: Type.String(),
  /** The plain words the test was written in. */
  instructions: Type.String(),
  steps: Type.Array(SharedStep),
  latest_run: Nullable(
    Type.Object({
      status: Type.String(),
      at: IsoDate,
    }),
  ),
  /** The exported test: Playwright Test (TypeScript) and Playwright for Python. */
  code: Type.Object({ typescript: Type.String(), python: Type.String() }),
  published_at: IsoDate,
});
export type SharedTest = Static<typeof SharedTest>;

// ── CI (the Integrations page) ───────────────────────────────────────────────────────────────

export const CI_LIMITS = { timeoutMin: 30, timeoutMax: 900, timeoutDefault: 300 } as const;
export const CI_BROWSERS = ['chromium', 'firefox', 'webkit'] as const;

/** A run group a pipeline started with the key: GET /test-suites/{suiteId}/ci-runs (newest first, 20). */
export const CiRunGroup = Type.Object({
  collection_id: Type.String(),
  collection_name: Type.String(),
  created_at: IsoDate,
  counts: RunCounts,
  total: Type.Integer(),
  finished_at: Nullable(IsoDate),
});
export type CiRunGroup = Static<typeof CiRunGroup>;
