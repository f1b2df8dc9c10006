import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { demo } from './demo';

/** The demo user's login receipt, from the api as the login page gets it. */
export async function logIn(request: APIRequestContext, user: { email: string; password: string } = demo.user) {
  const body = await (await request.post('/eshop/user/auth/login', { data: user })).json();
  expect(body.code).toBe(10000);
  return body.data.token as string;
}

/** A phone (390×844) whose pages open logged in as the demo user (the receipt the login page would store). */
export async function loggedInPhone(page: Page, request: APIRequestContext): Promise<string> {
  const token = await logIn(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript((value) => localStorage.setItem('RECEIPT', value), token);
  return token;
}
