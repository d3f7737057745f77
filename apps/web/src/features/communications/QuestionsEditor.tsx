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
  bulletinMessages,
  MAX_BULLETIN_QUESTIONS,
  type BulletinAckMode,
  type BulletinQuestion,
} from '@portal/contract/communications';
import {
  Controller,
  useController,
  useWatch,
  type Control,
  type FieldErrors,
} from 'react-hook-form';
import { z } from 'zod';

/** A check question as the form holds it. */
export interface QuestionDraft {
  question: string;
  /** one choice a line */
  choices: string;
  /** the right choice's index, as text for the select */
  answer: string;
}

export const emptyQuestion: QuestionDraft = { question: '', choices: '', answer: '0' };

/** The form's questions as typed (the contract's schema checks them once turned into questions). */
export const questionDraftsField = z.array(
  z.object({ question: z.string(), choices: z.string(), answer: z.string() }),
);

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

/** The questions a save sends: none unless the bulletin or template asks check questions. */
export const questionsOf = (
  mode: BulletinAckMode,
  drafts: readonly QuestionDraft[],
): BulletinQuestion[] =>
  mode === 'questions'
    ? drafts.map((q) => ({
        question: q.question,
        choices: choicesOf(q.choices),
        answer: Number(q.answer) || 0,
      }))
    : [];

/**
 * The service's checks of the questions against the mode (a 400 on `questions` or on a question's
 * answer), made in the browser too: one to three questions, each answer among its choices.
 */
export function checkQuestions(
  value: { ack_mode?: BulletinAckMode | undefined; questions?: BulletinQuestion[] | undefined },
  ctx: z.RefinementCtx,
) {
  const questions = value.questions ?? [];
  if (value.ack_mode === 'questions' && questions.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['questions'],
      message: bulletinMessages.questionsNeeded,
    });
  questions.forEach((question, index) => {
    if (question.answer >= question.choices.length)
      ctx.addIssue({
        code: 'custom',
        path: ['questions', index, 'answer'],
        message: bulletinMessages.answerOutOfRange,
      });
  });
}

type QuestionErrors = FieldErrors<{ questions: QuestionDraft[] }>['questions'];

/** A field's message; a choice's error (questions.0.choices.1) shows under its question's choices. */
function messageOf(error: unknown): string | undefined {
  if (Array.isArray(error)) return error.map(messageOf).find(Boolean);
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message || undefined;
  return undefined;
}

/**
 * One to three check questions, each with its choices (one a line) and the right one: the
 * `questions` field of a form (its Controller's value and onChange, the form's errors of it).
 */
export function QuestionsEditor({
  questions,
  onChange,
  errors,
}: {
  questions: QuestionDraft[];
  onChange: (questions: QuestionDraft[]) => void;
  errors: QuestionErrors;
}) {
  const setQuestion = (index: number, patch: Partial<QuestionDraft>) =>
    onChange(questions.map((q, at) => (at === index ? { ...q, ...patch } : q)));
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <>
      {listError && <Alert severity="error">{listError}</Alert>}
      {questions.map((q, index) => {
        const options = choicesOf(q.choices);
        const errorOf = (name: keyof QuestionDraft) => messageOf(errors?.[index]?.[name]);
        return (
          <Paper key={index} variant="outlined" sx={{ p: 1.5 }}>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  size="small"
                  label={`Question ${index + 1}`}
                  value={q.question}
                  onChange={(event) => setQuestion(index, { question: event.target.value })}
                  error={Boolean(errorOf('question'))}
                  helperText={errorOf('question')}
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
                error={Boolean(errorOf('choices'))}
                helperText={errorOf('choices') ?? 'One choice a line'}
              />
              <TextField
                select
                size="small"
                label={`Question ${index + 1} right answer`}
                value={options.length ? q.answer : ''}
                onChange={(event) => setQuestion(index, { answer: event.target.value })}
                error={Boolean(errorOf('answer'))}
                helperText={errorOf('answer')}
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

/** The fields of a form that says how a bulletin is acknowledged (the bulletin and template forms). */
export interface AckFormValues {
  ack_mode: BulletinAckMode;
  questions: QuestionDraft[];
}

/**
 * The form's control seen as its two acknowledgement fields. react-hook-form's Control is invariant
 * in its values, so a wider form's control is not a Control<AckFormValues>; T has both fields with
 * these types, which is all the two controllers below read or write.
 */
const ackFields = <T extends AckFormValues, Out>(control: Control<T, unknown, Out>) =>
  control as unknown as Control<AckFormValues>;

/**
 * "Acknowledge by" of a bulletin or a template (the form's `ack_mode`): choosing check questions
 * starts one empty question when there are none yet.
 */
export function AckModeController<T extends AckFormValues, Out>({
  control,
  width,
}: {
  control: Control<T, unknown, Out>;
  width: number;
}) {
  const ack = ackFields(control);
  const { field } = useController({ control: ack, name: 'ack_mode' });
  const questions = useController({ control: ack, name: 'questions' }).field;
  return (
    <TextField
      select
      label="Acknowledge by"
      name={field.name}
      value={field.value}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(event) => {
        const next = bulletinAckModes.find((one) => one === event.target.value) ?? 'read';
        field.onChange(next);
        if (next === 'questions' && !questions.value.length) questions.onChange([emptyQuestion]);
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

/** The form's check questions, shown while the form's `ack_mode` asks questions. */
export function AckQuestionsController<T extends AckFormValues, Out>({
  control,
}: {
  control: Control<T, unknown, Out>;
}) {
  const ack = ackFields(control);
  const mode = useWatch({ control: ack, name: 'ack_mode' });
  if (mode !== 'questions') return null;
  return (
    <Controller
      name="questions"
      control={ack}
      render={({ field, formState }) => (
        <QuestionsEditor
          questions={field.value}
          onChange={field.onChange}
          errors={formState.errors.questions}
        />
      )}
    />
  );
}
