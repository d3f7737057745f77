import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs } from './api.ts';
import { AGENT, submitLogin } from './session.ts';

const SUPER_ADMIN = 'admin@demo.example';

/** A demo-company admin of one test file's own (a Master Agent at Brooklyn Heights). */
export interface AdminUser {
  email: string;
  password: string;
}

/**
 * Creates a Master Agent (or a user of another demo role) that no other test signs in as: the shared demo users are clocked in
 * and out by the HR tests, whose prompts would cover the screens these tests look at.
 */
export async function createAdminUser(
  request: APIRequestContext,
  tag: string,
  roleName = 'Master Agent',
): Promise<AdminUser> {
  const agent = await apiAs(request, AGENT.email);
  const roles = await agent.get<{ results: { id: number; name: string }[] }>(
    `/roles?perPage=100&search=${encodeURIComponent(roleName)}`,
  );
  const stores = await agent.get<{ results: { id: number; name: string }[] }>(
    '/stores?perPage=100&search=Brooklyn',
  );
  const role = roles.results.find((row) => row.name === roleName);
  const store = stores.results.find((row) => row.name === 'Brooklyn Heights');
  if (!role || !store) throw new Error('demo role or store missing');
  const user = {
    email: `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@demo.example`,
    password: `Tbl-${Date.now().toString(36)}-Qz!9`,
  };
  // Only someone above makes a Master Agent (the rank rule: nobody creates a peer): the super admin,
  // who creates in their own company, the demo one.
  const creator = await apiAs(request, SUPER_ADMIN);
  await creator.send('POST', '/users', {
    email: user.email,
    password: user.password,
    first_name: 'Tabitha',
    last_name: 'Tables',
    role_id: role.id,
    current_store: store.id,
  });
  return user;
}

/** Signs in through the login screen and waits for the signed-in frame. */
export async function signInAs(page: Page, user: AdminUser) {
  await page.goto('/login');
  await submitLogin(page, user.email, user.password);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({
    timeout: 30_000,
  });
}
