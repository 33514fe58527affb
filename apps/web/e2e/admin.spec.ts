import { expect, test, type Page } from './fixtures';
import { expectAccessible } from './a11y';
import { APPLICANT } from './identity';
import { applyLook, looks, shotPath } from './looks';
import { ADMIN, PASSWORD, uniqueEmail } from './portal';
import { portalDatabase, startE2eServer, stopE2eServer, type E2eServer } from './server';

/**
 * The admin console (docs/product.md §2.16) on a portal whose KYC sandbox leaves every application to a
 * reviewer: an administrator approves an investor from the queue, sees the investor's vault,
 * retries a job that failed in an earlier run, and finds both actions in the audit log — with
 * axe on every section, in English and Arabic.
 */
let review: E2eServer;
let investor: { email: string; name: string };
const FAILED_JOB_ERROR = 'connect ECONNREFUSED 127.0.0.1:5432';
// A valid 1×1 PNG: the reviewer's preview must decode it.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

async function call<T>(
  path: string,
  init: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${review.url}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  review = await startE2eServer(
    { KYC_SANDBOX_AUTO_APPROVE: 'false', SEED_DEMO: 'false' },
    async (dataDir) => {
      // A housekeeping run that failed for good before this start (the database was down).
      const database = await portalDatabase(dataDir);
      try {
        await database.db.insert(database.schema.jobs).values({
          queue: 'housekeeping',
          payload: {},
          status: 'failed',
          attempts: 5,
          maxAttempts: 5,
          runAt: new Date(),
          lastError: FAILED_JOB_ERROR,
          dedupeKey: 'e2e-earlier-run',
        });
      } finally {
        await database.close();
      }
    },
  );
  // An investor with a vault whose identity check waits for a reviewer.
  investor = { email: uniqueEmail('reviewed'), name: 'Sofia Bauer' };
  const { token } = await call<{ token: string }>('/api/auth/register', {
    body: { ...investor, password: PASSWORD },
  });
  await call('/api/vault/create', { token, body: {} });
  const kyc = await call<{ token: string }>('/api/kyc/token', { token, body: {} });
  const applicant = { 'x-access-token': kyc.token };
  await call('/websdk/api/applicant/document', {
    headers: applicant,
    body: { contentType: 'image/png', data: PNG },
  });
  await call('/websdk/api/applicant/submit', {
    headers: applicant,
    body: APPLICANT,
  });
});

test.afterAll(async () => {
  if (review) await stopE2eServer(review.server.pid, review.dataDir);
});

async function signInAsAdmin(page: Page) {
  await page.goto(`${review.url}/login`);
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });

test('an administrator approves a KYC from the queue, sees the vault, retries a failed job, and reads the audit log', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Admin console' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Console', level: 2 })).toBeVisible();

  // Users: the investor, pending, with an active vault.
  const row = page.getByTestId('admin-user-row').filter({ hasText: investor.email });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Active · wallets: 5');
  await expectAccessible(page);

  // KYC review: the document is shown to the reviewer; approve.
  await tab(page, 'KYC review').click();
  const item = page.getByTestId('admin-kyc-item').filter({ hasText: 'Sofia Bauer' });
  await expect(item).toContainText('Passport');
  await expect(item).toContainText('Germany');
  const image = item.getByRole('img', { name: 'Identity document of Sofia Bauer' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expectAccessible(page);
  await item.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('dialog', { name: 'Reject Sofia Bauer' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Sofia Bauer is verified')).toBeVisible();
  await expect(page.getByText('No submission is waiting for review')).toBeVisible();

  await tab(page, 'Users').click();
  await expect(page.getByTestId('admin-user-row').filter({ hasText: investor.email })).toContainText(
    'Verified',
  );

  // Jobs: the failed run, its error, retried; it runs and is done.
  await tab(page, 'Jobs').click();
  const job = page.getByTestId('admin-job-row').filter({ hasText: FAILED_JOB_ERROR });
  await expect(job).toContainText('housekeeping');
  await expect(job).toContainText('5 / 5');
  const jobId = await job.getAttribute('data-job-id');
  await expectAccessible(page);
  await job.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('The housekeeping job runs again')).toBeVisible();
  await expect(job).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Done' }).click();
  // Run once more from its first attempt, and done.
  await expect(page.locator(`[data-job-id="${jobId}"]`)).toContainText('1 / 5');

  for (const [name, check] of [
    ['Listings', 'No listing yet'],
    ['Chain', 'Block height'],
    ['Mail', 'Mail sent'],
  ] as const) {
    await tab(page, name).click();
    await expect(page.getByRole('tabpanel')).toContainText(check);
    await expectAccessible(page);
  }

  await tab(page, 'Audit log').click();
  const audit = page.getByTestId('admin-audit-row');
  await expect(audit.filter({ hasText: 'KYC approved' })).toContainText(ADMIN.email);
  await expect(audit.filter({ hasText: 'Job retried' })).toContainText(FAILED_JOB_ERROR);
  await expectAccessible(page);
});

test('KYB: an investor uploads business documents, an administrator previews them and rejects with a reason', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const business = { email: uniqueEmail('business'), name: 'Hedy Lamarr' };
  await call('/api/auth/register', { body: { ...business, password: PASSWORD } });
  await page.goto(`${review.url}/login`);
  await page.locator('input[name="email"]').fill(business.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Settings → Compliance: 'Not submitted' until the first document, then 'Pending'.
  await page.goto(`${review.url}/account-settings?section=compliance`);
  const status = page.getByTestId('kyb-status');
  await expect(status).toHaveText('Not submitted');
  await expect(page.getByRole('button', { name: 'Upload Business Docs' })).toBeEnabled();
  await page.getByTestId('kyb-input').setInputFiles({
    name: 'register.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG, 'base64'),
  });
  await expect(status).toHaveText('Pending');
  await expect(page.getByTestId('kyb-document')).toContainText('register.png');
  await expectAccessible(page, 'main');

  // The administrator, in another browser: preview, then reject with a reason.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto(`${review.url}/admin?tab=kyb`);
  const item = admin.getByTestId('admin-kyb-item').filter({ hasText: business.email });
  await expect(item).toContainText('Pending');
  await item.getByRole('button', { name: 'Preview register.png' }).click();
  const image = item.getByRole('img', { name: 'register.png of Hedy Lamarr' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expectAccessible(admin);
  await item.getByRole('button', { name: 'Reject' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Reject the business documents of Hedy Lamarr' });
  await dialog.getByRole('textbox').fill('The register of shareholders is missing');
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(admin.getByText('Hedy Lamarr was told why')).toBeVisible();
  await expect(item).toContainText('Rejected');
  await tab(admin, 'Audit log').click();
  await expect(admin.getByTestId('admin-audit-row').filter({ hasText: 'KYB rejected' })).toContainText(
    ADMIN.email,
  );
  await adminContext.close();

  // The investor reads the decision and its reason.
  await page.reload();
  await expect(status).toHaveText('Rejected');
  await expect(page.getByText(/Not approved: The register of shareholders is missing/)).toBeVisible();
});

test('an investor is turned away from the admin console with their role', async ({ page }) => {
  const email = uniqueEmail('curious');
  await call('/api/auth/register', { body: { name: 'Curious Investor', email, password: PASSWORD } });
  await page.goto(`${review.url}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin console' })).toHaveCount(0);
  await page.goto(`${review.url}/admin`);
  await expect(page.getByRole('alert')).toContainText(
    'This console is for administrators. Your role is INVESTOR.',
  );
});

for (const look of looks(['en', 'ar'])) {
  test(`the admin console, ${look.name}`, async ({ page }) => {
    await applyLook(page, look);
    await signInAsAdmin(page);
    for (const name of ['users', 'jobs', 'chain'] as const) {
      await page.goto(`${review.url}/admin?tab=${name}`);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', look.language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      if (look.language === 'ar')
        await expect(page.getByRole('heading', { level: 2 })).toHaveText('لوحة الإدارة');
      // Nothing wider than the screen: tables scroll inside their own region.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: shotPath(`admin-${name}`, look), fullPage: true });
    }
  });
}
