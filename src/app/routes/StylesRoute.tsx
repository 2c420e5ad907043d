import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { pages } from '../../config/pages';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { COLOR_SCHEME_ATTRIBUTE } from '../../theme/theme';

const paletteColors = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
const buttonColors = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
const typeScale: TypographyProps['variant'][] = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'subtitle1',
  'subtitle2',
  'body1',
  'body2',
  'button',
  'caption',
  'overline',
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 4 }}>
      <Typography variant="overline" component="h3" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Swatch({ label, color }: { label: string; color: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ height: 40, borderRadius: 1, bgcolor: color, border: 1, borderColor: 'divider' }} />
      <Typography variant="caption" sx={{ display: 'block', mt: 0.5 }} noWrap>
        {label}
      </Typography>
    </Box>
  );
}

function Showcase({ scheme }: { scheme: 'light' | 'dark' }) {
  return (
    <Paper
      {...{ [COLOR_SCHEME_ATTRIBUTE]: scheme }}
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 3 },
        bgcolor: 'background.default',
        color: 'text.primary',
        colorScheme: scheme,
        minWidth: 0,
      }}
      aria-label={`${scheme} theme`}
      component="section"
    >
      <Typography variant="h5" component="h2" sx={{ mb: 2, textTransform: 'capitalize' }}>
        {scheme} theme
      </Typography>
      <Section title="Palette">
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', gap: 1.5 }}>
          {paletteColors.flatMap((color) =>
            (['light', 'main', 'dark'] as const).map((shade) => (
              <Swatch key={`${color}.${shade}`} label={`${color}.${shade}`} color={`${color}.${shade}`} />
            )),
          )}
          <Swatch label="background.default" color="background.default" />
          <Swatch label="background.paper" color="background.paper" />
          <Swatch label="text.primary" color="text.primary" />
          <Swatch label="text.secondary" color="text.secondary" />
        </Box>
      </Section>
      <Section title="Typography">
        {typeScale.map((variant) => (
          <Typography key={variant} variant={variant} component="p" noWrap sx={{ display: 'block' }}>
            {variant} · Plain words, real browsers
          </Typography>
        ))}
      </Section>
      <Section title="Buttons">
        <Stack spacing={1.5}>
          {(['contained', 'outlined', 'text'] as const).map((variant) => (
            <Stack key={variant} direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {buttonColors.map((color) => (
                <Button key={color} variant={variant} color={color} size="small">
                  {color}
                </Button>
              ))}
              <Button variant={variant} size="small" disabled>
                disabled
              </Button>
            </Stack>
          ))}
        </Stack>
      </Section>
      <Section title="Inputs">
        <Stack spacing={2}>
          <TextField label="Test name" defaultValue="Checkout works" size="small" />
          <TextField
            label="Start URL"
            error
            helperText="Please enter a valid URL"
            defaultValue="not a url"
            size="small"
          />
          <TextField label="Disabled" disabled defaultValue="Read only" size="small" />
          <TextField select label="Browser" defaultValue="chromium" size="small">
            <MenuItem value="chromium">Chromium</MenuItem>
            <MenuItem value="firefox">Firefox</MenuItem>
            <MenuItem value="webkit">WebKit</MenuItem>
          </TextField>
          <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
            <FormControlLabel control={<Checkbox defaultChecked />} label="Checkbox" />
            <FormControlLabel control={<Switch defaultChecked />} label="Switch" />
          </Stack>
        </Stack>
      </Section>
      <Section title="Chips">
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip label="default" />
          {paletteColors.map((color) => (
            <Chip key={color} label={color} color={color} />
          ))}
          {paletteColors.map((color) => (
            <Chip key={`${color}-outlined`} label={color} color={color} variant="outlined" />
          ))}
          <Chip label="deletable" onDelete={() => undefined} />
        </Stack>
      </Section>
      <Section title="Feedback">
        <Stack spacing={1}>
          <Alert severity="success">Run passed</Alert>
          <Alert severity="error">Run failed</Alert>
        </Stack>
      </Section>
    </Paper>
  );
}

/** The design system on one page, in both colour schemes side by side. */
export function StylesRoute() {
  useDocumentTitle(pages.styles.title);
  return (
    <>
      <PageHeader title={pages.styles.title} description={pages.styles.description} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 3 }}>
        <Showcase scheme="light" />
        <Showcase scheme="dark" />
      </Box>
    </>
  );
}
