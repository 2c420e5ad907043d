// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

/** True once the document has not changed for `quietMs`; false if that took longer than `maxMs`. */
export default function quietDocument({
  quietMs,
  maxMs,
}: {
  quietMs: number;
  maxMs: number;
}): Promise<boolean> {
  return new Promise((resolve) => {
    let quietTimer: ReturnType<typeof setTimeout>;
    const finish = (quiet: boolean) => {
      observer.disconnect();
      clearTimeout(quietTimer);
      clearTimeout(limit);
      resolve(quiet);
    };
    const observer = new MutationObserver(() => {
      clearTimeout(quietTimer);
      quietTimer = setTimeout(() => finish(true), quietMs);
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    quietTimer = setTimeout(() => finish(true), quietMs);
    const limit = setTimeout(() => finish(false), maxMs);
  });
}
