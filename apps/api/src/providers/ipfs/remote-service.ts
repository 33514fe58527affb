import { IpfsPinError } from './ipfs.js';

const TIMEOUT_MS = 30_000;

/** POSTs a multipart form to a pinning service and answers its JSON, or throws IpfsPinError. */
export async function postForm(
  service: string,
  url: string,
  form: FormData,
  headers: Record<string, string> = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body: form,
      headers,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new IpfsPinError(`${service} is unreachable`, { cause: error });
  }
  const text = await response.text();
  if (!response.ok) {
    // Services explain themselves in the body; keep it short, it ends up in logs.
    throw new IpfsPinError(`${service} answered HTTP ${response.status}: ${text.slice(0, 200)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new IpfsPinError(`${service} answered something that is not JSON`, { cause: error });
  }
}

/** The bytes as a multipart file part. */
export function filePart(bytes: Uint8Array, contentType: string): Blob {
  return new Blob([Buffer.from(bytes)], { type: contentType });
}
