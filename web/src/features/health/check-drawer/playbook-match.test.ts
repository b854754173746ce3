import { playbookLabel, playbooksForCheck, selectorMatches, type Playbook } from './playbook-match.js';

const check = { name: 'api-health', type: 'http', labels: { team: 'payments', env: 'prod' } };

describe('selectorMatches', () => {
  it.each<[string, Parameters<typeof selectorMatches>[0], boolean]>([
    ['type listed', { types: ['http', 'tcp'] }, true],
    ['type not listed', { types: ['tcp'] }, false],
    ['name listed', { names: ['api-health'] }, true],
    ['name wildcard', { names: ['api-*'] }, true],
    ['name wildcard, other name', { names: ['db-*'] }, false],
    ['labels all present', { labels: { team: 'payments' } }, true],
    ['labels with another value', { labels: { team: 'search' } }, false],
    ['labelSelector equality', { labelSelector: 'team=payments,env==prod' }, true],
    ['labelSelector inequality', { labelSelector: 'env!=prod' }, false],
    ['labelSelector exists', { labelSelector: 'team' }, true],
    ['labelSelector not exists', { labelSelector: '!team' }, false],
    ['labelSelector missing key', { labelSelector: 'tier=web' }, false],
    ['every given field must match', { types: ['http'], names: ['other'] }, false],
    ['type and labels match', { types: ['http'], labels: { env: 'prod' } }, true],
    ['an empty selector matches nothing', {}, false],
    ['empty lists match nothing', { types: [], names: [] }, false],
  ])('%s', (_case, selector, expected) => {
    expect(selectorMatches(selector, check)).toBe(expected);
  });

  it('treats a check without labels as having none', () => {
    expect(selectorMatches({ labelSelector: '!team' }, { ...check, labels: null })).toBe(true);
    expect(selectorMatches({ labels: { team: 'payments' } }, { ...check, labels: null })).toBe(false);
  });
});

describe('playbooksForCheck', () => {
  const playbook = (
    id: string,
    spec: Playbook['spec'],
    title: string | null = `Playbook ${id}`,
  ): Playbook => ({
    id,
    name: `playbook-${id}`,
    title,
    icon: null,
    spec,
  });

  it('keeps the playbooks with any matching check selector (the demo data shape)', () => {
    const playbooks = [
      playbook('rerun', { checks: [{ types: ['http', 'tcp'] }] }),
      playbook('dns', { checks: [{ types: ['dns'] }] }),
      playbook('either', { checks: [{ types: ['dns'] }, { names: ['api-health'] }] }),
      playbook('configs-only', { checks: undefined }),
      playbook('no-spec', null),
    ];
    expect(playbooksForCheck(playbooks, check).map((p) => p.id)).toEqual(['rerun', 'either']);
  });

  it('ignores malformed selectors', () => {
    const broken = playbook('broken', { checks: [null, 'http'] } as unknown as Playbook['spec']);
    expect(playbooksForCheck([broken], check)).toEqual([]);
  });

  it('labels a playbook by its title, else its name', () => {
    expect(playbookLabel(playbook('a', null, 'Restart pod'))).toBe('Restart pod');
    expect(playbookLabel(playbook('a', null, null))).toBe('playbook-a');
  });
});
