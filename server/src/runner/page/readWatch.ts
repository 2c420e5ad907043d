// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

/** What an action changed on the page: the verifier's evidence that a click did something. */
export interface PageChange {
  /** DOM mutations (documents and open shadow roots). */
  mutations: number;
  /** A field's value or a box's checked state differs. */
  formChanged: boolean;
  /** A field (input, textarea, select, editable) has the focus after the action. */
  focusedField: boolean;
  /** The document was replaced (a navigation or reload). */
  replaced: boolean;
}

/** What changed since startWatch(key) (replaced: the watch is gone with its document). */
export default function readWatch(key: string): PageChange {
  const state = (window as unknown as Record<string, unknown>)[key] as
    | {
        count: number;
        form: string;
        active: Element | null;
        formState: () => string;
        activeField: () => Element | null;
        observer: MutationObserver;
      }
    | undefined;
  if (!state) return { mutations: 0, formChanged: false, focusedField: false, replaced: true };
  const active = state.activeField();
  return {
    mutations: state.count,
    formChanged: state.formState() !== state.form,
    // A click that leaves a field focused (the field clicked) did what a click on a field does.
    focusedField: active !== null,
    replaced: false,
  };
}
