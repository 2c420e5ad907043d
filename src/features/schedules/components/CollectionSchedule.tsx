import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeError } from '../../../api/apiError';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useUpdateCollectionMutation, type Collection } from '../../collections/api';
import { messages } from '../messages';
import { ScheduleEditor, type ScheduleValue } from './ScheduleEditor';
import { ScheduleTicks } from './ScheduleTicks';

/** A collection's schedule: each tick runs all its tests as one group (SPEC §2). */
export function CollectionSchedule({
  collection,
  locked = null,
}: {
  collection: Collection;
  /** Why the schedule cannot be changed (issue 27: a viewer), or null; it is shown either way. */
  locked?: string | null;
}) {
  const [updateCollection] = useUpdateCollectionMutation();
  const [removing, setRemoving] = useState(false);
  const target = { id: collection._id, suiteId: collection.test_suite_id };

  const save = async ({ cron, timezone, environmentId }: ScheduleValue) => {
    try {
      await updateCollection({
        ...target,
        schedule: cron,
        scheduleTimezone: timezone,
        scheduleEnvironmentId: environmentId,
      }).unwrap();
      notify.success(messages.saved);
      return true;
    } catch (failure) {
      notify.error(describeError(failure, messages.saveFailed));
      return false;
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await updateCollection({ ...target, schedule: null }).unwrap();
      notify.success(messages.removed);
    } catch (failure) {
      notify.error(describeError(failure, messages.deleteFailed));
    } finally {
      setRemoving(false);
    }
  };

  const details = collection.schedule_details;
  return (
    <Stack spacing={3}>
      <ScheduleEditor
        cron={collection.schedule}
        timezone={collection.schedule_timezone}
        suiteId={collection.test_suite_id}
        environmentId={collection.schedule_details?.environment_id ?? null}
        onSave={save}
        onRemove={() => void remove()}
        removing={removing}
        locked={locked}
      />
      {details && (
        <section aria-label="Recent scheduled runs">
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            Recent scheduled runs
          </Typography>
          <ScheduleTicks
            ticks={details.recent_ticks}
            hrefOf={(tick) =>
              tick.group_created_at
                ? paths.collectionDetails.getHref(collection._id, tick.group_created_at)
                : null
            }
          />
        </section>
      )}
    </Stack>
  );
}
