import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { base64BodyLimit, readUpload, sniffContentType } from './uploads.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
const WEBP = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1')]);
const PDF = Buffer.from('%PDF-1.4\n', 'latin1');

describe('uploads: the type by content', () => {
  it('tells JPEG, PNG, WebP and PDF by their first bytes, and nothing else', () => {
    expect(sniffContentType(JPEG)).toBe('image/jpeg');
    expect(sniffContentType(PNG)).toBe('image/png');
    expect(sniffContentType(WEBP)).toBe('image/webp');
    expect(sniffContentType(PDF)).toBe('application/pdf');
    for (const other of ['GIF89a', '<html>', '%PD', '']) {
      expect(sniffContentType(Buffer.from(other, 'latin1'))).toBeUndefined();
    }
  });

  const rules = {
    allowed: ['application/pdf', 'image/png'] as const,
    maxBytes: 16,
    tooLarge: 'too large',
    unsupported: 'unsupported',
    unreadable: 'unreadable',
  };
  const refusal = (upload: { contentType: string; data: string }) => {
    try {
      readUpload(upload, rules);
    } catch (error) {
      return error instanceof DomainError ? [error.status, error.message] : error;
    }
    return 'accepted';
  };

  it('accepts an allowed type declared truthfully; refuses a lie, another type, a large or empty file', () => {
    expect(readUpload({ contentType: 'image/png', data: PNG.toString('base64') }, rules)).toEqual({
      contentType: 'image/png',
      bytes: PNG,
    });
    expect(refusal({ contentType: 'application/pdf', data: PNG.toString('base64') })).toEqual([
      415,
      'unsupported',
    ]);
    expect(refusal({ contentType: 'image/jpeg', data: JPEG.toString('base64') })).toEqual([
      415,
      'unsupported',
    ]);
    expect(refusal({ contentType: 'application/pdf', data: Buffer.alloc(17).toString('base64') })).toEqual([
      413,
      'too large',
    ]);
    expect(refusal({ contentType: 'application/pdf', data: '' })).toEqual([400, 'unreadable']);
  });

  it('allows the base64 of the largest file and the JSON around it', () => {
    const max = 10 * 1024 * 1024;
    expect(base64BodyLimit(max)).toBeGreaterThanOrEqual(Buffer.alloc(max).toString('base64').length + 1000);
  });
});
