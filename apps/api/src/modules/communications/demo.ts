import type { Tx } from '../../platform/database.ts';
import { directory } from '../users/api.ts';
import {
  bulletinTemplates,
  bulletins,
  bulletinVersions,
  recipientListMembers,
  recipientLists,
} from './schema.ts';

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
  await seedListAndTemplate(tx, companyId);
}

/** A demo recipient list (three people who try new procedures first) and a bulletin template. */
async function seedListAndTemplate(tx: Tx, companyId: number) {
  const [list] = await tx
    .insert(recipientLists)
    .values({
      company_id: companyId,
      name: 'Pilot team',
      description: 'People who try new procedures first',
    })
    .returning({ id: recipientLists.id });
  const people = (await directory(tx, companyId)).slice(0, 3);
  if (list && people.length)
    await tx
      .insert(recipientListMembers)
      .values(
        people.map((person) => ({ company_id: companyId, list_id: list.id, user_id: person.id })),
      );
  await tx.insert(bulletinTemplates).values({
    company_id: companyId,
    name: 'Early closing',
    title: 'Store closing early',
    body:
      'The store closes at 5 pm on the day named below. Finish the day’s counts by 4:30 pm ' +
      'and tell customers with open repairs when they can collect them.',
    ack_mode: 'read',
  });
}
