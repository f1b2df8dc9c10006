import { type APIRequestContext, type Page } from '@playwright/test';
import { demo } from '../support/demo';
import { expect, test } from '../support/test';

async function logIn(request: APIRequestContext): Promise<string> {
  const res = await request.post('/eshop/user/auth/login', { data: demo.user });
  const body = await res.json();
  expect(body.code).toBe(10000);
  return body.data.token as string;
}

async function openChat(page: Page) {
  await page.getByTestId('app-header').getByRole('button', { name: 'Customer support' }).click();
  const chat = page.getByTestId('support-chat');
  await expect(chat).toBeVisible();
  return chat;
}

test('a visitor writes to support from the header; the message is still there after a reload', async ({ page }) => {
  await page.goto(`/2/${demo.readyUnbound}`);
  await expect(page.locator('[data-remote="mf_card"]')).toBeVisible();

  let chat = await openChat(page);
  // The card opened on this device is passed along.
  await expect(chat.getByTestId('support-who')).toContainText(demo.readyUnbound);
  await expect(chat.getByText(/Ask us anything/)).toBeVisible();

  const text = `My data stopped working (${Date.now()})`;
  await chat.getByLabel('Your e-mail (so we can answer)').fill('traveller@example.com');
  await chat.getByLabel('Message').fill(text);
  await expect(chat.getByTestId('support-counter')).toContainText(`${text.length}/1000`);
  await chat.getByRole('button', { name: 'Send' }).click();

  const mine = chat.getByTestId('support-message').filter({ hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText('Sent');
  await expect(chat.getByText(/we got your message/)).toBeVisible();
  await expect(chat.getByLabel('Message')).toHaveValue('');
  await page.screenshot({ path: 'screenshots/support-chat-en.png' });

  await page.reload();
  chat = await openChat(page);
  await expect(chat.getByTestId('support-message').filter({ hasText: text })).toBeVisible();
  await expect(chat.getByTestId('support-message')).toHaveCount(2);
  // Nothing is waiting to be sent any more.
  const outbox = await page.evaluate(() => JSON.parse(localStorage.getItem('SUPPORT_OUTBOX') ?? '{}'));
  expect(outbox).toEqual({ draft: '', email: 'traveller@example.com', pending: [] });
});

test('a message written offline waits with Retry and is sent when the network is back', async ({ page, context }) => {
  await page.goto('/');
  let chat = await openChat(page);
  await expect(chat.getByText(/Ask us anything|sending|Sent/).first()).toBeVisible();
  await context.setOffline(true);
  await chat.getByLabel('Message').fill('Written on a plane');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByText('Not sent')).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Retry' })).toBeVisible();

  await context.setOffline(false);
  await page.reload();
  chat = await openChat(page);
  // Reopening sends what the api did not have yet.
  const mine = chat.getByTestId('support-message').filter({ hasText: 'Written on a plane' });
  await expect(mine).toContainText('Sent');
  await expect(chat.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

test('a logged-in user sees the chat for the account, in Arabic right-to-left', async ({ page, request }) => {
  const token = await logIn(request);
  await page.goto(`/?lan=ar&access_token=${encodeURIComponent(token)}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('support-button').click();
  const chat = page.getByTestId('support-chat');
  await expect(chat.getByTestId('support-who')).toContainText(demo.user.email);
  await chat.getByRole('textbox').fill('مرحبا، أحتاج إلى مساعدة في بطاقتي');
  await chat.getByTestId('support-send').click();
  await expect(chat.getByTestId('support-message').filter({ hasText: 'مرحبا' })).toContainText('تم الإرسال');
  await page.screenshot({ path: 'screenshots/support-chat-ar.png' });
});
