import type { Tx } from '../../platform/database.ts';
import { bulletins, bulletinVersions } from './schema.ts';

/** A demo company's first bulletin: to everyone, with one check question (the board's example). */
export async function seedCommunicationsDemo(tx: Tx, companyId: number) {
  const content = {
    title: 'New returns policy',
    body:
      'From next Monday, devices may be returned within 14 days of purchase (was 30). ' +
      'Accessories keep their 30 days. Tell customers at the counter and point them to the ' +
      'receipt, where the new dates are printed.',
    questions: [
      {
        question: 'Within how many days may a device be returned?',
        choices: ['7 days', '14 days', '30 days'],
        answer: 1,
      },
    ],
  };
  const [bulletin] = await tx
    .insert(bulletins)
    .values({ company_id: companyId, ack_mode: 'questions', ...content })
    .returning({ id: bulletins.id });
  if (!bulletin) return;
  await tx
    .insert(bulletinVersions)
    .values({ company_id: companyId, bulletin_id: bulletin.id, version: 1, ...content });
}
