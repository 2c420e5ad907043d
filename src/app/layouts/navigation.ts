import ApiOutlinedIcon from '@mui/icons-material/ApiOutlined';
import CollectionsBookmarkOutlinedIcon from '@mui/icons-material/CollectionsBookmarkOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import ExtensionOutlinedIcon from '@mui/icons-material/ExtensionOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import HelpOutlineOutlinedIcon from '@mui/icons-material/HelpOutlineOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import { env } from '../../config/env';
import { paths } from '../../config/paths';

export interface NavItem {
  label: string;
  icon: typeof SvgIcon;
  /** An in-app route, or an external address (mailto, https) opened outside the app. */
  href: string;
  external?: boolean;
  isActive?: (pathname: string) => boolean;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

const under = (prefix: string) => (pathname: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

// Tests owns every /test-cases page except the collections and secrets screens, which have their own entries.
const isTestsPage = (pathname: string) =>
  under('/test-cases')(pathname) &&
  !under('/test-cases/collections')(pathname) &&
  !under('/test-cases/collection')(pathname) &&
  !under('/test-cases/shared-parameters')(pathname);

export const navigation: NavGroup[] = [
  {
    label: 'Overview',
    items: [
      { label: 'Dashboard', icon: DashboardOutlinedIcon, href: paths.dashboard.getHref() },
      { label: 'Tests', icon: FactCheckOutlinedIcon, href: paths.testCases.getHref(), isActive: isTestsPage },
      {
        label: 'Test suites',
        icon: CollectionsBookmarkOutlinedIcon,
        href: paths.collections.getHref(),
        isActive: (pathname) =>
          under('/test-cases/collections')(pathname) || under('/test-cases/collection')(pathname),
      },
    ],
  },
  {
    label: 'Advanced',
    items: [
      { label: 'Modules', icon: ExtensionOutlinedIcon, href: paths.modules.getHref() },
      { label: 'Integrations', icon: HubOutlinedIcon, href: paths.integrations.getHref() },
      { label: 'Secrets', icon: KeyOutlinedIcon, href: paths.sharedParameters.getHref() },
      { label: 'Settings', icon: SettingsOutlinedIcon, href: paths.auth.settings.getHref() },
    ],
  },
  {
    label: 'Help',
    items: [
      {
        label: 'Support',
        icon: SupportAgentOutlinedIcon,
        href: `mailto:${env.supportEmail}`,
        external: true,
      },
      { label: 'Documentation', icon: MenuBookOutlinedIcon, href: env.docsUrl, external: true },
      { label: 'FAQs', icon: HelpOutlineOutlinedIcon, href: env.faqUrl, external: true },
      { label: 'API documentation', icon: ApiOutlinedIcon, href: env.apiDocsUrl, external: true },
    ],
  },
];

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (item.external) return false;
  return item.isActive ? item.isActive(pathname) : under(item.href)(pathname);
}
