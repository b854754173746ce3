import fs from 'node:fs';
import { LOCAL_FLAG_REFUSAL, LOCAL_FLAG_SOURCE } from '../../../common/feature-flags.js';

describe('local feature flags', () => {
  it('are refused by the database in the words the UI shows', () => {
    const migration = fs.readFileSync(
      new URL('../platform/db/migrations/0014_invites_local_flags.sql', import.meta.url),
      'utf8',
    );
    expect(migration).toContain(`raise exception '${LOCAL_FLAG_REFUSAL}'`);
    expect(migration).toContain(`old.source = '${LOCAL_FLAG_SOURCE}'`);
  });
});
