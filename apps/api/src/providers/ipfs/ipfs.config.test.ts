import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { configProblems } from '../../test/config-problems.js';

const problems = configProblems;

describe('IPFS configuration', () => {
  it('defaults to the embedded store behind the portal gateway', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example' }).ipfs).toEqual({
      provider: 'embedded',
      gatewayUrl: 'https://portal.example/ipfs',
    });
    expect(loadConfig({ IPFS_GATEWAY_URL: 'https://ipfs.example/ipfs/' }).ipfs.gatewayUrl).toBe(
      'https://ipfs.example/ipfs',
    );
  });

  it('pins to kubo or Pinata only when asked to', () => {
    expect(loadConfig({ IPFS_PROVIDER: 'kubo', KUBO_API_URL: 'http://ipfs:5001/' }).ipfs).toMatchObject({
      provider: 'kubo',
      kuboApiUrl: 'http://ipfs:5001',
    });
    expect(loadConfig({ IPFS_PROVIDER: 'pinata', PINATA_JWT: 'jwt' }).ipfs).toMatchObject({
      provider: 'pinata',
      pinataJwt: 'jwt',
      pinataUploadUrl: 'https://uploads.pinata.cloud/v3/files',
    });
  });

  it.each([
    [{ IPFS_PROVIDER: 'helia' }, 'IPFS_PROVIDER: expected one of embedded, kubo, pinata'],
    [{ IPFS_PROVIDER: 'kubo' }, 'KUBO_API_URL: required when IPFS_PROVIDER=kubo'],
    [{ IPFS_PROVIDER: 'pinata' }, 'PINATA_JWT: required when IPFS_PROVIDER=pinata'],
    [
      { IPFS_PROVIDER: 'pinata', PINATA_JWT: 'jwt', PINATA_UPLOAD_URL: 'http://pinata.example/v3/files' },
      'PINATA_UPLOAD_URL: expected an https URL',
    ],
    [{ IPFS_GATEWAY_URL: 'ftp://x' }, 'IPFS_GATEWAY_URL:'],
  ])('refuses %j', (env, message) => {
    expect(problems(env)).toContain(message);
  });
});
