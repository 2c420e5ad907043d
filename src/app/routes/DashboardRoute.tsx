import AddIcon from '@mui/icons-material/Add';
import CollectionsBookmarkOutlinedIcon from '@mui/icons-material/CollectionsBookmarkOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { paths } from '../../config/paths';
import { selectCurrentOrganizationId } from '../../features/organizations/selectors';
import { useGetTestSuitesQuery } from '../../features/suites/api';
import { CreateSuiteDialog } from '../../features/suites/components/CreateSuiteDialog';
import { selectSelectedSuiteId } from '../../features/suites/selectors';
import { suiteSelected } from '../../features/suites/slice';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useAppDispatch, useAppSelector } from '../hooks';

const shortcuts: { title: string; description: string; href: string; icon: ReactElement }[] = [
  {
    title: 'Write a test',
    description: 'Describe what to check in plain words and let the agents build it.',
    href: paths.testCases.getHref(),
    icon: <FactCheckOutlinedIcon color="primary" />,
  },
  {
    title: 'Group tests into a suite',
    description: 'Run related tests together, on a schedule or from CI.',
    href: paths.collections.getHref(),
    icon: <CollectionsBookmarkOutlinedIcon color="primary" />,
  },
  {
    title: 'Store secrets',
    description: 'Keep passwords and tokens out of your test instructions.',
    href: paths.sharedParameters.getHref(),
    icon: <KeyOutlinedIcon color="primary" />,
  },
];

export function DashboardRoute() {
  useDocumentTitle('Dashboard');
  const organizationId = useAppSelector(selectCurrentOrganizationId);
  const selectedSuiteId = useAppSelector(selectSelectedSuiteId);
  const dispatch = useAppDispatch();
  const { data: suites, isSuccess } = useGetTestSuitesQuery(organizationId ?? skipToken);
  const [creating, setCreating] = useState(false);
  const suite = suites?.find(({ id }) => id === selectedSuiteId);

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mt: { xs: 1, sm: 4 }, textAlign: 'center' }}>
        What do you want to test today?
      </Typography>
      {suite && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1 }}>
          Working in <strong>{suite.name}</strong>
        </Typography>
      )}
      {isSuccess && suites.length === 0 ? (
        <EmptyState
          title="Create your first test suite"
          description="A test suite (project) holds your tests, collections, secrets and modules."
          action={
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create test suite
            </Button>
          }
        />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            gap: 2,
            mt: 4,
          }}
        >
          {shortcuts.map((shortcut) => (
            <Card key={shortcut.title}>
              <CardActionArea component={RouterLink} to={shortcut.href} sx={{ height: '100%' }}>
                <CardContent>
                  {shortcut.icon}
                  <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
                    {shortcut.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {shortcut.description}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
      <CreateSuiteDialog
        open={creating}
        organizationId={organizationId}
        onClose={() => setCreating(false)}
        onCreated={(suiteId) => dispatch(suiteSelected({ suiteId }))}
      />
    </Box>
  );
}
