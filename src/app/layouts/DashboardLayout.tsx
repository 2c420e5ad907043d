import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { PageLoader } from '../../components/PageLoader';
import { BreadcrumbLabelsProvider } from './BreadcrumbLabels';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useSidebar } from './useSidebar';

/** Collapsible sidebar, a header with the version, the suite/breadcrumb bar, then the page. */
export function DashboardLayout() {
  const sidebar = useSidebar();
  const { pathname } = useLocation();
  return (
    <BreadcrumbLabelsProvider>
      <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
        <Link
          href="#content"
          sx={{
            position: 'fixed',
            left: 8,
            top: -48,
            zIndex: (theme) => theme.zIndex.tooltip,
            p: 1,
            bgcolor: 'background.paper',
            '&:focus': { top: 8 },
          }}
        >
          Skip to content
        </Link>
        <Header sidebarOpen={sidebar.open} onToggleSidebar={sidebar.toggle} />
        <ErrorBoundary region="the sidebar">
          <Sidebar
            expanded={sidebar.expanded}
            mobile={sidebar.mobile}
            mobileOpen={sidebar.mobileOpen}
            onMobileClose={sidebar.closeMobile}
          />
        </ErrorBoundary>
        <Box sx={{ flexGrow: 1, minWidth: 0, pt: '56px', display: 'flex', flexDirection: 'column' }}>
          <ErrorBoundary region="the top bar">
            <TopBar />
          </ErrorBoundary>
          <Box
            component="main"
            sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, maxWidth: 1200, width: '100%', mx: 'auto' }}
          >
            <ErrorBoundary region="this page" resetKey={pathname}>
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </Box>
        </Box>
      </Box>
    </BreadcrumbLabelsProvider>
  );
}
