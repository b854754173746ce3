import { currentSpec, formActive, initSpecState, selectTab } from '../kind-form/spec-state.js';
import { TOPOLOGY_FORMS } from './topology-forms.js';

const spec = {
  type: 'Website',
  icon: 'http',
  components: [{ name: 'a' }, { name: 'b', lookup: { http: [{ url: 'http://x' }] } }],
  properties: [{ name: 'Docs', text: 'runbook' }],
};

describe("the topology Form (the spec's own fields)", () => {
  it('opens on Code and shows any spec in the Form, whatever lists it holds', () => {
    const state = initSpecState(TOPOLOGY_FORMS, spec);
    expect(state.tab).toBe('code');
    const form = selectTab(TOPOLOGY_FORMS, state, 'form');
    expect(formActive(form)).toBe(true);
    expect(form.values).toMatchObject({ type: 'Website', icon: 'http', owner: '', schedule: '' });
  });

  it('writes its fields into the spec and keeps the rest as it was', () => {
    const form = selectTab(TOPOLOGY_FORMS, initSpecState(TOPOLOGY_FORMS, spec), 'form');
    const edited = {
      ...form,
      values: { ...form.values, type: 'Shop', schedule: '@every 1m', groupByTag: 'cluster' },
    };
    expect(currentSpec(TOPOLOGY_FORMS, edited)).toEqual({
      ok: true,
      spec: { ...spec, type: 'Shop', schedule: '@every 1m', groupBy: { tag: 'cluster' } },
    });
    const code = selectTab(TOPOLOGY_FORMS, edited, 'code');
    expect(code.text).toContain('type: Shop');
    expect(code.text).toContain('lookup:');
  });
});
