import { expect, test, type Page } from './fixtures';
import { deflateSync } from 'node:zlib';
import { registerAccount, uniqueEmail } from './portal';
import { applyLook, desktopLightEnglish, looks, shotPath } from './looks';
import { signIn } from './identity';

/**
 * KYC (docs/product.md §2.11): the real @sumsub/websdk in the 'Identity Verification' modal, driving the embedded
 * sandbox's page inside its iframe: fill the form, upload an image, get approved, and see 'Verified'
 * in the account menu. Screenshots of the modal for review.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 32×20 RGB PNG (a grey "document" with a blue band), made here rather than stored. */
function documentPng(): Buffer {
  const width = 32;
  const height = 20;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y += 1) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const colour = y < 5 ? [37, 99, 235] : [226, 232, 240];
      rows.set(colour, row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function openKyc(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'KYC Verification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Identity Verification' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const widgetFrame = (page: Page) => page.frameLocator('[data-testid="kyc-widget"] iframe');

test('open the modal, fill the sandbox form in the iframe, get verified, see Verified in the menu', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const email = uniqueEmail('kyc');
  await registerAccount({ name: 'Kim Young', email, role: 'investor' });
  await signIn(page, email);

  const dialog = await openKyc(page);
  const iframe = dialog.locator('[data-testid="kyc-widget"] iframe');
  await expect(iframe).toHaveAttribute('src', /\/websdk\/websdk\.html\?_=.*&theme=light$/);
  await expect(iframe).toHaveAttribute('title', 'Identity verification form');
  const frame = widgetFrame(page);
  await expect(frame.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' }).last()).toBeEnabled();
  // The container keeps at least 500 px; the iframe fills its width.
  const box = (await dialog.getByTestId('kyc-widget').boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(500);
  expect(Math.abs((await iframe.boundingBox())!.width - (box.width - 2))).toBeLessThan(2);

  await frame.getByLabel('First name').fill('Kim');
  await frame.getByLabel('Last name').fill('Young');
  await frame.getByLabel('Date of birth').fill('1990-04-12');
  await frame.getByLabel('Country').selectOption('FRA');
  await frame.getByLabel('Document type').selectOption('PASSPORT');
  await frame.getByLabel('Document number').fill('19FR12345');
  await frame.getByLabel('Document image').setInputFiles({
    name: 'passport.png',
    mimeType: 'image/png',
    buffer: documentPng(),
  });
  await expect(frame.getByAltText('Preview of the selected document')).toBeVisible();
  await page.screenshot({ path: shotPath('kyc-filled', desktopLightEnglish) });
  await frame.getByRole('button', { name: 'Submit for review' }).click();

  // The sandbox approves; the modal syncs, says so, and closes.
  await expect(
    page.getByRole('alert').filter({ hasText: 'KYC verification completed successfully!' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Account menu' }).click();
  const verified = page.getByRole('menuitem', { name: 'Verified' });
  await expect(verified).toBeVisible();
  await expect(verified).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('menuitem', { name: 'KYC Verification' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('overview-stats')).toContainText('Verified');

  // The overview's sync now confirms the stored data.
  await page.getByRole('button', { name: 'Sync KYC Data' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'KYC data synced' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('closing the modal syncs first and leaves the user unverified until they submit', async ({ page }) => {
  const email = uniqueEmail('kycclose');
  await registerAccount({ name: 'Kai Close', email, role: 'investor' });
  await signIn(page, email);
  const dialog = await openKyc(page);
  await expect(widgetFrame(page).getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  const sync = page.waitForRequest(
    (request) => request.url().endsWith('/api/kyc/enhanced-storage') && request.method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await sync;
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'KYC Verification' })).toBeVisible();
});

test('an empty form flags every missing field at once, the document image too', async ({ page }) => {
  const email = uniqueEmail('kycempty');
  await registerAccount({ name: 'Kai Empty', email, role: 'investor' });
  await signIn(page, email);
  await openKyc(page);
  const frame = widgetFrame(page);
  await frame.getByRole('button', { name: 'Submit for review' }).click();
  for (const field of ['firstName', 'lastName', 'dob', 'country', 'idDocType', 'number'])
    await expect(frame.locator(`#${field}-error`)).not.toBeEmpty();
  await expect(frame.locator('#document-error')).toHaveText('Please upload a photo or scan of your document');
  await expect(frame.getByLabel('Document image')).toHaveAttribute('aria-invalid', 'true');
});

test.describe('KYC modal screenshots', () => {
  let email: string;
  test.beforeAll(async () => {
    email = uniqueEmail('kycshots');
    await registerAccount({ name: 'Kim Young', email, role: 'investor' });
  });

  for (const look of looks()) {
    test(`${look.name}`, async ({ page }) => {
      await applyLook(page, look);
      await signIn(page, email);
      await expect(page.locator('html')).toHaveAttribute('dir', look.language === 'ar' ? 'rtl' : 'ltr');
      await page
        .getByRole('button', { name: /.+/ })
        .filter({ has: page.locator('.MuiAvatar-root') })
        .click();
      const dialog = page.getByRole('dialog');
      // Under load a click can land while the menu is still entering and be lost (CI saw it
      // once): click again, as a user would, until the modal is open.
      const kycItem = page.locator('[role="menuitem"]').nth(0);
      await expect(async () => {
        if (await kycItem.isVisible()) await kycItem.click();
        await expect(dialog).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 20_000 });
      await expect(widgetFrame(page).locator('#view-form')).toBeVisible();
      await expect(dialog.locator('[role="status"]')).toHaveCount(0);
      await page.screenshot({ path: shotPath('kyc', look) });
    });
  }
});
