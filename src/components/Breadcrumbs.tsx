import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { pathToBreadcrumbs, type BreadcrumbItem } from '../lib/breadcrumbs';
import { EllipsisText } from './EllipsisText';

type BreadcrumbsProps = { items: BreadcrumbItem[]; path?: never } | { path: string; items?: never };

// Each crumb ellipsizes (at most 16rem); the last one, the page itself, takes the width that is left.
const crumbsSx = {
  minWidth: 0,
  '& ol': { flexWrap: 'nowrap' },
  '& .MuiBreadcrumbs-li': { minWidth: 0, flex: '0 1 auto', maxWidth: '16rem' },
  '& .MuiBreadcrumbs-li:last-of-type': { flex: '1 1 auto', maxWidth: 'none' },
  '& .MuiBreadcrumbs-separator': { flexShrink: 0 },
} as const;

/** Items with a label and an optional link; the last one is plain text. A path string is split on '/'. */
export function Breadcrumbs(props: BreadcrumbsProps) {
  const items = props.items ?? pathToBreadcrumbs(props.path);
  if (items.length === 0) return null;
  return (
    <MuiBreadcrumbs aria-label="Breadcrumb" maxItems={4} sx={crumbsSx}>
      {items.map((item, index) => {
        const isLast = index === items.length - 1;
        const sx = { fontSize: '0.875rem' } as const;
        if (isLast || !item.href) {
          return (
            <EllipsisText
              key={index}
              color={isLast ? 'text.primary' : 'text.secondary'}
              sx={sx}
              aria-current={isLast ? 'page' : undefined}
            >
              {item.label}
            </EllipsisText>
          );
        }
        return (
          <Link
            key={index}
            component={RouterLink}
            to={item.href}
            underline="hover"
            color="text.secondary"
            sx={{ display: 'block', minWidth: 0 }}
          >
            <EllipsisText component="span" color="inherit" sx={{ ...sx, display: 'block' }}>
              {item.label}
            </EllipsisText>
          </Link>
        );
      })}
    </MuiBreadcrumbs>
  );
}
