import { backoffAfter } from './events.js';
import { claimStatement } from './queue.js';

describe('backoffAfter', () => {
  it('doubles the wait after each failure, up to the most', () => {
    expect([1, 2, 3, 4].map((attempts) => backoffAfter(attempts, 10_000, 60_000))).toEqual([
      10_000, 20_000, 40_000, 60_000,
    ]);
  });
});

describe('claimStatement', () => {
  it('locks the due rows it takes with FOR UPDATE SKIP LOCKED and marks them in the same statement', () => {
    const sql = claimStatement({
      table: 'playbook_runs',
      due: "status = 'scheduled'",
      orderBy: 'created_at',
      set: "status = 'running'",
      returning: '*',
    });
    expect(sql.replace(/\s+/g, ' ')).toBe(
      "update playbook_runs set status = 'running' where id in (select id from playbook_runs where status = 'scheduled' order by created_at limit $1 for update skip locked) returning *",
    );
  });
});
