import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { hasPermission } from '../auth/session.ts';
import { ApiError } from '../../platform/api.ts';
import { PageLoader } from '../../platform/PageLoader.tsx';
import { embedQueryKey, fetchEmbedBySlug } from './embeds-api.ts';

interface EmbedViewProps {
  slug: string;
  /** The heading while loading and when the embed is missing (e.g. a Lotus resource's name). */
  fallbackTitle?: string;
}

/** A company's embedded page in a frame, with a way to open it in its own tab. */
export function EmbedView({ slug, fallbackTitle }: EmbedViewProps) {
  const embed = useQuery({
    queryKey: embedQueryKey(slug),
    queryFn: ({ signal }) => fetchEmbedBySlug(slug, signal),
    meta: { errorToast: false },
  });
  const title = embed.data?.title ?? fallbackTitle ?? slug;

  if (embed.isPending) return <PageLoader label={`Loading ${title}`} />;
  if (embed.isError) {
    const missing = embed.error instanceof ApiError && embed.error.status === 404;
    const query = new URLSearchParams({ slug, ...(fallbackTitle ? { title: fallbackTitle } : {}) });
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640 }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {missing ? (
          <Alert severity="info">
            {fallbackTitle
              ? `${fallbackTitle} is not set up for your company yet.`
              : 'There is no embedded page at this address.'}{' '}
            {hasPermission('write_embeds')
              ? 'Add its address to show it here.'
              : 'Ask your admin to add it.'}
          </Alert>
        ) : (
          <Alert severity="error">{embed.error.message}</Alert>
        )}
        {missing && hasPermission('write_embeds') && (
          <Button component={RouterLink} to={`/embed/new?${query.toString()}`} variant="contained">
            Add embedded page
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ flex: 1, minHeight: 480 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {embed.data.title}
        </Typography>
        <Button
          component="a"
          href={embed.data.url}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNewIcon />}
        >
          Open in a new tab
        </Button>
      </Stack>
      <Box
        component="iframe"
        src={embed.data.url}
        title={embed.data.title}
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
        sx={{
          flex: 1,
          width: '100%',
          minHeight: 480,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      />
    </Stack>
  );
}
