import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { PASSWORD, registerAccount, uniqueEmail } from './portal';

/**
 * Screenshots of the main screens for review (git-ignored artifacts): sign-in, registration and
 * dashboard at desktop and phone width, light and dark, in English, Arabic and French.
 */
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const widths = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const themes = ['light', 'dark'] as const;
const languages = ['en', 'ar', 'fr'] as const;

async function usePreferences(page: Page, theme: string, language: string) {
  await page.addInitScript(
    ([themeMode, lang]) => {
      localStorage.setItem('themeMode', themeMode!);
      localStorage.setItem('language', lang!);
    },
    [theme, language],
  );
}

test.describe('screenshots', () => {
  let email: string;
  test.beforeAll(async () => {
    email = uniqueEmail('shots');
    await registerAccount({ name: 'Amelia Hart', email, role: 'investor' });
  });

  for (const [widthName, viewport] of Object.entries(widths)) {
    for (const theme of themes) {
      for (const language of languages) {
        test(`${widthName} ${theme} ${language}`, async ({ page }) => {
          await page.setViewportSize(viewport);
          await usePreferences(page, theme, language);
          const name = (screen: string) => `${artifacts}${screen}-${widthName}-${theme}-${language}.png`;

          await page.goto('/login');
          await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
          await expect(page.getByRole('button', { name: /.+/ }).last()).toBeVisible();
          await page.screenshot({ path: name('sign-in'), fullPage: true });

          await page.goto('/register');
          await expect(page.locator('form')).toBeVisible();
          await page.screenshot({ path: name('registration'), fullPage: true });

          await page.goto('/login');
          await page.locator('input[name="email"]').fill(email);
          await page.locator('input[name="password"]').fill(PASSWORD);
          await page.locator('form button[type="submit"]').click();
          await expect(page).toHaveURL(/\/dashboard$/);
          await expect(page.getByTestId('overview-stats')).toBeVisible();
          // The drawer is fixed to the viewport: a full-page capture would cut it short on desktop.
          await page.screenshot({ path: name('dashboard'), fullPage: widthName === 'phone' });

          if (widthName === 'desktop') {
            await page.goto('/account-settings?section=security');
            await expect(page.locator('form')).toBeVisible();
            await page.screenshot({ path: name('settings') });
          }
        });
      }
    }
  }
});
