/**
 * Saves a file the API answered (a PDF receipt) under `filename`: through a temporary link, which phones and
 * desktop browsers alike treat as a download (a phone's browser then offers to open it).
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
