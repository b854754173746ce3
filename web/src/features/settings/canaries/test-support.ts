/**
 * Test-only: holds the requests of one method until `release()`, so a test can see a button while
 * its request is under way. `restore()` puts the previous fetch back. Only tests import this file.
 */
export function holdRequests(method: 'POST' | 'PATCH') {
  const realFetch = globalThis.fetch;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  globalThis.fetch = async (input, init) => {
    if ((init?.method ?? 'GET').toUpperCase() === method) await held;
    return realFetch(input, init);
  };
  return { release, restore: () => void (globalThis.fetch = realFetch) };
}
