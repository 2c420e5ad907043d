// localStorage can throw (private mode, quota, disabled cookies); a lost preference must never break the app.
export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // NOTE: the in-memory state stays correct; only persistence is lost.
  }
}
