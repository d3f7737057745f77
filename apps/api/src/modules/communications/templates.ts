import {
  bulletinTemplateMessages,
  bulletinTemplates as bulletinTemplateResource,
  type BulletinAckMode,
  type BulletinQuestion,
} from '@portal/contract/communications';
import { AppError } from '../../platform/errors.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { assertNameFree } from './names.ts';
import { questionErrors } from './questions.ts';
import { bulletinTemplates } from './schema.ts';

/** The questions fit the mode, as a bulletin's (400 per field). */
function checkQuestions(value: { ack_mode: BulletinAckMode; questions: BulletinQuestion[] }) {
  const errors = questionErrors(value);
  const first = Object.values(errors)[0]?.[0];
  if (first) throw AppError.badRequest(first, errors);
}

/** Bulletin templates on the engine: a name unique in the company whatever its case (409). */
export const bulletinTemplateService = createResourceService({
  definition: bulletinTemplateResource,
  table: bulletinTemplates,
  tenantColumn: 'company_id',
  hooks: {
    async beforeCreate(input, ctx, tx) {
      await assertNameFree(
        tx,
        bulletinTemplates,
        ctx.companyId,
        input.name,
        bulletinTemplateMessages.nameTaken,
      );
      checkQuestions(input);
      return {
        ...input,
        questions: input.ack_mode === 'questions' ? input.questions : [],
        created_by: ctx.userId,
      };
    },
    async beforeUpdate(input, existing, _ctx, tx) {
      if (input.name !== undefined)
        await assertNameFree(
          tx,
          bulletinTemplates,
          Number(existing.company_id),
          input.name,
          bulletinTemplateMessages.nameTaken,
          existing.id,
        );
      const ackMode = (input.ack_mode ?? existing.ack_mode) as BulletinAckMode;
      checkQuestions({
        ack_mode: ackMode,
        questions: input.questions ?? (existing.questions as BulletinQuestion[]),
      });
      return ackMode === 'read' ? { ...input, questions: [] } : { ...input };
    },
  },
});
