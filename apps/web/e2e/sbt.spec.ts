import { expect, test, type Page } from './fixtures';
import { investorWithSbt, investorWithVault, passKyc, signIn, watchConsole } from './identity';
import { applyLook, looks, shotPath } from './looks';

/**
 * The SBT (docs/product.md §2.7): DID → design → create → mint → minted badge, explorer link and the credential dialog;
 * the Blockchain Identity settings; screenshots of each screen for review.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('DID → design → create → mint: minted badge, explorer link and the verifiable credential', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const { email, call } = await investorWithVault('sbt');
  await signIn(page, email);

  // Creating an SBT before the DID: the server's reason, and the way to the DID tab.
  await page.goto('/dashboard?tab=sbt');
  await expect(page.getByRole('heading', { name: 'Soul Bound Tokens', level: 2 })).toBeVisible();
  await expect(page.getByText('No SBTs Yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create New SBT' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Create Soul Bound Token' });
  await dialog.getByRole('radio', { name: 'Aurora' }).click();
  await dialog.getByRole('button', { name: 'Create SBT' }).click();
  await expect(dialog.getByText('Create your DID first')).toBeVisible();
  await dialog.getByRole('link', { name: 'Go to My DID' }).click();

  await expect(page).toHaveURL(/tab=did$/);
  await expect(page.getByText('Start your Decentralized Identity')).toBeVisible();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText('DID generated successfully!')).toBeVisible();
  const did = (await page.getByTestId('did-value').textContent())!;
  expect(did).toMatch(/^did:key:z6Mk/);

  // Then KYC: the tab asks for it before anything is issued, and so does the server.
  await page.getByRole('link', { name: 'Go to Soul Bound Tokens' }).click();
  await expect(page.getByTestId('sbt-verify-first')).toContainText(
    'Verify your identity (KYC) before creating your SBT.',
  );
  await page.getByRole('button', { name: 'Create New SBT' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Create Soul Bound Token' });
  await dialog.getByRole('radio', { name: 'Aurora' }).click();
  await dialog.getByRole('button', { name: 'Create SBT' }).click();
  await expect(dialog.getByText('Verify your identity (KYC) before creating your SBT.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Verify my identity' }).click();
  await expect(page.getByRole('dialog', { name: 'Identity Verification' })).toBeVisible();
  await page.keyboard.press('Escape');
  await passKyc(call);
  await page.reload();
  await expect(page.getByTestId('sbt-verify-first')).toHaveCount(0);

  await page.getByRole('button', { name: 'Create New SBT' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Create Soul Bound Token' });
  await expect(dialog.getByText('Choose Your SBT Design')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create SBT' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Sentinel' }).click();
  await dialog.getByRole('button', { name: 'Create SBT' }).click();
  await expect(page.getByText('SBT created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Live: the card follows the mint until the badge reads minted, without reloading the page.
  const card = page.getByTestId('sbt-card');
  await expect(card.getByTestId('sbt-status')).toHaveText('Minted on Blockchain', { timeout: 60_000 });
  await expect(page.getByText('You have reached the limit of 1 SBT per account')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create New SBT' })).toHaveCount(0);
  const explorer = card.getByRole('link', { name: 'View on Explorer' });
  const explorerUrl = (await explorer.getAttribute('href'))!;
  expect(explorerUrl).toMatch(/\/explorer\/tx\/0x[0-9a-f]{64}$/);
  const txPage = await request.get(explorerUrl);
  expect(txPage.ok()).toBe(true);
  expect(await txPage.text()).toContain(explorerUrl.split('/').pop());

  await card.getByRole('button', { name: 'View Credential' }).click();
  const vc = page.getByRole('dialog', { name: 'Verifiable Credential Metadata' });
  await expect(vc.getByTestId('verification-result')).toContainText('Verified');
  await expect(vc.getByTestId('verification-result')).toContainText('Trusted issuer: this portal');
  await expect(vc.getByText(did).first()).toBeVisible();
  await expect(vc.getByText(email).first()).toBeVisible();
  await expect(vc.getByText('Ethereum', { exact: true })).toBeVisible();
  await vc.getByRole('button', { name: 'Copy JSON' }).click();
  await expect(page.getByText('Copied to clipboard!')).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.credentialSubject.id).toBe(did);
  // 'View on IPFS' opens the holder's own copy; the gateway URL serves it to nobody else.
  const [opened] = await Promise.all([
    page.waitForEvent('popup'),
    vc.getByRole('button', { name: /View on IPFS/ }).click(),
  ]);
  await expect(opened.locator('body')).toContainText(did);
  await opened.close();
  const gatewayUrl = (await vc
    .getByText(/\/ipfs\/bafkrei/)
    .first()
    .textContent())!;
  const anonymous = await request.get(gatewayUrl);
  expect(anonymous.status()).toBe(404);
  expect(await anonymous.text()).not.toContain(email);

  // The public verification page, opened by the holder (a CID opens for its holder only).
  const [verify] = await Promise.all([
    page.waitForEvent('popup'),
    vc.getByRole('link', { name: /public verification page/ }).click(),
  ]);
  await expect(verify.getByTestId('verification-result')).toContainText('Verified');
  await verify.close();
  await vc.getByRole('button', { name: 'Close' }).click();

  // Settings › Blockchain Identity shows the same identity.
  await page.goto('/account-settings?section=blockchain');
  await expect(page.getByTestId('settings-did')).toHaveText(did);
  await expect(page.getByTestId('sbt-status')).toHaveText('Minted on Blockchain');
  await expect(page.getByRole('link', { name: 'View on Explorer' })).toHaveAttribute('href', explorerUrl);
  await expect(page.getByRole('list', { name: 'Connected wallets' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Connect New Wallet' })).toBeEnabled();
  // The 409s of the first attempts are answers the page handles, not faults.
  expect(problems.filter((problem) => !problem.includes('409'))).toEqual([]);
});

test('settings: Create DID, then Create SBT opens the design dialog', async ({ page }) => {
  const { email } = await investorWithVault('settings-did');
  await signIn(page, email);
  await page.goto('/account-settings?section=blockchain');
  await page.getByRole('button', { name: 'Create DID' }).click();
  await expect(page.getByText('DID created successfully!')).toBeVisible();
  await expect(page.getByTestId('settings-did')).toHaveText(/^did:key:z6Mk/);
  await page.getByRole('link', { name: 'Create SBT' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Soul Bound Token' })).toBeVisible();
});

test.describe('screenshots', () => {
  // One investor with a minted SBT, one with a DID and no SBT yet; made through the API for speed.
  let holder: string;
  let newcomer: string;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const [withSbt, withDid] = await Promise.all([
      investorWithSbt('sbt-shots'),
      investorWithVault('sbt-new'),
    ]);
    await withDid.call('/did/start', {});
    holder = withSbt.email;
    newcomer = withDid.email;
  });

  for (const look of looks()) {
    test(look.name, async ({ browser }) => {
      test.setTimeout(60_000);
      const open = async (email: string) => {
        const page = await browser.newPage();
        await applyLook(page, look);
        await signIn(page, email);
        return page;
      };
      const shot = (page: Page, screen: string, fullPage = look.width === 'phone') =>
        page.screenshot({
          path: shotPath(screen, look),
          fullPage,
          animations: 'disabled',
        });

      const fresh = await open(newcomer);
      await fresh.goto('/dashboard?tab=sbt');
      await expect(fresh.locator('main img').first()).toBeVisible();
      await fresh.waitForLoadState('networkidle');
      await shot(fresh, 'sbt-empty');
      await fresh.getByTestId('create-sbt').first().click();
      const dialog = fresh.getByRole('dialog');
      await dialog.getByRole('radio').nth(1).click();
      await fresh.waitForLoadState('networkidle');
      await shot(fresh, 'sbt-create-dialog', false);
      await fresh.close();

      const page = await open(holder);
      await page.goto('/dashboard?tab=did');
      await expect(page.getByTestId('did-value')).toBeVisible();
      await shot(page, 'did');

      await page.goto('/dashboard?tab=sbt');
      await expect(page.getByTestId('sbt-status')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shot(page, 'sbt');

      await page.getByTestId('view-credential').click();
      await expect(page.getByRole('dialog').getByTestId('verification-result')).toBeVisible();
      await shot(page, 'sbt-credential', false);
      await page.keyboard.press('Escape');

      await page.goto('/account-settings?section=blockchain');
      await expect(page.getByTestId('settings-did')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shot(page, 'settings-blockchain');
      await page.close();
    });
  }
});
