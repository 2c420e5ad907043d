import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

type NameCrumb = (path: string, label: string) => () => void;

const LabelsContext = createContext<ReadonlyMap<string, string>>(new Map());
const NameContext = createContext<NameCrumb>(() => () => undefined);

/** Lets a page name the crumb of a path the URL alone cannot name well (a test's id → its name). */
export function BreadcrumbLabelsProvider({ children }: { children: ReactNode }) {
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(() => new Map());
  // Stable, so pages that name a crumb do not re-run their effect when any label changes.
  const name = useCallback<NameCrumb>((path, label) => {
    setLabels((current) => (current.get(path) === label ? current : new Map(current).set(path, label)));
    return () =>
      setLabels((current) => {
        if (current.get(path) !== label) return current;
        const next = new Map(current);
        next.delete(path);
        return next;
      });
  }, []);
  return (
    <NameContext.Provider value={name}>
      <LabelsContext.Provider value={labels}>{children}</LabelsContext.Provider>
    </NameContext.Provider>
  );
}

export function useBreadcrumbLabels(): ReadonlyMap<string, string> {
  return useContext(LabelsContext);
}

/** Names the crumb of `path` while the calling page is shown (nothing while `label` is unknown). */
export function useBreadcrumbLabel(path: string, label: string | null | undefined): void {
  const name = useContext(NameContext);
  useEffect(() => (label ? name(path, label) : undefined), [name, path, label]);
}
