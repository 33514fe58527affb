import { expect, test } from '@playwright/test';
import { applyLook, looks, shotPath } from './looks';
import { signIn } from './identity';
import { registerAccount, uniqueEmail } from './portal';

/**
 * Screenshots of the main screens for review (git-ignored artifacts): sign-in, registration and
 * dashboard at desktop and phone width, light and dark, in English, Arabic and French.
 */
test.describe('screenshots', () => {
  let email: string;
  test.beforeAll(async () => {
    email = uniqueEmail('shots');
    await registerAccount({ name: 'Amelia Hart', email, role: 'investor' });
  });

  for (const look of looks(['en', 'ar', 'fr'])) {
    test(look.name, async ({ page }) => {
      await applyLook(page, look);
      const name = (screen: string) => shotPath(screen, look);
      const { language } = look;

      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('button', { name: /.+/ }).last()).toBeVisible();
      await page.screenshot({ path: name('sign-in'), fullPage: true });

      await page.goto('/register');
      await expect(page.locator('form')).toBeVisible();
      await page.screenshot({ path: name('registration'), fullPage: true });

      await signIn(page, email);
      await expect(page.getByTestId('overview-stats')).toBeVisible();
      // The drawer is fixed to the viewport: a full-page capture would cut it short on desktop.
      await page.screenshot({ path: name('dashboard'), fullPage: look.width === 'phone' });

      if (look.width === 'desktop') {
        await page.goto('/account-settings?section=security');
        await expect(page.locator('form')).toBeVisible();
        await page.screenshot({ path: name('settings') });
      }
    });
  }
});
