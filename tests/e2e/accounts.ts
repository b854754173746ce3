import os from 'node:os';
import path from 'node:path';

/** The first administrator's password on the e2e server (its ADMIN_PASSWORD). */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

/** Where global-setup keeps the administrator's signed-in browser state. */
export const adminStatePath = () =>
  path.join(process.env.E2E_STATE_DIR ?? os.tmpdir(), 'ops-console-e2e-admin.json');

/** A browser state with nobody signed in, for `test.use({ storageState: SIGNED_OUT })`. */
export const SIGNED_OUT = { cookies: [], origins: [] };
