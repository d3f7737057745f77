import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@12345';
export const AGENT = { email: 'agent@demo.example', name: 'Marco Agent' };

/** Fills and submits the login screen (the page must be on /login). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the login screen and waits for the signed-in frame. */
export async function signIn(page: Page, email = AGENT.email) {
  await page.goto('/login');
  await submitLogin(page, email);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

/** Everything in localStorage, as the page sees it. */
export function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...window.localStorage }));
}
