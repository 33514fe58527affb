import { expect, test } from './fixtures';
import { applyLook, looks, shotPath } from './looks';
import { signIn } from './identity';
import { registerAccount, uniqueEmail } from './portal';

/**
 * Screenshots of the main screens for review (git-ignored artifacts): sign-in, registration and
 * dashboard and every account-settings tab at desktop and phone width, light and dark, in English, Arabic and French.
 */
const SETTINGS_SECTIONS = ['personal', 'security', 'blockchain', 'preferences', 'compliance', 'account'];

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

      // Every account-settings tab, checked for overflow: nothing wider than the viewport.
      for (const section of SETTINGS_SECTIONS) {
        await page.goto(`/account-settings?section=${section}`);
        await expect(page.getByRole('tab', { selected: true })).toBeVisible();
        await expect(page.locator('[role="progressbar"]')).toHaveCount(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `settings ${section} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: name(`settings-${section}`), fullPage: true });
      }
    });
  }
});
