import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { pathToBreadcrumbs, type BreadcrumbItem } from '../lib/breadcrumbs';

type BreadcrumbsProps = { items: BreadcrumbItem[]; path?: never } | { path: string; items?: never };

/** Items with a label and an optional link; the last one is plain text. A path string is split on '/'. */
export function Breadcrumbs(props: BreadcrumbsProps) {
  const items = props.items ?? pathToBreadcrumbs(props.path);
  if (items.length === 0) return null;
  return (
    <MuiBreadcrumbs aria-label="Breadcrumb" maxItems={4} sx={{ minWidth: 0, '& ol': { flexWrap: 'nowrap' } }}>
      {items.map((item, index) => {
        const isLast = index === items.length - 1;
        const sx = { whiteSpace: 'nowrap', fontSize: '0.875rem' } as const;
        if (isLast || !item.href) {
          return (
            <Typography
              key={index}
              color={isLast ? 'text.primary' : 'text.secondary'}
              sx={sx}
              aria-current={isLast ? 'page' : undefined}
              noWrap
            >
              {item.label}
            </Typography>
          );
        }
        return (
          <Link
            key={index}
            component={RouterLink}
            to={item.href}
            underline="hover"
            color="text.secondary"
            sx={sx}
          >
            {item.label}
          </Link>
        );
      })}
    </MuiBreadcrumbs>
  );
}
