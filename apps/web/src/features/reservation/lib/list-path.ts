/** The option list, carrying the md query along (SPEC §2). */
export function listPath(md: string): string {
  return md ? `/?md=${encodeURIComponent(md)}` : '/';
}

export const COMPLETE_SUCCESS_PATH = '/reservation/complete?processing=success';
export const COMPLETE_FAILED_PATH = '/reservation/complete?processing=failed';
