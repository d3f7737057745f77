import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  bulletinAckModeLabels,
  bulletinAckModes,
  MAX_BULLETIN_QUESTIONS,
  type BulletinAckMode,
  type BulletinQuestion,
} from '@portal/contract/communications';

/** A check question as the form holds it. */
export interface QuestionDraft {
  question: string;
  /** one choice a line */
  choices: string;
  /** the right choice's index, as text for the select */
  answer: string;
}

export const emptyQuestion: QuestionDraft = { question: '', choices: '', answer: '0' };

export const choicesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export const questionDrafts = (questions: readonly BulletinQuestion[]): QuestionDraft[] =>
  questions.map((q) => ({
    question: q.question,
    choices: q.choices.join('\n'),
    answer: String(q.answer),
  }));

export const questionsOf = (drafts: readonly QuestionDraft[]): BulletinQuestion[] =>
  drafts.map((q) => ({
    question: q.question,
    choices: choicesOf(q.choices),
    answer: Number(q.answer) || 0,
  }));

/** One to three check questions, each with its choices (one a line) and the right one. */
export function QuestionsEditor({
  questions,
  onChange,
  errorOf,
}: {
  questions: QuestionDraft[];
  onChange: (questions: QuestionDraft[]) => void;
  errorOf: (name: string) => string | undefined;
}) {
  const setQuestion = (index: number, patch: Partial<QuestionDraft>) =>
    onChange(questions.map((q, at) => (at === index ? { ...q, ...patch } : q)));
  return (
    <>
      {errorOf('questions') && <Alert severity="error">{errorOf('questions')}</Alert>}
      {questions.map((q, index) => {
        const options = choicesOf(q.choices);
        return (
          <Paper key={index} variant="outlined" sx={{ p: 1.5 }}>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  size="small"
                  label={`Question ${index + 1}`}
                  value={q.question}
                  onChange={(event) => setQuestion(index, { question: event.target.value })}
                  error={Boolean(errorOf(`questions.${index}.question`))}
                  helperText={errorOf(`questions.${index}.question`)}
                  sx={{ flexGrow: 1 }}
                />
                <IconButton
                  aria-label={`Remove question ${index + 1}`}
                  onClick={() => onChange(questions.filter((_, at) => at !== index))}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
              <TextField
                size="small"
                multiline
                minRows={2}
                label={`Question ${index + 1} choices`}
                value={q.choices}
                onChange={(event) => setQuestion(index, { choices: event.target.value })}
                error={Boolean(errorOf(`questions.${index}.choices`))}
                helperText={errorOf(`questions.${index}.choices`) ?? 'One choice a line'}
              />
              <TextField
                select
                size="small"
                label={`Question ${index + 1} right answer`}
                value={options.length ? q.answer : ''}
                onChange={(event) => setQuestion(index, { answer: event.target.value })}
                error={Boolean(errorOf(`questions.${index}.answer`))}
                helperText={errorOf(`questions.${index}.answer`)}
              >
                {options.map((choice, at) => (
                  <MenuItem key={at} value={String(at)}>
                    {choice}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </Paper>
        );
      })}
      {questions.length < MAX_BULLETIN_QUESTIONS && (
        <Stack direction="row">
          <Button onClick={() => onChange([...questions, emptyQuestion])}>Add question</Button>
        </Stack>
      )}
    </>
  );
}

/**
 * "Acknowledge by" of a bulletin or a template: choosing check questions starts one empty question
 * when there are none yet.
 */
export function AckModeField({
  mode,
  questions,
  onChange,
  width,
}: {
  mode: BulletinAckMode;
  questions: QuestionDraft[];
  onChange: (change: { ack_mode: BulletinAckMode; questions: QuestionDraft[] }) => void;
  width: number;
}) {
  return (
    <TextField
      select
      label="Acknowledge by"
      value={mode}
      onChange={(event) => {
        const next = bulletinAckModes.find((one) => one === event.target.value) ?? 'read';
        onChange({
          ack_mode: next,
          questions: next === 'questions' && !questions.length ? [emptyQuestion] : questions,
        });
      }}
      sx={{ minWidth: width }}
    >
      {bulletinAckModes.map((one) => (
        <MenuItem key={one} value={one}>
          {bulletinAckModeLabels[one]}
        </MenuItem>
      ))}
    </TextField>
  );
}
