import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PublicIcon from '@mui/icons-material/Public';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState, type ComponentType, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { isApiError } from '../../../api/apiError';
import { ErrorState } from '../../../components/ErrorState';
import { NotFoundContent, NotFoundText } from '../../../components/NotFoundContent';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { notify } from '../../../lib/notify';
import { RUN_STATUS_LABELS, runStatusColor } from '../../runs/api';
import { useGetSharedTestQuery, type SharedStep, type SharedTest } from '../api';
import { instructionsText } from '../instructions';
import { messages } from '../messages';

export interface SharedCodeViewerProps {
  code: string;
  language: 'typescript' | 'python';
  label: string;
}

interface SharedTestPageProps {
  slug: string;
  signedIn: boolean;
  /** Shows the exported code (the generation feature's viewer, composed by the route); plain text otherwise. */
  CodeViewer?: ComponentType<SharedCodeViewerProps>;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /shared/{slug}: a shared test for anyone with the link (public) or its organization (private). */
export function SharedTestPage({ slug, signedIn, CodeViewer = PlainCode }: SharedTestPageProps) {
  const { data: test, error, isLoading, isFetching, refetch } = useGetSharedTestQuery({ slug, signedIn });
  useDocumentTitle(test?.name ?? (error ? 'Shared test' : null));

  if (isLoading)
    return (
      <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label="Loading the shared test" />
      </Box>
    );
  if (error) {
    const status = isApiError(error) ? error.status : null;
    if (status === 401 || (status === 403 && !signedIn))
      return <SignInPrompt message={messages.signInToOpen} />;
    if (status === 404 || status === 403) return <SharedTestNotFound signedIn={signedIn} />;
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <ErrorState
          message={messages.sharedLoadFailed}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </Container>
    );
  }
  if (!test) return null;
  return <SharedTestView test={test} CodeViewer={CodeViewer} />;
}

function SharedTestView({
  test,
  CodeViewer,
}: {
  test: SharedTest;
  CodeViewer: ComponentType<SharedCodeViewerProps>;
}) {
  const instructions = instructionsText(test.instructions);
  return (
    <Box component="main" sx={{ py: { xs: 3, sm: 5 } }}>
      <Container maxWidth="md">
        <Stack spacing={3}>
          <Box component="header">
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}
            >
              <Chip
                size="small"
                variant="outlined"
                icon={test.visibility === 'public' ? <PublicIcon /> : <LockOutlinedIcon />}
                label={test.visibility === 'public' ? 'Public test' : 'Shared with your organization'}
              />
              <LatestRun run={test.latest_run} />
            </Stack>
            <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {test.name}
            </Typography>
            <Link
              href={test.website}
              target="_blank"
              rel="noopener noreferrer nofollow"
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 0.5,
                mt: 0.5,
                overflowWrap: 'anywhere',
              }}
            >
              {test.website}
              <OpenInNewIcon fontSize="inherit" aria-hidden />
            </Link>
          </Box>

          {instructions && (
            <Section title="Instructions">
              <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {instructions}
              </Typography>
            </Section>
          )}

          <Section title="Steps">
            {test.steps.length === 0 ? (
              <Typography color="text.secondary">This test has no steps yet.</Typography>
            ) : (
              <StepList steps={test.steps} />
            )}
          </Section>

          <Section title="Code">
            <ExportedCode code={test.code} name={test.name} CodeViewer={CodeViewer} />
          </Section>

          <Typography
            component="footer"
            variant="body2"
            color="text.secondary"
            sx={{ textAlign: 'center', pt: 2 }}
          >
            Shared with{' '}
            <Link component={RouterLink} to={paths.home.getHref()}>
              Plainwright
            </Link>
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function LatestRun({ run }: { run: SharedTest['latest_run'] }) {
  if (!run)
    return (
      <Typography variant="body2" color="text.secondary">
        Not run yet
      </Typography>
    );
  const status = run.status as keyof typeof RUN_STATUS_LABELS;
  const known = status in RUN_STATUS_LABELS;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} aria-label="Latest run">
      <Chip
        size="small"
        label={known ? RUN_STATUS_LABELS[status] : run.status}
        color={known ? runStatusColor(status) : 'default'}
        data-status={run.status}
      />
      <Typography variant="body2" color="text.secondary">
        <time dateTime={run.at}>{dateFormat.format(new Date(run.at))}</time>
      </Typography>
    </Stack>
  );
}

function StepList({ steps }: { steps: SharedStep[] }) {
  const [enlarged, setEnlarged] = useState<number | null>(null);
  const shown = enlarged === null ? null : steps[enlarged];
  return (
    <>
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Steps">
        {steps.map((step, index) => (
          <Box
            component="li"
            key={index}
            sx={{
              display: 'flex',
              gap: 2,
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: 'flex-start',
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
                  {index + 1}.
                </Box>
                {step.description}
              </Typography>
              {step.code && (
                <Box
                  component="pre"
                  sx={{
                    m: 0,
                    mt: 0.5,
                    fontFamily: 'monospace',
                    fontSize: 12,
                    color: 'text.secondary',
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {step.code}
                </Box>
              )}
            </Box>
            {step.screenshot_url && (
              <ButtonBase
                onClick={() => setEnlarged(index)}
                aria-label={`Enlarge the screenshot of step ${index + 1}`}
                sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', flexShrink: 0 }}
              >
                <Box
                  component="img"
                  src={step.screenshot_url}
                  alt={`Page after step ${index + 1}`}
                  loading="lazy"
                  width={240}
                  height={135}
                  sx={{ display: 'block', objectFit: 'cover', objectPosition: 'top' }}
                />
              </ButtonBase>
            )}
          </Box>
        ))}
      </Stack>
      <Dialog open={shown !== null} onClose={() => setEnlarged(null)} maxWidth="lg" fullWidth>
        {shown && enlarged !== null && (
          <>
            <DialogTitle>
              Step {enlarged + 1}: {shown.description}
            </DialogTitle>
            <DialogContent>
              <Box
                component="img"
                src={shown.screenshot_url ?? undefined}
                alt={`Page after step ${enlarged + 1}, enlarged`}
                sx={{ display: 'block', maxWidth: '100%', height: 'auto', mx: 'auto' }}
              />
            </DialogContent>
          </>
        )}
      </Dialog>
    </>
  );
}

const LANGUAGES = [
  { language: 'typescript', label: 'TypeScript' },
  { language: 'python', label: 'Python' },
] as const;

function ExportedCode({
  code,
  name,
  CodeViewer,
}: {
  code: SharedTest['code'];
  name: string;
  CodeViewer: ComponentType<SharedCodeViewerProps>;
}) {
  const [language, setLanguage] = useState<'typescript' | 'python'>('typescript');
  const tabsId = useId();
  const current = code[language];
  const label = LANGUAGES.find((entry) => entry.language === language)!.label;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(current);
      notify.success(messages.copied);
    } catch {
      notify.error(messages.copyFailed);
    }
  };
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={language}
          onChange={(_event, value: 'typescript' | 'python') => setLanguage(value)}
          aria-label="Language"
          sx={{ flex: 1 }}
        >
          {LANGUAGES.map((entry) => (
            <Tab
              key={entry.language}
              value={entry.language}
              label={entry.label}
              id={`${tabsId}-${entry.language}`}
              aria-controls={`${tabsId}-panel`}
            />
          ))}
        </Tabs>
        <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()} disabled={!current}>
          Copy code
        </Button>
      </Stack>
      <Box role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${language}`}>
        {current ? (
          <CodeViewer key={language} code={current} language={language} label={`${label} code of ${name}`} />
        ) : (
          <Typography color="text.secondary">
            No {label} code: the test has not been generated yet.
          </Typography>
        )}
      </Box>
    </>
  );
}

function PlainCode({ code, label }: SharedCodeViewerProps) {
  return (
    <Box
      component="pre"
      aria-label={label}
      tabIndex={0}
      sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', fontSize: 13 }}
    >
      {code}
    </Box>
  );
}

function useLoginHref() {
  const location = useLocation();
  // GuestOnly sends a person who signs in back to `from` (the shared page).
  return { to: paths.auth.login.getHref(), state: { from: location } };
}

function SignInPrompt({ message }: { message: string }) {
  const login = useLoginHref();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box sx={{ maxWidth: 460 }}>
        <LockOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
        <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
          Sign in to open this test
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {message}
        </Typography>
        <Button component={RouterLink} to={login.to} state={login.state} variant="contained" sx={{ mt: 4 }}>
          Sign in
        </Button>
      </Box>
    </Box>
  );
}

/** The not-found page's content, saying what was not found. */
function SharedTestNotFound({ signedIn }: { signedIn: boolean }) {
  const login = useLoginHref();
  return (
    <NotFoundContent
      description={
        <>
          <NotFoundText>{messages.notFound}</NotFoundText>
          {/* NOTE: a private share answers 404 to a stranger, so a signed-out visitor may just need to sign in. */}
          {!signedIn && <NotFoundText>{messages.signInIfPrivate}</NotFoundText>}
        </>
      }
      actions={
        <>
          {!signedIn && (
            <Button component={RouterLink} to={login.to} state={login.state} variant="outlined">
              Sign in
            </Button>
          )}
          <Button component={RouterLink} to={paths.home.getHref()} variant="contained">
            Go home
          </Button>
        </>
      }
    />
  );
}
