/**
 * For tests: waits until `check` passes, polling every `pollMs`; fails with its last error once
 * `timeoutMs` is up. The limit is only a safety net for a condition that never comes, generous
 * for a busy machine.
 */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 30_000,
  pollMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
}
