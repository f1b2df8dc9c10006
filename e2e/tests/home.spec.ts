import { demo } from '../support/demo';
import { logIn } from '../support/session';
import { closeWhenShown } from '../support/overlays';
import { expect, test } from '../support/test';

test('card list home: widgets from three remotes, Add by ICCID with the length rule, Arabic right-to-left', async ({
  page,
  request,
}) => {
  const token = await logIn(request);
  // Whenever they show: the activity pop-up closes, and the batch bind dialog (demo has unbound cards carrying
  // its e-mail until home-activities.spec.ts binds them) is dismissed; that flow has its own test.
  await closeWhenShown(page, page.getByTestId('activity-popup'), (popup) =>
    popup.getByRole('button', { name: 'Close' }),
  );
  await closeWhenShown(page, page.getByRole('dialog', { name: 'Add your cards to this account?' }), (dialog) =>
    dialog.getByRole('button', { name: 'Cancel' }),
  );
  await page.goto(`/eshop/card/list?access_token=${encodeURIComponent(token)}`);
  const home = page.locator('[data-remote="mf_card"]');
  await expect(home.getByTestId('sim-card').first()).toBeVisible();
  // Pool and eSIM widgets come from mf-pool and mf-esim through federation, not from fallbacks.
  await expect(home.getByTestId('pool-card').first()).toBeVisible();
  await expect(home.getByTestId('slot-card').first()).toBeVisible();
  await expect(home.getByTestId('esim-card').first()).toBeVisible();
  await expect(home.getByTestId('widget-fallback')).toHaveCount(0);

  await home.getByRole('button', { name: /add/i }).last().click();
  const input = page.getByRole('textbox', { name: 'ICCID or EID' });
  await input.fill('8988 0000');
  await page.getByRole('dialog').getByRole('button', { name: /^add$/i }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();

  // Whitespace is removed; 20 characters is an ICCID, bound through the bind-card call.
  await input.fill(` ${demo.readyUnbound.slice(0, 10)} ${demo.readyUnbound.slice(10)} `);
  await page.getByRole('dialog').getByRole('button', { name: /^add$/i }).click();
  await expect(page.getByTestId('toast-region').getByTestId('toast')).toBeVisible();
  await expect(home.getByTestId('sim-card').filter({ hasText: demo.readyUnbound.slice(-4) })).toBeVisible();
  await page.screenshot({ path: 'screenshots/home-en.png', fullPage: true });

  await page.goto('/eshop/card/list?lan=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(home.getByTestId('sim-card').first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/home-ar.png', fullPage: true });
});
