import { notificationWriteRules, ONE_RECIPIENT, EVENTS_REQUIRED } from './rules.js';

const validate = (method: 'POST' | 'PATCH', row: Record<string, unknown>) =>
  notificationWriteRules.notifications!.validate!({ relation: 'notifications', method, rows: [row] });

const person = '0b4f3a9e-1a2b-4c3d-8e9f-001122334455';

describe('notification rule writes', () => {
  it('take a rule with events from the list, a valid filter, one recipient, a repeat interval choice', () => {
    expect(() =>
      validate('POST', {
        events: ['check.failed'],
        filter: "check.name == 'api'",
        person_id: person,
        repeat_interval: '1h',
      }),
    ).not.toThrow();
  });

  it.each([
    [{ person_id: person }, EVENTS_REQUIRED],
    [{ events: [], person_id: person }, EVENTS_REQUIRED],
    [{ events: ['check.flapped'], person_id: person }, /^Event 'check.flapped' is not one of check.failed, /],
    [
      { events: ['check.failed'], filter: 'check.name ==', person_id: person },
      'Filter is not valid CEL: Unexpected token: EOF at column 14',
    ],
    [{ events: ['check.failed'] }, ONE_RECIPIENT],
    [{ events: ['check.failed'], person_id: person, custom_services: [{ url: 'https://x' }] }, ONE_RECIPIENT],
    [
      { events: ['check.failed'], person_id: person, repeat_interval: '5m' },
      /^Repeat interval must be one of 1h, 2h/,
    ],
    [{ events: ['check.failed'], person_id: person, source: 'KubernetesCRD' }, /^source must be UI/],
  ])('refuse %j with a clear message', (row, message) => {
    expect(() => validate('POST', row)).toThrow(message);
  });

  it('check a change only in what it changes', () => {
    expect(() => validate('PATCH', { title: 'renamed' })).not.toThrow();
    expect(() => validate('PATCH', { events: [] })).toThrow(EVENTS_REQUIRED);
  });
});
