import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { describeError } from '../../../api/apiError';
import { notify } from '../../../lib/notify';
import { useGetHealingSettingsQuery, useUpdateHealingSettingsMutation } from '../api';
import { messages } from '../messages';

/** The project's "Heal failed runs automatically" switch (on by default). */
export function AutoHealSwitch({ suiteId }: { suiteId: string }) {
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

  return (
    <FormControlLabel
      control={
        <Switch
          checked={settings.auto_heal}
          disabled={saving}
          onChange={(_event, checked) => void toggle(checked)}
        />
      }
      label={messages.autoHealLabel}
    />
  );
}
