import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page's heading on the left and its buttons and links on the right, wrapping on narrow screens. */
export function PageTitleBar(props: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      alignItems="center"
      justifyContent="space-between"
      flexWrap="wrap"
      useFlexGap
    >
      <Typography variant="h5" component="h1">
        {props.title}
      </Typography>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        {props.children}
      </Stack>
    </Stack>
  );
}
