import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { axeFindings } from './a11y';
import { investorWithSbt, signIn, submitSignIn } from './identity';
import { applyLook, looks } from './looks';
import { ADMIN, approvedIssuer, registerAccount, uniqueEmail } from './portal';

/**
 * Every screen and dialog of the portal through axe (WCAG 2.2 AA) in English, Arabic and French
 * (0 violations everywhere). Findings are gathered per screen, so one run reports all.
 * The admin console's dialogs are scanned in admin.spec.ts, the marketplace's purchase dialog in
 * market.spec.ts.
 */
const LANGUAGES = ['en', 'ar', 'fr'] as const;
type Language = (typeof LANGUAGES)[number];
const TABS = ['vault', 'did', 'sbt', 'portfolio', 'marketplace', 'opportunities', 'analytics', 'assets'];
const SECTIONS = ['personal', 'security', 'blockchain', 'preferences', 'compliance', 'account'];
const ADMIN_TABS = ['users', 'kyc', 'kyb', 'listings', 'registers', 'jobs', 'chain', 'mail', 'audit'];
const ANONYMOUS = ['/login', '/register', '/forgot-password', '/reset-password', '/verify', '/issuer/login'];

type Catalogue = { [key: string]: string | Catalogue };
const catalogues = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    JSON.parse(readFileSync(new URL(`../src/i18n/${language}.json`, import.meta.url), 'utf8')) as Catalogue,
  ]),
) as Record<Language, Catalogue>;

/** The text of `key` in `language`, up to its first placeholder: what a button's name starts with. */
function text(language: Language, key: string): RegExp {
  const value = key
    .split('.')
    .reduce<string | Catalogue>((node, part) => (node as Catalogue)[part]!, catalogues[language]);
  if (typeof value !== 'string') throw new Error(`${key} is not a text in ${language}`);
  const start = value.split('{{')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${start}`);
}

async function settled(page: Page) {
  // The KYC widget keeps a connection open: quiet network is a hint here, not a condition.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('[role="progressbar"]')).toHaveCount(0);
}

for (const language of LANGUAGES) {
  test(`every screen and dialog passes axe in ${language}`, async ({ page }) => {
    test.setTimeout(300_000);
    const findings: Record<string, string[]> = {};
    const check = async (screen: string) => {
      await settled(page);
      const found = await axeFindings(page);
      if (found.length) findings[screen] = found;
    };
    const button = (key: string) => page.getByRole('button', { name: text(language, key) }).first();
    const openDialog = async (screen: string, open: () => Promise<void>) => {
      await open();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(screen);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    };
    await applyLook(page, looks([language])[0]!);

    for (const path of [...ANONYMOUS, '/no-such-page']) {
      await page.goto(path);
      await check(path);
    }

    // A new investor: the KYC dialog and the empty vault and SBT screens.
    const newcomer = uniqueEmail(`a11y-new-${language}`);
    await registerAccount({ name: 'Nadia Newcomer', email: newcomer });
    await signIn(page, newcomer);
    await page.getByRole('button', { name: text(language, 'topbar.accountMenu') }).click();
    await check('avatar menu');
    await openDialog('KYC dialog', () =>
      page.getByRole('menuitem', { name: text(language, 'topbar.kycVerification') }).click(),
    );
    await page.goto('/dashboard?tab=vault');
    await check('vault (none yet)');
    await page.goto('/dashboard?tab=sbt');
    await check('SBT (none yet)');

    // An investor with KYC, vault, DID and SBT: every tab, section and their dialogs.
    const { email } = await investorWithSbt(`a11y-${language}`);
    await page.context().clearCookies();
    await signIn(page, email);
    await check('overview');
    for (const tab of TABS) {
      await page.goto(`/dashboard?tab=${tab}`);
      await check(`tab ${tab}`);
      if (tab === 'vault')
        await openDialog('deposit QR dialog', () => button('vault.deposit.showQr').click());
      if (tab === 'sbt') await openDialog('credential dialog', () => button('sbt.viewCredential').click());
    }
    for (const section of SECTIONS) {
      await page.goto(`/account-settings?section=${section}`);
      await check(`settings ${section}`);
      if (section === 'account')
        await openDialog('deactivate dialog', () => button('settings.account.deactivate').click());
    }
    await page.getByRole('button', { name: text(language, 'topbar.accountMenu') }).click();
    await openDialog('notifications dialog', () =>
      page.getByRole('menuitem', { name: text(language, 'topbar.notifications') }).click(),
    );

    // The phone layout's drawer.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await settled(page);
    await button('nav.openMenu').click();
    await check('navigation drawer (phone)');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The issuer console and its dialogs.
    const issuer = uniqueEmail(`a11y-issuer-${language}`);
    await registerAccount({ name: 'Iris Issuer', email: issuer, role: 'issuer' });
    await page.context().clearCookies();
    await submitSignIn(page, issuer, '/issuer/login');
    await expect(page).toHaveURL(/\/issuer$/);
    await expect(page.getByTestId('issuer-application')).toBeVisible();
    await check('issuer console (application)');
    // An approved issuer's console, which issues.
    const approved = uniqueEmail(`a11y-approved-${language}`);
    await approvedIssuer({ name: 'Ivo Issuer', email: approved });
    await page.context().clearCookies();
    await submitSignIn(page, approved, '/issuer/login');
    await expect(page).toHaveURL(/\/issuer$/);
    await check('issuer console');
    await openDialog('create token dialog', () => button('issuer.tokens.create').click());

    // The admin console's tabs (its dialogs are scanned in admin.spec.ts).
    await page.context().clearCookies();
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(ADMIN.email);
    await page.locator('input[name="password"]').fill(ADMIN.password);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const tab of ADMIN_TABS) {
      await page.goto(`/admin?tab=${tab}`);
      await check(`admin ${tab}`);
    }

    expect(findings).toEqual({});
  });
}
