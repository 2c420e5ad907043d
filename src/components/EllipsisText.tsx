import Tooltip from '@mui/material/Tooltip';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useState, type ElementType, type MouseEvent } from 'react';

export type EllipsisTextProps = Omit<TypographyProps, 'children' | 'noWrap'> & {
  /** The full text: a user-given name of any length. */
  children: string;
  /** Lines shown before the ellipsis (1: one line, cut at the end). */
  lines?: number;
  component?: ElementType;
};

/**
 * A user-given name that never widens its container: it ellipsizes after `lines` lines (breaking
 * unbroken names anywhere) and shows the full name in a tooltip on hover, only when it is cut.
 */
export function EllipsisText({ children, lines = 1, sx, ...props }: EllipsisTextProps) {
  const [truncated, setTruncated] = useState(false);
  // Measured on hover: a resize or a new name changes the answer, and hovering is when it matters.
  const measure = (event: MouseEvent<HTMLElement>) => {
    const element = event.currentTarget;
    setTruncated(element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
  };
  const clamp =
    lines === 1
      ? { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }
      : {
          overflow: 'hidden',
          overflowWrap: 'anywhere',
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: String(lines),
        };
  return (
    <Tooltip title={truncated ? children : ''} slotProps={{ tooltip: { sx: { overflowWrap: 'anywhere' } } }}>
      <Typography
        {...props}
        onMouseEnter={measure}
        sx={[{ minWidth: 0, maxWidth: '100%' }, clamp, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        {children}
      </Typography>
    </Tooltip>
  );
}
