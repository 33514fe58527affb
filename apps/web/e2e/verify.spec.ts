import { expect, test } from '@playwright/test';
import { investorWithSbt, watchConsole } from './identity';
import { applyLook, looks, shotPath } from './looks';

/** Issue 6, item 5: a public page where anyone checks a credential, signed in or not. */

let credential: { did: string; vcCid: string; vcUrl: string };
test.beforeAll(async () => {
  test.setTimeout(90_000);
  credential = await investorWithSbt('verify');
});

test('anyone verifies a credential by CID link, and a tampered copy fails', async ({ page, request }) => {
  const problems = watchConsole(page);
  await page.goto(`/verify?cid=${credential.vcCid}`);
  await expect(page.getByRole('heading', { name: 'Verify a Credential' })).toBeVisible();
  const result = page.getByTestId('verification-result');
  await expect(result).toContainText('Verified');
  await expect(result).toContainText('Trusted issuer: this portal');
  await expect(page.getByText(credential.did)).toBeVisible();
  await expect(page.getByText('Sofia Bauer')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  const document = await (await request.get(credential.vcUrl)).json();
  const input = page.getByLabel('Credential JSON or CID');
  await input.fill(JSON.stringify(document));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(result).toContainText('Verified');

  document.credentialSubject.full_name = 'Mallory Impostor';
  await input.fill(JSON.stringify(document));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(result).toContainText('Not verified');
  await expect(result).toContainText('Issuer not recognised');
  await expect(page.getByText('Mallory Impostor', { exact: true })).toBeVisible();

  await input.fill('{"not json');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('This is not valid JSON.')).toBeVisible();
  await input.fill('not-a-cid');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Credential not found' })).toBeVisible();
  // The 404 for the unknown CID is an answer the page shows, not a fault.
  expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
});

for (const look of looks()) {
  test(`screenshot ${look.name}`, async ({ page }) => {
    await applyLook(page, look);
    await page.goto(`/verify?cid=${credential.vcCid}`);
    await expect(page.locator('html')).toHaveAttribute('dir', look.language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('verification-result')).toBeVisible();
    await page.screenshot({
      path: shotPath('verify', look),
      fullPage: true,
      animations: 'disabled',
    });
  });
}
