import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import type { RunCounts } from '../../../../contract/collections';
import { paths } from '../../../config/paths';
import type { CiRunGroup } from '../types';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface CountChipsProps {
  counts: RunCounts;
}

/** The counts in words, when no richer chips are given. */
function CountText({ counts }: CountChipsProps) {
  const parts = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`);
  return <Typography variant="body2">{parts.join(' · ') || 'No runs'}</Typography>;
}

interface CiRunListProps {
  groups: CiRunGroup[];
  CountChips?: ComponentType<CountChipsProps>;
}

/** The run groups pipelines started, newest first; each opens on its collection's page. */
export function CiRunList({ groups, CountChips = CountText }: CiRunListProps) {
  return (
    <List aria-label="Runs started from CI" disablePadding>
      {groups.map((group) => {
        const when = dateFormat.format(new Date(group.created_at));
        return (
          <ListItem key={`${group.collection_id}:${group.created_at}`} divider disableGutters>
            <Stack
              direction="row"
              spacing={2}
              sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, width: '100%' }}
              aria-label={`${group.collection_name}, ${when}`}
            >
              <Link
                component={RouterLink}
                to={paths.collectionDetails.getHref(group.collection_id, group.created_at)}
                sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
              >
                {group.collection_name}
              </Link>
              <Typography variant="body2" color="text.secondary">
                <time dateTime={group.created_at}>{when}</time>
              </Typography>
              {group.finished_at === null && <Chip size="small" color="info" label="Running" />}
              <CountChips counts={group.counts} />
              <Typography variant="body2" color="text.secondary">
                {group.total === 1 ? '1 test' : `${group.total} tests`}
              </Typography>
            </Stack>
          </ListItem>
        );
      })}
    </List>
  );
}
