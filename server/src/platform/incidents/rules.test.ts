import type { Queryable } from '../db/db.js';
import { RestError } from '../rest/errors.js';
import type { WriteTarget } from '../rest/write-rules.js';
import { closedRefusal, incidentWriteRules, transitionRefusal, validateIncident } from './rules.js';

const valid = { title: 'Checkout down', type: 'availability', severity: 'high', status: 'open' };

const refusalOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
};

describe('a new incident', () => {
  it('takes title, type, severity and status', () => {
    expect(refusalOf(() => validateIncident(valid, true))).toBeNull();
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ severity: null }, 'Please select incident severity'],
    [{ type: '' }, 'Please select an incident type'],
    [{ status: undefined }, 'Please select incident status'],
    [
      { type: 'outage' },
      'Type must be one of cost, availability, performance, security, integration, compliance, technicalDebt, reliability',
    ],
    [{ status: 'done' }, 'Status must be one of new, open, investigating, mitigated, resolved, closed'],
  ])('refuses %j: %s', (change, message) => {
    expect(refusalOf(() => validateIncident({ ...valid, ...change }, true))).toEqual({
      status: 422,
      message,
    });
  });

  it('lets a change leave out what it does not change, but not blank it', () => {
    expect(refusalOf(() => validateIncident({ severity: 'low' }, false))).toBeNull();
    expect(refusalOf(() => validateIncident({ title: ' ' }, false))).toEqual({
      status: 422,
      message: 'Title is required',
    });
  });
});

describe('the refusals', () => {
  it('name the incident and both statuses as the interface shows them', () => {
    expect(transitionRefusal('INC0000042', 'closed', 'investigating')).toBe(
      'Cannot move incident INC0000042 from Closed to Investigating',
    );
    expect(closedRefusal('INC0000042')).toBe('Incident INC0000042 is closed: reopen it first');
  });
});

describe('the status guard', () => {
  const guard = incidentWriteRules.incidents!.guard!;
  const target = (status: string, change: Record<string, unknown>, method: 'PATCH' | 'DELETE' = 'PATCH') =>
    ({
      relation: 'incidents',
      method,
      rows: method === 'PATCH' ? [change] : [],
      tx: {} as Queryable,
      existing: async () => [{ id: 'i', incident_id: 'INC0000007', status }],
    }) satisfies WriteTarget;
  const outcome = async (status: string, change: Record<string, unknown>, method?: 'PATCH' | 'DELETE') => {
    try {
      await guard(target(status, change, method));
      return 'allowed';
    } catch (error) {
      return `${(error as RestError).status} ${(error as RestError).message}`;
    }
  };

  it('refuses a move outside the table before the closed rule', async () => {
    expect(await outcome('resolved', { status: 'investigating' })).toBe(
      '422 Cannot move incident INC0000007 from Resolved to Investigating',
    );
    expect(await outcome('closed', { status: 'mitigated' })).toBe(
      '422 Cannot move incident INC0000007 from Closed to Mitigated',
    );
  });

  it('lets a closed incident be reopened, or stay closed, and nothing else', async () => {
    expect(await outcome('closed', { status: 'open' })).toBe('allowed');
    expect(await outcome('closed', { status: 'closed' })).toBe('allowed');
    expect(await outcome('closed', { status: 'closed', title: 'x' })).toBe(
      '409 Incident INC0000007 is closed: reopen it first',
    );
    expect(await outcome('closed', { severity: 'low' })).toBe(
      '409 Incident INC0000007 is closed: reopen it first',
    );
    expect(await outcome('closed', {}, 'DELETE')).toBe('409 Incident INC0000007 is closed: reopen it first');
    expect(await outcome('open', { severity: 'low' })).toBe('allowed');
  });
});
