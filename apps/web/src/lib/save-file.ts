/** Hands a file fetched with the session to the browser to save, under its own name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has been handled, so the download has its bytes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
