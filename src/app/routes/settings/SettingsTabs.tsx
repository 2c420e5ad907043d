import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths';

const tabs = [
  { label: 'Organization', href: paths.auth.settings.getHref() },
  { label: 'Projects', href: paths.auth.projectSettings.getHref() },
];

export function SettingsTabs() {
  const { pathname } = useLocation();
  const current = tabs.find((tab) => tab.href === pathname)?.href ?? false;
  return (
    <Tabs
      value={current}
      aria-label="Settings sections"
      sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.href} label={tab.label} value={tab.href} component={RouterLink} to={tab.href} />
      ))}
    </Tabs>
  );
}
