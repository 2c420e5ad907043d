import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { describeError } from '../../../api/apiError';
import { notify } from '../../../lib/notify';
import { useGetHealingSettingsQuery, useUpdateHealingSettingsMutation } from '../api';
import { messages } from '../messages';
import { usePermissions } from '../../../app/hooks';

/** The project's "Heal failed runs automatically" switch (on by default). */
export function AutoHealSwitch({ suiteId }: { suiteId: string }) {
  const { reason } = usePermissions();
  const { data: settings, isLoading, isError } = useGetHealingSettingsQuery(suiteId);
  const [updateSettings, { isLoading: saving }] = useUpdateHealingSettingsMutation();
  if (isLoading) return <Skeleton variant="text" width={260} aria-label="Loading the healing setting" />;
  if (isError || !settings)
    return (
      <Typography variant="body2" color="error">
        {messages.settingsLoadFailed}
      </Typography>
    );

  const toggle = async (autoHeal: boolean) => {
    const result = await updateSettings({ suiteId, auto_heal: autoHeal });
    if ('error' in result) notify.error(describeError(result.error, messages.settingsFailedToast));
    else notify.success(autoHeal ? messages.autoHealOn : messages.autoHealOff);
  };

  // Turning auto-heal off is the admins' (issue 27): others see the setting with why it is locked.
  const denied = reason('manageAutoHeal');
  return (
    <Tooltip title={denied ?? ''} describeChild>
      <FormControlLabel
        control={
          <Switch
            checked={settings.auto_heal}
            disabled={saving || denied !== null}
            onChange={(_event, checked) => void toggle(checked)}
          />
        }
        label={messages.autoHealLabel}
      />
    </Tooltip>
  );
}
