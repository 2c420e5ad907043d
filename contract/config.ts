import { Type, type Static } from '@sinclair/typebox';

export const APP_VERSION = '0.2.8';

/** What the SPA reads at run time, so one build serves every deployment. */
export const RuntimeConfig = Type.Object({
  supabase_url: Type.String(),
  supabase_anon_key: Type.String(),
  version: Type.String(),
});
export type RuntimeConfig = Static<typeof RuntimeConfig>;

export const Health = Type.Object({ status: Type.Literal('ok') });

/** Every browser a run may name, in the order the SPA offers them. */
export const KNOWN_BROWSERS = ['chromium', 'firefox', 'webkit'] as const;
export type KnownBrowser = (typeof KNOWN_BROWSERS)[number];

/** The browsers this server's workers can launch (issue 28): the SPA offers only these. */
export const LaunchableBrowsers = Type.Object({
  browsers: Type.Array(
    Type.Union([Type.Literal('chromium'), Type.Literal('firefox'), Type.Literal('webkit')]),
  ),
});
export type LaunchableBrowsers = Static<typeof LaunchableBrowsers>;
