import { useEffect } from 'react';
import { notify } from '../../lib/notify';
import { messages } from './messages';

/** SPEC §8 in a toast, once per failure: a list that could not be read, or a page more that could not. */
export function useRunsErrorToast(failed: boolean) {
  useEffect(() => {
    if (failed) notify.error(messages.listFailed);
  }, [failed]);
}
