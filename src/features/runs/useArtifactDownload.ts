import { useCallback, useState } from 'react';
import { notify } from '../../lib/notify';
import { absoluteUrl, useLazyGetRunArtifactQuery } from './api';
import { messages } from './messages';

/**
 * Downloads one of a run's files: a fresh signed link (they are short-lived), then the browser saves
 * it. SPEC §8: 'Failed to fetch artifact' when no link can be had.
 */
export function useArtifactDownload(runId: string) {
  const [fetchLink] = useLazyGetRunArtifactQuery();
  const [pending, setPending] = useState<string | null>(null);
  const download = useCallback(
    async (name: string) => {
      setPending(name);
      const result = await fetchLink({ runId, name }, /* preferCacheValue */ false);
      setPending(null);
      if (!result.data) {
        notify.error(messages.artifactFailed);
        return false;
      }
      const anchor = document.createElement('a');
      anchor.href = absoluteUrl(result.data.url);
      anchor.download = name;
      anchor.rel = 'noopener';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      return true;
    },
    [fetchLink, runId],
  );
  return { download, pending };
}
