export type CopyOutcome = 'copied' | 'unavailable' | 'failed';

/** Writes text to the clipboard; `unavailable` where the browser offers none (e.g. plain HTTP). */
export async function copyToClipboard(text: string): Promise<CopyOutcome> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (typeof clipboard?.writeText !== 'function') return 'unavailable';
  try {
    await clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}
