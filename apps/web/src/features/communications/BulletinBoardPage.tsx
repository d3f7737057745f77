import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BoardBulletin } from '@portal/contract/communications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../platform/api.ts';
import { notify } from '../../platform/toasts.ts';
import { acknowledgeBulletin, communicationKeys, fetchBoard } from './communications-api.ts';

const when = (iso: string) => new Date(iso).toLocaleDateString();

function BulletinCard({ bulletin }: { bulletin: BoardBulletin }) {
  const client = useQueryClient();
  const [answers, setAnswers] = useState<(number | null)[]>(() =>
    bulletin.questions.map(() => null),
  );
  const send = useMutation({
    mutationFn: () =>
      acknowledgeBulletin(
        bulletin.id,
        bulletin.version,
        answers.map((answer) => answer ?? -1).filter((answer) => answer >= 0),
      ),
    onSuccess: (reply) => {
      notify.success(reply.message);
      void client.invalidateQueries({ queryKey: communicationKeys.board });
    },
  });
  const errors = send.error instanceof ApiError ? send.error.fieldErrors : {};
  const headingId = `bulletin-${bulletin.id}-title`;
  return (
    <Paper component="article" variant="outlined" sx={{ p: 2 }} aria-labelledby={headingId}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {bulletin.title}
          </Typography>
          <Chip
            size="small"
            label={`Version ${bulletin.version} of ${when(bulletin.version_at)}`}
          />
          {bulletin.pending ? (
            <Chip
              size="small"
              color="warning"
              label={
                bulletin.acknowledged_version === null
                  ? 'To acknowledge'
                  : 'Changed: acknowledge again'
              }
            />
          ) : (
            <Chip size="small" color="success" label={`Acknowledged version ${bulletin.version}`} />
          )}
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{bulletin.body}</Typography>
        {bulletin.pending && (
          <Stack
            component="form"
            spacing={1.5}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send.mutate();
            }}
          >
            {send.isError && <Alert severity="error">{send.error.message}</Alert>}
            {bulletin.ack_mode === 'questions' &&
              bulletin.questions.map((question, index) => {
                const error = errors[`answers.${index}`]?.[0];
                return (
                  <FormControl key={index} error={Boolean(error)}>
                    <FormLabel id={`bulletin-${bulletin.id}-q${index}`}>
                      {question.question}
                    </FormLabel>
                    <RadioGroup
                      aria-labelledby={`bulletin-${bulletin.id}-q${index}`}
                      value={answers[index] === null ? '' : String(answers[index])}
                      onChange={(event) =>
                        setAnswers((current) =>
                          current.map((answer, at) =>
                            at === index ? Number(event.target.value) : answer,
                          ),
                        )
                      }
                    >
                      {question.choices.map((choice, at) => (
                        <FormControlLabel
                          key={at}
                          value={String(at)}
                          control={<Radio />}
                          label={choice}
                        />
                      ))}
                    </RadioGroup>
                    {error && <FormHelperText>{error}</FormHelperText>}
                  </FormControl>
                );
              })}
            <Stack direction="row">
              <Button type="submit" variant="contained" loading={send.isPending}>
                {bulletin.ack_mode === 'questions' ? 'Submit answers' : 'I have read'}
              </Button>
            </Stack>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** /communications/bulletin-board: the bulletins aimed at the signed-in person, to acknowledge. */
export function BulletinBoardPage() {
  const board = useQuery({
    queryKey: communicationKeys.board,
    queryFn: ({ signal }) => fetchBoard(signal),
  });
  const waiting = board.data?.filter((bulletin) => bulletin.pending).length ?? 0;
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Typography variant="h5" component="h1">
        Bulletin Board
      </Typography>
      {board.isError && <Alert severity="error">{board.error.message}</Alert>}
      {board.data && (
        <Typography color="text.secondary">
          {waiting
            ? `${waiting} bulletin${waiting === 1 ? '' : 's'} to acknowledge`
            : 'All caught up'}
        </Typography>
      )}
      {board.data?.length === 0 && <Alert severity="info">No bulletins for you yet.</Alert>}
      {board.data?.map((bulletin) => (
        <BulletinCard key={`${bulletin.id}-${bulletin.version}`} bulletin={bulletin} />
      ))}
    </Stack>
  );
}
