import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError, SESSION_EXPIRED_STATUS } from '../../platform/api.ts';
import { fetchDevMailbox } from './auth-api.ts';

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

/** Mail text with its links clickable; a link to this site opens here. */
function MailText({ text }: { text: string }) {
  const parts: ReactNode[] = text.split(URL_PATTERN).map((part, index) => {
    if (index % 2 === 0) return part;
    let href = part;
    try {
      const url = new URL(part);
      if (url.origin === window.location.origin || url.hostname === 'localhost')
        href = `${url.pathname}${url.search}`;
    } catch {
      return part;
    }
    return href.startsWith('/') ? (
      <Link key={index} component={RouterLink} to={href}>
        {part}
      </Link>
    ) : (
      <Link key={index} href={href} rel="noreferrer">
        {part}
      </Link>
    );
  });
  return (
    <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
      {parts}
    </Typography>
  );
}

/** Why the mailbox cannot be shown: not signed in, or not a super admin. */
function refusal(error: Error): string {
  if (error instanceof ApiError && error.status === SESSION_EXPIRED_STATUS)
    return 'Sign in as a super admin to read the dev mailbox.';
  if (error instanceof ApiError && error.status === 403)
    return 'Only a super admin can read the dev mailbox.';
  return error.message;
}

/**
 * /dev/mailbox: mail the server wrote to its outbox because it has no SMTP server (development
 * on loopback only), so a reset link or a sign-in code can be read without a mailbox. The API
 * shows it to a signed-in super admin only (reset links and codes take accounts over).
 */
export function DevMailboxPage() {
  const [to, setTo] = useState('');
  const mail = useQuery({
    queryKey: ['dev', 'mailbox', to.trim().toLowerCase()],
    queryFn: () => fetchDevMailbox(to),
    refetchInterval: (query) => (query.state.error ? false : 3000),
    retry: false,
  });
  return (
    <Box component="main" sx={{ p: { xs: 2, md: 4 }, maxWidth: 900, mx: 'auto' }}>
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          Dev mailbox
        </Typography>
        <Typography color="text.secondary">
          This server has no mail server configured (SMTP_URL), so mail lands here, for super
          admins. Newest first.{' '}
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
        </Typography>
        <TextField
          id="mailbox-to"
          label="Recipient"
          placeholder="name@example.com"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          sx={{ maxWidth: 360 }}
        />
        {mail.isError && <Alert severity="error">{refusal(mail.error)}</Alert>}
        {mail.data === null && (
          <Alert severity="info">
            The dev mailbox is off on this server: mail goes out through SMTP.
          </Alert>
        )}
        {mail.data?.length === 0 && <Alert severity="info">No mail yet.</Alert>}
        {mail.data?.map((message) => (
          <Card
            key={message.id}
            variant="outlined"
            component="article"
            aria-label={message.subject}
          >
            <CardContent>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {message.subject}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                To {message.to} · {new Date(message.created_at).toLocaleString()}
              </Typography>
              <MailText text={message.text} />
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}
