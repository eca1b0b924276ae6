/** SPEC §8 speaks of alerts; one place shows them so tests and later UI changes have one seam. */
export function showAlert(message: string): void {
  window.alert(message);
}

/** SPEC §8: booking error messages turn line-break tags into newlines. */
export function brToNewline(message: string): string {
  return message.replace(/<br\s*\/?>/gi, '\n');
}
