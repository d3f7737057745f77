import {
  bulletinMessages,
  type BulletinAckMode,
  type BulletinQuestion,
} from '@portal/contract/communications';
import type { FieldErrors } from '@portal/contract/envelope';

/**
 * The check questions fit the mode (one to three for 'questions') and each answer is among its
 * choices: the field errors of a bulletin or a template (empty when all is well).
 */
export function questionErrors(value: {
  ack_mode: BulletinAckMode;
  questions: BulletinQuestion[];
}): FieldErrors {
  const errors: FieldErrors = {};
  if (value.ack_mode === 'questions' && value.questions.length === 0)
    errors.questions = [bulletinMessages.questionsNeeded];
  value.questions.forEach((question, index) => {
    if (question.answer >= question.choices.length)
      errors[`questions.${index}.answer`] = [bulletinMessages.answerOutOfRange];
  });
  return errors;
}
