import { createElement, lazy, useState, type ComponentType } from 'react';

export type LazyPage = ComponentType & {
  /** Starts loading the page's chunk; once loaded, the page renders without suspending. */
  preload: () => Promise<void>;
};

/**
 * React.lazy for a named export, so every route module keeps named exports and gets its own chunk.
 * NOTE: a page preloaded before it first renders skips Suspense altogether. That matters: React holds
 * content back for 300 ms after a Suspense fallback shows, which would delay every first paint.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const start = () =>
    (loading ??= load().then(
      (module) => (loaded = module[name]),
      (error: unknown) => {
        loading = null; // a failed chunk may load on the next try
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await start() }));
  function Page() {
    // Chosen once per mount, so a page never switches component (and state) under the person.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  Page.displayName = `Lazy(${name})`;
  return Object.assign(Page, { preload: () => start().then(() => undefined) });
}
