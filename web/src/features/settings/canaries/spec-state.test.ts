import { load } from 'js-yaml';
import {
  currentSpec,
  firstCheckName,
  formShapeOf,
  initSpecState,
  newSpec,
  selectTab,
  specFromText,
} from './spec-state.js';

describe('spec editor state', () => {
  it('opens a spec with one check of a kind with a form in the Form tab', () => {
    const state = initSpecState({ schedule: '@every 1m', http: [{ name: 'home', url: 'https://x' }] });
    expect(state.tab).toBe('form');
    expect(state.kind).toBe('http');
    expect(state.values).toMatchObject({ name: 'home', url: 'https://x' });
  });

  it.each([
    [{ http: [{ name: 'a' }, { name: 'b' }] }, 'The form edits one check at a time; this spec has 2.'],
    [{ http: [{ name: 'a' }], tcp: [{ name: 'b' }] }, 'The form edits one check at a time; this spec has 2.'],
    [{ s3: [{ name: 'bucket' }] }, 'There is no form for AWS S3 checks.'],
    [{}, 'This spec has no checks yet.'],
  ])('opens other specs in the Code tab and says why: %j', (spec, reason) => {
    const state = initSpecState(spec);
    expect(state.tab).toBe('code');
    expect(state.formBlocked).toBe(reason);
    expect(formShapeOf(spec)).toEqual({ ok: false, reason });
  });

  it('carries form edits to the code and code edits back to the form', () => {
    let state = initSpecState(newSpec('http'));
    state = { ...state, values: { ...state.values, name: 'home', url: 'https://example.com' } };
    state = selectTab(state, 'code');
    expect(load(state.text)).toEqual({ http: [{ name: 'home', url: 'https://example.com', method: 'GET' }] });
    expect(state.text.indexOf('name: home')).toBeLessThan(state.text.indexOf('url:'));

    state = { ...state, text: state.text.replace('GET', 'DELETE').concat('schedule: "@hourly"\n') };
    state = selectTab(state, 'form');
    expect(state.formBlocked).toBeUndefined();
    expect(state.values.method).toBe('DELETE');
    expect(currentSpec(state)).toEqual({
      ok: true,
      spec: { schedule: '@hourly', http: [{ name: 'home', url: 'https://example.com', method: 'DELETE' }] },
    });
  });

  it('keeps the Form closed while the YAML is broken, and the text as typed', () => {
    let state = selectTab(initSpecState(newSpec('tcp')), 'code');
    state = { ...state, text: 'tcp:\n  - name: [\n' };
    state = selectTab(state, 'form');
    expect(state.formBlocked).toBe('The YAML has errors: fix them in Code first.');
    expect(state.text).toBe('tcp:\n  - name: [\n');
    expect(currentSpec(state)).toMatchObject({ ok: false, diagnostic: { line: 3 } });
  });

  it('is invalid while a form field is', () => {
    const state = initSpecState(newSpec('redis'));
    expect(currentSpec(state)).toEqual({ ok: false });
  });

  it('starts a code-only kind with one named entry, and Custom with nothing', () => {
    expect(newSpec('s3')).toEqual({ s3: [{ name: '' }] });
    expect(newSpec(undefined)).toEqual({});
    expect(initSpecState({}).text).toBe('');
  });

  it('needs a mapping in the YAML', () => {
    expect(specFromText('')).toEqual({ ok: false });
    expect(specFromText('- a\n- b\n')).toMatchObject({ ok: false, diagnostic: { line: 1 } });
    expect(specFromText('http: []\n')).toEqual({ ok: true, spec: { http: [] } });
  });

  it('finds the first named check', () => {
    expect(firstCheckName({ schedule: '@hourly', tcp: [{ name: '' }, { name: 'db port' }] })).toBe('db port');
    expect(firstCheckName({})).toBeUndefined();
  });
});
