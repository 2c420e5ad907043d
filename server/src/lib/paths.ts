import path from 'node:path';

// The server's files that are not code — migrations, the agents' prompts, the page scripts' sources —
// live beside its sources, under server/src. Run from the sources (tsx, jest), every module's __dirname is
// its own folder there. Run from the bundle `npm start` starts (build/server/main.js, made by
// scripts/build-server.mjs), every module's __dirname is the bundle's folder: the sources are found from
// the checkout's root instead.

/** True when this code runs from build/server/*.js rather than from server/src/**\/*.ts. */
export const BUNDLED = !__filename.endsWith('.ts');

/** The checkout's root (where package.json is). */
export const ROOT = BUNDLED ? path.resolve(__dirname, '..', '..') : path.resolve(__dirname, '..', '..', '..');

/** `server/src/<segments>` of the checkout. */
export function serverSource(...segments: string[]): string {
  return path.join(ROOT, 'server', 'src', ...segments);
}
