import type { TestApp } from './test-app.ts';

export interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
}

/** One super admin session per test server: the dev mailbox answers no one else. */
const superAdminTokens = new WeakMap<TestApp, Promise<string>>();

export function superAdminToken(t: TestApp): Promise<string> {
  let token = superAdminTokens.get(t);
  if (!token) {
    token = t.login('admin@demo.example');
    superAdminTokens.set(t, token);
  }
  return token;
}

/** GET /api/dev/mailbox?to=<email> as the demo super admin: the newest mail first. */
export async function readMailbox(t: TestApp, email: string): Promise<MailboxMessage[]> {
  const box = await t.call<{ data: MailboxMessage[] }>(
    'GET',
    `/api/dev/mailbox?to=${encodeURIComponent(email)}`,
    { token: await superAdminToken(t) },
  );
  if (box.status !== 200) throw new Error(`dev mailbox: ${box.status} ${box.body.message}`);
  return box.body.data;
}
