import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { messages } from '../messages';
import type { UnsafeCodeDetail } from '../types';

/** What the server refused in a script: each call or construct with its line and the reason. */
export function UnsafeCodeList({ details }: { details: readonly UnsafeCodeDetail[] }) {
  return (
    <Alert severity="error" role="alert" sx={{ mt: 1 }}>
      <AlertTitle>{messages.unsafe}</AlertTitle>
      <Box component="ul" aria-label="Refused lines" sx={{ m: 0, pl: 2.5 }}>
        {details.map((detail) => (
          <li key={`${detail.line}:${detail.column}:${detail.code}`}>
            Line {detail.line}
            {detail.column > 0 ? `, column ${detail.column}` : ''}
            {detail.code ? (
              <>
                :{' '}
                <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {detail.code}
                </Box>
              </>
            ) : null}{' '}
            — {detail.reason}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
