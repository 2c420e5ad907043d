import { paths as routes } from '../../config/paths';
import type { BreadcrumbItem } from '../../lib/breadcrumbs';

// Path helpers the store and the top bar need at start-up. NOTE: contract/testCases.ts builds TypeBox
// schemas when loaded, so importing it here would put TypeBox into the initial bundle; these stay apart.

/** The folders that must be open for `path` to show: 'a/b/c' → ['a', 'a/b', 'a/b/c']; '' → []. */
export function foldersToReveal(path: string): string[] {
  if (!path) return [];
  const segments = path.split('/');
  return segments.map((_, index) => segments.slice(0, index + 1).join('/'));
}

/** Replaces a renamed folder's prefix in a list of paths ('a' → 'b' turns 'a/c' into 'b/c', leaves 'ab'). */
export function renamePrefix(paths: readonly string[], from: string, to: string): string[] {
  return paths.map((path) =>
    path === from ? to : path.startsWith(`${from}/`) ? `${to}${path.slice(from.length)}` : path,
  );
}

/** The folder itself or anything below it: 'a' covers 'a' and 'a/b', never 'ab'. */
export function isUnder(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`);
}

/** '/test-cases?folder=a/b': the list opens that folder and scrolls to it. */
export const folderHref = (path: string) =>
  `${routes.testCases.getHref()}?folder=${encodeURIComponent(path)}`;

/** A test's folders as crumbs (SPEC §2), each opening the list at that folder. */
export function folderCrumbs(path: string): BreadcrumbItem[] {
  const segments = path ? path.split('/') : [];
  // A folder's crumb is its name as the test list shows it (hyphens and all).
  return segments.map((segment, index) => ({
    label: segment,
    href: folderHref(segments.slice(0, index + 1).join('/')),
  }));
}
