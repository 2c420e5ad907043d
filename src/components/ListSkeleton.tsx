import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

interface ListSkeletonProps {
  rows?: number;
  label?: string;
}

export function ListSkeleton({ rows = 3, label = 'Loading' }: ListSkeletonProps) {
  return (
    <Stack spacing={1} aria-busy="true" aria-label={label} role="progressbar">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={44} />
      ))}
    </Stack>
  );
}
