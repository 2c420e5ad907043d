import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

// The app bar is fixed at 56 px; the section nav sticks right under it.
const APP_BAR_HEIGHT = 56;
const NAV_HEIGHT = 48;
/** Where sticky content of the test page starts, below the app bar and the section nav (lg and up). */
export const TEST_PAGE_STICKY_TOP = APP_BAR_HEIGHT + NAV_HEIGHT + 16;

export interface PageSection {
  id: string;
  label: string;
}

/**
 * On wide screens, a calm row of links that stays under the app bar: each jumps to a section of the
 * test page, so instructions, variables and runs are one click away from the steps.
 */
export function SectionNav({ sections }: { sections: PageSection[] }) {
  const jump = (id: string) => {
    const target = document.getElementById(id);
    target?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    // The section takes the focus, so keyboard and screen reader users land there too.
    target?.focus({ preventScroll: true });
  };
  return (
    <Box
      component="nav"
      aria-label="Sections of the test"
      sx={{
        display: { xs: 'none', lg: 'flex' },
        position: 'sticky',
        top: APP_BAR_HEIGHT,
        zIndex: (theme) => theme.zIndex.appBar - 1,
        height: NAV_HEIGHT,
        alignItems: 'center',
        gap: 0.5,
        bgcolor: 'background.default',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {sections.map(({ id, label }) => (
        <Button
          key={id}
          size="small"
          color="inherit"
          href={`#${id}`}
          onClick={(event) => {
            event.preventDefault();
            jump(id);
          }}
        >
          {label}
        </Button>
      ))}
    </Box>
  );
}

/**
 * Website, instructions and variables: stacked on narrow screens (as the page always was); from lg the
 * instructions take the wide left column and website and variables sit beside them.
 */
export function TestPageGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
        gridTemplateAreas: {
          xs: '"website" "instructions" "variables"',
          lg: '"instructions website" "instructions variables"',
        },
        // The second row takes what is left, so website's card keeps its own height.
        gridTemplateRows: { lg: 'auto 1fr' },
      }}
    >
      {children}
    </Box>
  );
}

/** One section's place on the page: an anchor for the section nav, an area of the grid. */
export function PageRegion({ id, area, children }: { id: string; area?: string; children: ReactNode }) {
  return (
    <Box
      id={id}
      tabIndex={-1}
      sx={{
        outline: 'none',
        gridArea: area,
        minWidth: 0,
        scrollMarginTop: { xs: APP_BAR_HEIGHT + 8, lg: TEST_PAGE_STICKY_TOP },
      }}
    >
      {children}
    </Box>
  );
}
