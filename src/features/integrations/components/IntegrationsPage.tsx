import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { Formik, useField, useFormikContext } from 'formik';
import { useId, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { paths } from '../../../config/paths';
import { useGetCollectionsQuery, type Collection } from '../../collections/api';
import { useGetCiRunsQuery, useGetLaunchableBrowsersQuery } from '../api';
import { githubActionsWorkflow, gitlabCiJob, isLoopbackAddress, KEY_SECRET } from '../ciWorkflow';
import { messages } from '../messages';
import { ciSettingsSchema, type CiSettings } from '../schemas';
import { CI_BROWSERS, CI_LIMITS, type CiBrowser } from '../types';
import { CiRunList, type CountChipsProps } from './CiRunList';
import { CopyableSnippet } from './CopyableSnippet';

interface IntegrationsPageProps {
  suiteId: string;
  /** The collections feature's count chips, composed by the route. */
  CountChips?: ComponentType<CountChipsProps>;
}

const BROWSER_LABELS: Record<CiBrowser, string> = {
  chromium: 'Chromium',
  firefox: 'Firefox',
  webkit: 'WebKit',
};

/** /integrations: a ready pipeline that runs a test suite with the CLI, and the runs pipelines started. */
export function IntegrationsPage({ suiteId, CountChips }: IntegrationsPageProps) {
  const collections = useGetCollectionsQuery(suiteId);
  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardHeader
          title="Run a test suite from your CI"
          subheader="Choose what the pipeline runs; the workflow below follows your choices."
          slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        />
        <CardContent>
          {collections.isLoading ? (
            <Skeleton variant="rounded" height={160} aria-label="Loading test suites" />
          ) : collections.isError ? (
            <ErrorState
              message={messages.collectionsFailed}
              onRetry={() => void collections.refetch()}
              retrying={collections.isFetching}
            />
          ) : !collections.data?.length ? (
            <EmptyState
              title="No test suites yet"
              description="A pipeline runs a test suite: create one and add tests to it first."
              action={
                <Button component={RouterLink} to={paths.collections.getHref()} variant="contained">
                  Go to test suites
                </Button>
              }
            />
          ) : (
            <PipelineBuilder collections={collections.data} />
          )}
        </CardContent>
      </Card>
      <KeyHelp />
      <ExitCodes />
      <CiRuns suiteId={suiteId} CountChips={CountChips} />
    </Stack>
  );
}

function PipelineBuilder({ collections }: { collections: Collection[] }) {
  const initialValues: CiSettings = {
    collectionId: collections[0]._id,
    timeoutSeconds: CI_LIMITS.timeoutDefault,
    browsers: ['chromium'],
  };
  return (
    <Formik initialValues={initialValues} validationSchema={ciSettingsSchema} onSubmit={() => undefined}>
      <Stack spacing={3}>
        <Box
          component="form"
          aria-label="Pipeline settings"
          noValidate
          onSubmit={(event) => event.preventDefault()}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
            alignItems: 'start',
          }}
        >
          <CollectionField collections={collections} />
          <TimeoutField />
          <BrowsersField />
        </Box>
        <Snippets collections={collections} />
      </Stack>
    </Formik>
  );
}

function CollectionField({ collections }: { collections: Collection[] }) {
  const [field, meta] = useField<string>('collectionId');
  return (
    <TextField
      {...field}
      select
      id="ci-collection"
      label="Test suite"
      error={Boolean(meta.error)}
      helperText={meta.error ?? 'The pipeline runs every test of this suite.'}
      fullWidth
    >
      {collections.map((collection) => (
        <MenuItem key={collection._id} value={collection._id}>
          {collection.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function TimeoutField() {
  const [field, meta] = useField<number | string>('timeoutSeconds');
  // NOTE: it starts valid, so an error can only follow a change: shown at once, not on blur.
  return (
    <TextField
      {...field}
      id="ci-timeout"
      type="number"
      label="Timeout (seconds)"
      error={Boolean(meta.error)}
      helperText={
        meta.error ??
        `How long the pipeline waits for the results: ${CI_LIMITS.timeoutMin} to ${CI_LIMITS.timeoutMax}.`
      }
      slotProps={{ htmlInput: { min: CI_LIMITS.timeoutMin, max: CI_LIMITS.timeoutMax, step: 30 } }}
      fullWidth
    />
  );
}

const listOf = (words: string[]) =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/**
 * Issue 28: the sentence under the browsers, naming the ones this server cannot launch and why; while the
 * server's answer is missing, every browser is offered with the general caveat.
 */
export function browsersHelp(launchable: readonly CiBrowser[] | undefined): string {
  const missing = CI_BROWSERS.filter((browser) => launchable && !launchable.includes(browser));
  if (!launchable || missing.length === 0)
    return 'Firefox and WebKit run only where they are installed on the workers (npx playwright install firefox webkit); elsewhere the run says which is missing.';
  const names = listOf(launchable.map((browser) => BROWSER_LABELS[browser]));
  const missingNames = listOf(missing.map((browser) => BROWSER_LABELS[browser]));
  const installed =
    launchable.length === 0
      ? 'No browser is installed on this server'
      : `Only ${names} ${launchable.length === 1 ? 'is' : 'are'} installed on this server`;
  return `${installed}: ${missingNames} ${missing.length === 1 ? 'needs' : 'need'} installing where the workers run (npx playwright install ${missing.join(' ')}).`;
}

function BrowsersField() {
  const [field, meta, helpers] = useField<CiBrowser[]>('browsers');
  const labelId = useId();
  const { data: launchable } = useGetLaunchableBrowsersQuery();
  const offered = CI_BROWSERS.filter((browser) => !launchable || launchable.includes(browser));
  const toggle = (browser: CiBrowser, checked: boolean) =>
    void helpers.setValue(
      CI_BROWSERS.filter((candidate) => (candidate === browser ? checked : field.value.includes(candidate))),
    );
  return (
    <FormControl component="fieldset" error={Boolean(meta.error)} sx={{ gridColumn: '1 / -1' }}>
      <FormLabel id={labelId} component="legend">
        Browsers
      </FormLabel>
      <FormGroup row aria-labelledby={labelId}>
        {offered.map((browser) => (
          <FormControlLabel
            key={browser}
            label={BROWSER_LABELS[browser]}
            control={
              <Checkbox
                checked={field.value.includes(browser)}
                onChange={(event) => toggle(browser, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>
        {typeof meta.error === 'string' ? meta.error : browsersHelp(launchable)}
      </FormHelperText>
    </FormControl>
  );
}

function Snippets({ collections }: { collections: Collection[] }) {
  const { values, isValid } = useFormikContext<CiSettings>();
  const collection = collections.find(({ _id }) => _id === values.collectionId);
  // The values are checked on every change: a snippet is only ever made from valid settings.
  const valid = isValid && ciSettingsSchema.isValidSync(values) && collection;
  if (!valid) return <Alert severity="info">{messages.fixSettings}</Alert>;
  const options = {
    server: window.location.origin,
    collectionId: collection._id,
    collectionName: collection.name,
    timeoutSeconds: Number(values.timeoutSeconds),
    browsers: values.browsers,
  };
  return (
    <Stack spacing={3}>
      {isLoopbackAddress(options.server) && (
        <Alert severity="warning">{messages.loopbackServer(options.server)}</Alert>
      )}
      <CopyableSnippet
        title="GitHub Actions workflow"
        fileName=".github/workflows/plainwright.yml"
        text={githubActionsWorkflow(options)}
        copyLabel="Copy workflow"
      />
      <CopyableSnippet
        title="GitLab CI job"
        fileName=".gitlab-ci.yml"
        text={gitlabCiJob(options)}
        copyLabel="Copy job"
      />
    </Stack>
  );
}

function KeyHelp() {
  return (
    <Card variant="outlined">
      <CardHeader
        title="Give the pipeline the key"
        subheader="The pipeline signs in with the organization's service account key, kept as a secret."
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 1 } }}>
          <li>
            An admin copies the service account key in{' '}
            <Link component={RouterLink} to={paths.auth.settings.getHref()}>
              Settings → Organization
            </Link>
            . Regenerating it there stops the old key at once.
          </li>
          <li>
            GitHub: in the repository,{' '}
            <strong>Settings → Secrets and variables → Actions → New repository secret</strong>, named{' '}
            <code>{KEY_SECRET}</code>, with the key as its value.
          </li>
          <li>
            GitLab: in the project, <strong>Settings → CI/CD → Variables → Add variable</strong>, key{' '}
            <code>{KEY_SECRET}</code>, masked and protected.
          </li>
          <li>Commit the workflow (or add the job); it runs on every push and pull request, or by hand.</li>
        </Box>
      </CardContent>
    </Card>
  );
}

const EXIT_CODES = [
  { code: 0, meaning: 'Every test passed (a flaky test that passed on its retry counts as passed).' },
  { code: 1, meaning: 'A test failed or could not run: the JUnit report names the failing step.' },
  { code: 2, meaning: 'An error (wrong key, unknown test suite, server unreachable) or the timeout passed.' },
];

function ExitCodes() {
  return (
    <Card variant="outlined">
      <CardHeader
        title="Exit codes"
        subheader="The CLI's exit code fails or passes the pipeline."
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <Table size="small" aria-label="Exit codes">
        <TableHead>
          <TableRow>
            <TableCell>Code</TableCell>
            <TableCell>Meaning</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {EXIT_CODES.map(({ code, meaning }) => (
            <TableRow key={code}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{code}</TableCell>
              <TableCell>{meaning}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

function CiRuns({ suiteId, CountChips }: { suiteId: string; CountChips?: ComponentType<CountChipsProps> }) {
  const {
    data: groups,
    isLoading,
    isError,
    isFetching,
    refetch,
  } = useGetCiRunsQuery(suiteId, {
    pollingInterval: 30_000,
  });
  return (
    <Card variant="outlined">
      <CardHeader
        title="Latest runs from CI"
        subheader="Run groups that pipelines started with the key."
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {isLoading ? (
          <Skeleton variant="rounded" height={96} aria-label="Loading runs from CI" />
        ) : isError ? (
          <ErrorState message={messages.ciRunsFailed} onRetry={() => void refetch()} retrying={isFetching} />
        ) : !groups?.length ? (
          <EmptyState
            title="No runs from CI yet"
            description="Once a pipeline runs the CLI with the key, its runs show here."
          />
        ) : (
          <CiRunList groups={groups} CountChips={CountChips} />
        )}
      </CardContent>
    </Card>
  );
}
