import { setUpTestDatabases } from './global-setup.js';

/** The server's unit tests: PGlite templates only, so they never need a PostgreSQL server. */
export default function globalSetup() {
  setUpTestDatabases('pglite');
}
