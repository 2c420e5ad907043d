import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import type { MouseEvent } from 'react';
import { notify } from '../../../lib/notify';
import { useGetRunArtifactQuery } from '../api';
import { messages } from '../messages';
import { TRACE_ARTIFACT } from '../types';

/** 'Open trace': Playwright's trace viewer, served by us at /trace, on the run's trace in a new tab. */
export function TraceButton({ runId }: { runId: string }) {
  const { data, isFetching, isError, refetch } = useGetRunArtifactQuery(
    { runId, name: TRACE_ARTIFACT },
    { refetchOnMountOrArgChange: true },
  );

  // The link is signed and short-lived: one that expired (or never came) is signed again first.
  const openFresh = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (data?.viewer_url && Date.parse(data.expires_at) > Date.now()) return;
    event.preventDefault();
    const tab = window.open('about:blank', '_blank');
    const fresh = await refetch();
    if (tab && fresh.data?.viewer_url) {
      tab.opener = null;
      tab.location.href = fresh.data.viewer_url;
      return;
    }
    tab?.close();
    notify.error(messages.artifactFailed);
  };

  return (
    <Button
      size="small"
      variant="outlined"
      component="a"
      href={data?.viewer_url ?? undefined}
      target="_blank"
      rel="noopener noreferrer"
      disabled={isFetching && !data}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => void openFresh(event)}
      startIcon={<OpenInNewIcon />}
      title={isError ? messages.artifactFailed : undefined}
    >
      Open trace
    </Button>
  );
}
