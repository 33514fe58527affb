import { describe, expect, it } from 'vitest';
import { parseCredentialInput } from './credential-input';

const cid = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';

describe('parseCredentialInput', () => {
  it('reads a credential from JSON', () => {
    expect(parseCredentialInput(' {"id":"urn:uuid:1","issuer":"did:key:z6Mk"} ')).toEqual({
      request: { credential: { id: 'urn:uuid:1', issuer: 'did:key:z6Mk' } },
    });
  });

  it('reads a CID bare, as ipfs:// or as a gateway URL', () => {
    expect(parseCredentialInput(cid)).toEqual({ request: { cid } });
    expect(parseCredentialInput(`ipfs://${cid}`)).toEqual({ request: { cid } });
    expect(parseCredentialInput(`http://127.0.0.1:3000/ipfs/${cid}?format=raw`)).toEqual({
      request: { cid },
    });
  });

  it('reads a share link, and the forms issued before the secret moved to the fragment', () => {
    const share = 'Ab3_-'.repeat(8) + 'xyz';
    expect(parseCredentialInput(`https://portal.example/verify#share=${share}`)).toEqual({
      request: { share },
    });
    expect(parseCredentialInput(`https://portal.example/verify?share=${share}`)).toEqual({
      request: { share },
    });
    expect(parseCredentialInput(`http://127.0.0.1:3000/api/credentials/shared/${share}`)).toEqual({
      request: { share },
    });
  });

  it('names what is wrong with the input', () => {
    expect(parseCredentialInput('  ')).toEqual({ problem: 'empty' });
    expect(parseCredentialInput('{"id": ')).toEqual({ problem: 'invalidJson' });
    expect(parseCredentialInput('[1, 2]')).toEqual({ problem: 'notAnObject' });
  });
});
