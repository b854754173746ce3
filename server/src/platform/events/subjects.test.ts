import { permissionsFor } from '../../access/roles.js';
import { mayHear, relationOfEvent } from './subjects.js';

describe('relationOfEvent', () => {
  it.each([
    ['check.failed', 'checks'],
    ['component.unhealthy', 'components'],
    ['config.updated', 'configs'],
    ['playbook.approval.inserted', 'playbooks'],
    ['connection.updated', 'connections'],
    ['mystery.happened', undefined],
  ])('%s is about %s', (name, relation) => {
    expect(relationOfEvent(name)).toBe(relation);
  });
});

describe('mayHear', () => {
  const viewer = permissionsFor(['viewer']);
  const admin = permissionsFor(['admin']);

  it('follows read on the relation the event names', () => {
    expect(mayHear(viewer, [], 'check.failed')).toBe(true);
    expect(mayHear(viewer, [], 'connection.updated')).toBe(false);
    expect(mayHear(admin, [], 'connection.updated')).toBe(true);
  });

  it('withholds events of a feature that is off, whoever asks', () => {
    expect(mayHear(admin, ['config'], 'config.created')).toBe(false);
    expect(mayHear(admin, ['config'], 'check.failed')).toBe(true);
    expect(mayHear(viewer, ['health'], 'check.passed')).toBe(false);
    expect(mayHear(admin, ['topology'], 'component.healthy')).toBe(false);
  });

  it('sends events of an unknown subject to nobody', () => {
    expect(mayHear(admin, [], 'mystery.happened')).toBe(false);
  });
});
