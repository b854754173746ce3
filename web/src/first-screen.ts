/**
 * A page whose first screen the server drew (server/src/http/first-screen.ts) carries the reads
 * it drew it with; the UI takes them over so its own first render shows the same at once and
 * asks the server for none of them again.
 */
import { preload } from 'swr';
import { FIRST_READS_ID } from '../../common/first-load.js';
import type { AppRouter } from './App.js';

/**
 * The page's first reads by URL (their SWR keys), each also handed to SWR as already read, so
 * the hooks and route loaders that would start them take these answers instead; undefined on a
 * page the server did not draw.
 */
export function takeFirstReads(): Record<string, unknown> | undefined {
  const block = document.getElementById(FIRST_READS_ID);
  if (!block?.textContent) return undefined;
  block.remove();
  let reads: Record<string, unknown>;
  try {
    reads = JSON.parse(block.textContent) as Record<string, unknown>;
  } catch {
    // The UI reads them itself.
    return undefined;
  }
  for (const [url, answer] of Object.entries(reads)) void preload(url, () => Promise.resolve(answer));
  return reads;
}

/** Resolves once the router has matched the page and loaded its lazily loaded modules. */
export function untilRouterReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
