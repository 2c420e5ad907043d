import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AlertDelivery } from '../types';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const STATUSES: Record<AlertDelivery['status'], { label: string; color: ChipProps['color'] }> = {
  pending: { label: 'Sending', color: 'info' },
  delivered: { label: 'Delivered', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

const EVENTS: Record<AlertDelivery['event'], string> = { failure: 'Failure', recovery: 'Recovery' };

/** The latest alerts sent: to whom, whether they arrived, and the last error when not. */
export function DeliveriesTable({ deliveries }: { deliveries: AlertDelivery[] }) {
  if (deliveries.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No alerts sent yet.
      </Typography>
    );
  return (
    // NOTE: on a phone the table scrolls sideways in its own box; the page never does.
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Recent alerts">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Event</TableCell>
            <TableCell>To</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Last error</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.map((delivery) => {
            const { label, color } = STATUSES[delivery.status];
            return (
              <TableRow key={delivery._id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {dateFormat.format(new Date(delivery.created_at))}
                </TableCell>
                <TableCell>{EVENTS[delivery.event]}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                  {delivery.channel === 'email' ? 'E-mail' : 'Webhook'} · {delivery.target}
                </TableCell>
                <TableCell>
                  <Chip size="small" label={label} color={color} />
                  {delivery.attempts > 1 && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {delivery.attempts} attempts
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                  {delivery.last_error ?? '—'}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
