import { expect, test } from './fixtures';
import { signIn } from './identity';
import { applyLook, looks, shotPath } from './looks';
import { registerAccount, uniqueEmail } from './portal';

/**
 * The signed-in shell on a page taller than the window: the drawer's background runs the whole
 * height of the page, where the page is drawn beyond the window too (a full-page capture), and
 * the drawer covers the window at any scroll position.
 */
test.describe('dashboard drawer on a page taller than the window', () => {
  let email: string;
  test.beforeAll(async () => {
    email = uniqueEmail('drawer');
    await registerAccount({ name: 'Dara Drawer', email, role: 'investor' });
  });

  for (const look of looks(['en', 'ar'])) {
    test(look.name, async ({ page }) => {
      await applyLook(page, look);
      await signIn(page, email);
      // A short window: the settings page is taller than it.
      await page.setViewportSize({ width: look.viewport.width, height: 520 });
      await page.goto('/account-settings?section=personal');
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      await expect(page.locator('[role="progressbar"]')).toHaveCount(0);

      const geometry = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const nav = document.querySelector('nav')!.getBoundingClientRect();
        const paper = document.querySelector('nav .MuiDrawer-docked .MuiDrawer-paper');
        const drawer = paper?.checkVisibility() ? paper.getBoundingClientRect() : undefined;
        const styles = (element: Element | null) =>
          element ? getComputedStyle(element).backgroundColor : '';
        return {
          page: document.documentElement.scrollHeight,
          window: window.innerHeight,
          navTop: nav.top + window.scrollY,
          navBottom: nav.bottom + window.scrollY,
          navLeft: nav.left,
          navWidth: nav.width,
          navColour: styles(document.querySelector('nav')),
          drawer: drawer && {
            top: drawer.top,
            bottom: drawer.bottom,
            left: drawer.left,
            width: drawer.width,
          },
          drawerColour: styles(paper),
        };
      });
      await page.screenshot({ path: shotPath('drawer-tall-page', look), fullPage: true });

      expect(geometry.page).toBeGreaterThan(geometry.window);
      if (look.width === 'phone') {
        // Phones get the drawer from the menu button; nothing takes a column.
        expect(geometry.navWidth).toBe(0);
        return;
      }
      // The window is covered from top to bottom by the drawer, scrolled to the page's end…
      expect(geometry.drawer).toMatchObject({ top: 0, bottom: geometry.window });
      // …and the column in its colours, under it, runs from the page's top to its bottom.
      expect(geometry.navTop).toBe(0);
      expect(geometry.navBottom).toBeGreaterThanOrEqual(geometry.page - 1);
      expect(geometry.navLeft).toBeCloseTo(geometry.drawer!.left, 0);
      expect(geometry.navWidth).toBeCloseTo(geometry.drawer!.width, 0);
      expect(geometry.navColour).toBe(geometry.drawerColour);
    });
  }
});
