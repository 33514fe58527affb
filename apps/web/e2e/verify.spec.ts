import { expect, test } from './fixtures';
import { investorWithSbt, signIn, watchConsole } from './identity';
import { applyLook, looks, shotPath } from './looks';
import { ADMIN, PASSWORD, baseUrl, signInWithApi } from './portal';

/**
 * Credentials (docs/product.md §2.14, ADR 12): the credential is private to its holder, who shares it by
 * file or by a revocable link; anyone verifies what they were given, and sees when it is revoked.
 */

let holder: Awaited<ReturnType<typeof investorWithSbt>>;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  holder = await investorWithSbt('verify');
});

test('the holder shares a link; anyone verifies it; a tampered copy fails; revoked says so', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // Nobody but the holder reads the document at its IPFS URL.
  const anonymous = await request.get(holder.vcUrl);
  expect(anonymous.status()).toBe(404);
  expect(await anonymous.text()).not.toContain(holder.email);

  await signIn(page, holder.email);
  await page.goto('/dashboard?tab=sbt');
  await page.getByTestId('view-credential').click();
  const vc = page.getByRole('dialog', { name: 'Verifiable Credential Metadata' });
  await expect(vc.getByTestId('verification-result')).toContainText('Verified');
  await vc.getByRole('button', { name: 'Create share link' }).click();
  const link = (await vc.getByTestId('share-link').textContent())!;
  expect(link).toMatch(/\/verify#share=[A-Za-z0-9_-]{43}$/);

  // A visitor with no account opens the link.
  const visitor = await browser.newPage();
  const problems = watchConsole(visitor);
  const secret = new URL(link).hash.slice('#share='.length);
  const sent: string[] = [];
  visitor.on('request', (request) => sent.push(`${request.url()} ${request.headers().referer ?? ''}`));
  await visitor.goto(link);
  const result = visitor.getByTestId('verification-result');
  await expect(result).toContainText('Verified');
  await expect(result).toContainText('Trusted issuer: this portal');
  await expect(visitor.getByText(holder.did)).toBeVisible();
  await expect(visitor.getByText('Sofia Bauer')).toBeVisible();
  // The secret never left the browser in a URL or a Referer, and it leaves the address bar.
  await expect(visitor).toHaveURL(/\/verify$/);
  expect(sent.length).toBeGreaterThan(2);
  expect(sent.filter((line) => line.includes(secret))).toEqual([]);

  // A tampered copy, pasted or uploaded, fails.
  const document = await (
    await request.get(holder.vcUrl, {
      headers: { authorization: `Bearer ${await signInWithApi(holder.email, PASSWORD)}` },
    })
  ).json();
  document.credentialSubject.full_name = 'Mallory Impostor';
  const input = visitor.getByLabel('Credential JSON, share link or CID');
  await input.fill(JSON.stringify(document));
  await visitor.getByRole('button', { name: 'Verify' }).click();
  await expect(result).toContainText('Not verified');
  // The copy still names the portal as issuer: it is the proof that fails, not the issuer.
  await expect(result).toContainText('Names this portal as issuer, but the proof does not hold');
  await expect(result).not.toContainText('Issuer not recognised');
  await visitor.getByTestId('verify-upload').setInputFiles({
    name: 'credential.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(document)),
  });
  await expect(visitor.getByText('Mallory Impostor', { exact: true })).toBeVisible();
  await input.fill('{"not json');
  await visitor.getByRole('button', { name: 'Verify' }).click();
  await expect(visitor.getByText('This is not valid JSON.')).toBeVisible();
  // A CID is no key to someone else's credential.
  await input.fill(holder.vcCid);
  await visitor.getByRole('button', { name: 'Verify' }).click();
  await expect(visitor.getByRole('alert').filter({ hasText: 'Credential not found' })).toBeVisible();

  // An administrator revokes the investor's identity: the same link now says Revoked.
  const admin = await signInWithApi(ADMIN.email, ADMIN.password);
  const revoked = await request.post(`${baseUrl()}/api/admin/users/${holder.userId}/revoke-identity`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { reason: 'Sanctions match' },
  });
  expect(revoked.ok()).toBe(true);
  await visitor.goto(link);
  await expect(result).toContainText('Revoked');
  await expect(result).toContainText('This credential has been revoked by its issuer');

  // The holder withdraws the link: it stops working.
  await vc.getByRole('button', { name: 'Revoke link' }).click();
  await expect(vc.getByText('The link no longer works.')).toBeVisible();
  await visitor.goto(link);
  await expect(visitor.getByRole('alert').filter({ hasText: 'This share link is invalid' })).toBeVisible();
  // The 404s above are answers the page shows, not faults.
  expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
});

for (const look of looks()) {
  test(`screenshot ${look.name}`, async ({ page }) => {
    await applyLook(page, look);
    await page.goto('/verify');
    await expect(page.locator('html')).toHaveAttribute('dir', look.language === 'ar' ? 'rtl' : 'ltr');
    await page.screenshot({
      path: shotPath('verify', look),
      fullPage: true,
      animations: 'disabled',
    });
  });
}
