import { randomBytes } from 'node:crypto';
import type { KycTokenResponse } from '@portal/shared/kyc';
import type { Call } from './bench-env.js';

/** Passes KYC on the embedded sandbox (auto-approve on) the way its verification page does. */
export async function passKyc(call: Call, token: string): Promise<void> {
  const session = await call<KycTokenResponse>('POST', '/api/kyc/token', token);
  const page = (route: string, body: object) =>
    call<unknown>('POST', `/websdk/api${route}`, undefined, body, { 'x-access-token': session.token });
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), randomBytes(256)]);
  await page('/applicant/document', { contentType: 'image/jpeg', data: jpeg.toString('base64') });
  await page('/applicant/submit', {
    firstName: 'Bench',
    lastName: 'Investor',
    dob: '1990-01-01',
    country: 'GBR',
    idDocType: 'PASSPORT',
    number: 'X1234567Z',
  });
}
