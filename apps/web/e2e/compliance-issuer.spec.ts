import { expect, test, type Page } from './fixtures';
import { expectAccessible, transitionsEnded } from './a11y';
import { bought, issuerWithListedToken, linkedWallet, session } from './compliance';
import { buyer, submitSignIn, watchConsole } from './identity';
import { applyLook, looks, shotPath } from './looks';

/**
 * Token rules in the issuer console (docs/product.md §4.12): the issuer sets a rule, freezes part
 * of a holding and recovers a holder's wallet, each written on chain and logged with its
 * transaction. Screenshots of the panel in every look for review.
 */

const suffix = () => Math.random().toString(36).slice(2, 7).toUpperCase();

async function openPanel(page: Page, name: string) {
  const row = page.getByTestId('issuer-token-row').filter({ hasText: name });
  // In every language (the register's button names the token too).
  await row.getByTestId('compliance-open').click();
  const panel = page.getByTestId('compliance-panel');
  await expect(panel.getByTestId('holder-row').first()).toBeVisible();
  return panel;
}

/** Waits until the panel says no action is still being written on chain. */
async function settled(panel: ReturnType<Page['getByTestId']>) {
  await expect(panel.getByTestId('compliance-pending')).toHaveText('', { timeout: 90_000 });
}

test('an issuer sets a rule, freezes a holder and recovers a wallet in the console', async ({ page }) => {
  test.setTimeout(360_000);
  const problems = watchConsole(page);
  const tag = suffix();
  const name = `Ruled Offices ${tag}`;
  const symbol = `RU${tag}`;
  const issuer = await issuerWithListedToken(name, symbol);
  const holder = await buyer('holder');
  const holderCall = await session(holder.email);
  await bought(holderCall, issuer.listingId, '5', holder.did);
  const spare = await linkedWallet(holderCall);

  await submitSignIn(page, issuer.email, '/issuer/login');
  await expect(page).toHaveURL(/\/issuer$/);
  const panel = await openPanel(page, name);
  // The token's one holder, as the register names them: an identity key, never their e-mail (ADR 69).
  const holderRow = panel.getByTestId('holder-row');
  await expect(holderRow).toHaveCount(1);
  await expect(holderRow).toContainText(`5 ${symbol}`);
  await expect(holderRow).toContainText('Germany');
  await expect(panel).not.toContainText(holder.email);
  const who = (await holderRow.getByTestId('register-key').textContent())!;
  expect(who).toMatch(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/);

  // A rule: at most 50 tokens per investor.
  const rules = panel.getByRole('form', { name: 'Rules' });
  await rules.getByRole('textbox', { name: 'Maximum holding per investor (tokens)' }).fill('50');
  await rules.getByRole('button', { name: 'Save rules' }).click();
  // The embedded chain may mine it before the panel shows it pending (its unit test shows that state).
  const log = panel.getByTestId('action-row');
  const changed = log.filter({ hasText: 'Rules changed' });
  await expect(changed.getByTestId('action-status')).toHaveText('Done', { timeout: 90_000 });
  await settled(panel);
  await expect(
    changed.getByRole('link', { name: /View transaction 0x[0-9a-f]{64} on the block explorer/ }),
  ).toBeVisible();
  await expect(rules.getByRole('textbox', { name: 'Maximum holding per investor (tokens)' })).toHaveValue(
    '50',
  );

  // Freeze 2 of the holder's 5.
  await holderRow.getByRole('button', { name: `Freeze the tokens of ${who}` }).click();
  let dialog = page.getByRole('dialog', { name: `Freeze tokens of ${who}` });
  await dialog.getByRole('button', { name: 'Freeze' }).click();
  await expect(dialog).toContainText('Please give a reason');
  await dialog.getByRole('textbox', { name: `Amount kept frozen (${symbol})` }).fill('2');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Court order 42');
  await dialog.getByRole('button', { name: 'Freeze' }).click();
  await expect(dialog).toBeHidden();
  await settled(panel);
  await expect(log.filter({ hasText: 'Court order 42' }).getByTestId('action-status')).toHaveText('Done');
  await expect(holderRow.getByTestId('holder-frozen')).toHaveText(`2 ${symbol}`);

  // Recover the holding to the wallet the holder linked.
  await holderRow.getByRole('button', { name: `Recover the wallet of ${who}` }).click();
  dialog = page.getByRole('dialog', { name: `Recover the wallet of ${who}` });
  await dialog.getByRole('textbox', { name: /New address/ }).fill(spare);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Lost device');
  await dialog.getByRole('button', { name: 'Recover wallet' }).click();
  await expect(dialog).toBeHidden();
  await settled(panel);
  await expect(log.filter({ hasText: 'Lost device' }).getByTestId('action-status')).toHaveText('Done');
  // The chain's registry keeps addresses in lower case.
  await expect(holderRow).toContainText(`${spare.slice(0, 6)}…${spare.slice(-4)}`.toLowerCase());
  await expectAccessible(page, '[data-testid="compliance-panel"]');
  expect(problems).toEqual([]);

  // The panel in every look: desktop and phone, light and dark, English and Arabic.
  for (const look of looks(['en', 'ar'])) {
    await applyLook(page, look);
    await page.goto('/issuer');
    const shown = await openPanel(page, name);
    await transitionsEnded(page);
    await page.screenshot({ path: shotPath('compliance-panel', look) });
    await shown.getByTestId('action-row').last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('compliance-holders', look) });
    await page.keyboard.press('Escape');
  }
});
