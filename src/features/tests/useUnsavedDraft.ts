import { useEffect, useState } from 'react';
import { readLocal, writeLocal } from '../../lib/storage';
import type { TestCase } from './types';

type DraftOwner = Pick<TestCase, 'id' | 'organizationId'>;

// NOTE: keyed by organization and test, so a shared browser never offers one organization's words to another.
const draftKey = ({ id, organizationId }: DraftOwner) =>
  `plainwright:instructions-draft:${organizationId}:${id}`;

interface StoredDraft {
  text: string;
  savedAt: string;
}

function readDraft(test: DraftOwner): StoredDraft | null {
  const raw = readLocal(draftKey(test));
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<StoredDraft>;
    return typeof draft.text === 'string' ? { text: draft.text, savedAt: String(draft.savedAt ?? '') } : null;
  } catch {
    // A draft written by something else is not ours to restore.
    return null;
  }
}

export const clearInstructionsDraft = (test: DraftOwner) => writeLocal(draftKey(test), null);

/**
 * The instructions being edited, kept in localStorage while they differ from the saved text, so a
 * reload or a closed tab does not lose them. `restored` says the text came back from such a draft.
 */
export function useUnsavedDraft(test: Pick<TestCase, 'id' | 'organizationId' | 'description'>) {
  const { id, organizationId, description } = test;
  const [initial] = useState(() => {
    const stored = readDraft({ id, organizationId });
    return stored && stored.text !== description ? stored.text : null;
  });
  const [draft, setDraft] = useState(initial ?? description);
  const [saved, setSaved] = useState(description);
  const [restored, setRestored] = useState(initial !== null);
  const dirty = draft !== saved;

  // A new version from the server replaces the text unless the person is in the middle of a change.
  if (description !== saved) {
    setSaved(description);
    if (!dirty) setDraft(description);
    else if (draft === description) setRestored(false);
  }

  useEffect(() => {
    // Only an edited test gets a draft; back to the saved text, the draft goes.
    const stored: StoredDraft | null = dirty ? { text: draft, savedAt: new Date().toISOString() } : null;
    writeLocal(draftKey({ id, organizationId }), stored && JSON.stringify(stored));
  }, [id, organizationId, draft, dirty]);

  const discard = () => {
    clearInstructionsDraft({ id, organizationId });
    setDraft(saved);
    setRestored(false);
  };

  /** After a successful save: the text on the server is the draft's. */
  const committed = () => {
    clearInstructionsDraft({ id, organizationId });
    setRestored(false);
  };

  return { draft, setDraft, saved, dirty, restored, discard, committed };
}
