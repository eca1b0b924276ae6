/** The first message among a form field's errors, wherever it sits (a list's are per item, a tier's per column). */
export function firstMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message !== '') return error.message;
  for (const [key, inner] of Object.entries(error)) {
    // `ref` is the field's element, never a message: not searched.
    const message = key === 'ref' ? undefined : firstMessage(inner);
    if (message) return message;
  }
  return undefined;
}
