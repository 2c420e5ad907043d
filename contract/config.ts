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
