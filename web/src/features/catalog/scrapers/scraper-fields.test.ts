import { load } from 'js-yaml';
import {
  currentSpec,
  initialValues,
  initSpecState,
  readValues,
  selectTab,
  validateValues,
  writeValues,
  type FormValues,
} from '../../spec-editor/index.js';
import { SCRAPER_FORMS, SPEC_FIELDS, scraperFieldsOf } from './scraper-fields.js';
import { SCRAPER_TYPES } from './scraper-types.js';

const fields = (kind: string) => scraperFieldsOf(kind)!;
const errorsOf = (kind: string, values: FormValues) => validateValues(fields(kind), values);
const template = (id: string) => SCRAPER_TYPES.find((type) => type.id === id)!.spec;

describe('scraper fields: entry ⇄ values', () => {
  it('reads an http entry and writes back only what changed, keeping what the form does not show', () => {
    const entry = {
      type: 'HTTP::Resource',
      id: '$.id',
      url: 'https://example.com/api',
      password: { valueFrom: { secretKeyRef: { name: 'api', key: 'password' } } },
      transform: { expr: 'config' },
    };
    const values = readValues(fields('http'), entry);
    expect(values).toMatchObject({ type: 'HTTP::Resource', id: '$.id', url: 'https://example.com/api' });
    expect(values.password).toBe('');
    const written = writeValues(
      fields('http'),
      { ...values, url: 'https://example.org/api', headers: [{ name: 'Accept', value: 'application/json' }] },
      entry,
    );
    expect(written).toEqual({
      ...entry,
      url: 'https://example.org/api',
      headers: [{ name: 'Accept', value: 'application/json' }],
    });
  });

  it('sends an http body only with POST and PUT', () => {
    const values = { ...initialValues(fields('http')), url: 'u', method: 'POST', body: '{}' };
    expect(writeValues(fields('http'), values)).toEqual({ url: 'u', method: 'POST', body: '{}' });
    expect(writeValues(fields('http'), { ...values, method: 'GET' })).toEqual({ url: 'u', method: 'GET' });
  });

  it('reads and writes a sql entry', () => {
    const entry = {
      connection: 'connection://postgres/shop',
      driver: 'postgres',
      type: 'Shop::Order',
      id: '$.id',
      query: 'select * from orders',
    };
    const values = readValues(fields('sql'), entry);
    expect(values).toMatchObject({ ...entry, name: '' });
    expect(writeValues(fields('sql'), { ...values, driver: '' }, entry)).toEqual({
      connection: 'connection://postgres/shop',
      type: 'Shop::Order',
      id: '$.id',
      query: 'select * from orders',
    });
  });

  it('writes the kubernetes options under the names the engine reads', () => {
    const values = {
      ...initialValues(fields('kubernetes')),
      clusterName: 'prod',
      namespace: 'payments',
      scope: 'namespace',
      maxInflight: '10',
      since: '24h',
      excludedKinds: 'Event\n\n ReplicaSet \n',
      watch: [{ apiVersion: 'apps/v1', kind: 'Deployment' }],
    };
    expect(writeValues(fields('kubernetes'), values)).toEqual({
      clusterName: 'prod',
      namespace: 'payments',
      scope: 'namespace',
      maxInflight: 10,
      since: '24h',
      exclusions: { kind: ['Event', 'ReplicaSet'] },
      watch: [{ apiVersion: 'apps/v1', kind: 'Deployment' }],
    });
    const back = readValues(fields('kubernetes'), {
      clusterName: 'prod',
      exclusions: { kind: ['Event', 'ReplicaSet'], labels: { a: 'b' } },
    });
    expect(back.excludedKinds).toBe('Event\nReplicaSet');
  });

  it('writes a file entry with its paths, one per line', () => {
    const entry = template('file').file as Record<string, unknown>[];
    const values = readValues(fields('file'), entry[0]!);
    expect(values).toMatchObject({ format: 'yaml', icon: 'file', paths: 'config/*.yaml' });
    expect(
      writeValues(fields('file'), { ...values, paths: 'config/*.yaml\nmore/*.json' }, entry[0]),
    ).toMatchObject({ paths: ['config/*.yaml', 'more/*.json'] });
  });
});

describe('scraper fields: validation (spec 3 §5)', () => {
  it.each([
    ['kubernetes', ['clusterName']],
    ['file', ['format', 'icon']],
    ['http', ['type', 'id', 'url']],
    ['sql', ['type', 'id', 'connection', 'query']],
  ])('requires the fields of an empty %s entry', (kind, required) => {
    const errors = errorsOf(kind, initialValues(fields(kind)));
    expect(Object.keys(errors).sort()).toEqual([...required].sort());
    expect(new Set(Object.values(errors))).toEqual(new Set(['This field is required']));
  });

  it('takes every starting spec of the type picker with a form as valid', () => {
    for (const kind of ['kubernetes', 'file', 'http', 'sql']) {
      const state = initSpecState(SCRAPER_FORMS, template(kind));
      expect(state.tab).toBe('form');
      expect(currentSpec(SCRAPER_FORMS, state)).toEqual({ ok: true, spec: template(kind) });
    }
  });

  it('asks max in flight of 1 or more, and names of watched kinds', () => {
    const values = { ...initialValues(fields('kubernetes')), clusterName: 'c' };
    expect(errorsOf('kubernetes', { ...values, maxInflight: '0' })).toEqual({
      maxInflight: 'This field must be 1 or more',
    });
    expect(errorsOf('kubernetes', { ...values, watch: [{ apiVersion: '', kind: 'Pod' }] })).toEqual({
      watch: 'Every watch needs an API version',
    });
  });
});

describe('retention rows', () => {
  const spec = {
    schedule: '@hourly',
    retention: {
      changes: [{ name: 'diff', age: '7d', count: 100 }],
      types: [{ name: 'Kubernetes::Pod', deletedAge: '1d' }],
      staleItemAge: '30d',
    },
    http: [{ type: 'T', id: '$.id', url: 'https://x' }],
  };

  it('reads the changes and types of the retention as rows of text', () => {
    const values = readValues(SPEC_FIELDS, spec);
    expect(values.schedule).toBe('@hourly');
    expect(values.retentionChanges).toEqual([{ name: 'diff', age: '7d', count: '100' }]);
    expect(values.retentionTypes).toEqual([
      { name: 'Kubernetes::Pod', createdAge: '', updatedAge: '', deletedAge: '1d' },
    ]);
  });

  it('writes rows back with counts as numbers, empty cells and rows left out, the rest of the retention kept', () => {
    const values = {
      ...readValues(SPEC_FIELDS, spec),
      retentionChanges: [
        { name: 'diff', age: '7d', count: '100' },
        { name: ' CREATE ', age: '', count: '5' },
        { name: '', age: '', count: '' },
      ],
    };
    expect(writeValues(SPEC_FIELDS, values, spec).retention).toEqual({
      changes: [
        { name: 'diff', age: '7d', count: 100 },
        { name: 'CREATE', count: 5 },
      ],
      types: [{ name: 'Kubernetes::Pod', deletedAge: '1d' }],
      staleItemAge: '30d',
    });
  });

  it('needs the name of every change, and whole counts', () => {
    expect(
      validateValues(SPEC_FIELDS, { schedule: '', retentionChanges: [{ name: '', age: '1d', count: '' }] }),
    ).toEqual({ retentionChanges: 'Every change needs a name' });
    expect(
      validateValues(SPEC_FIELDS, { schedule: '', retentionChanges: [{ name: 'a', age: '', count: 'ten' }] }),
    ).toEqual({ retentionChanges: 'The count of every change must be a whole number' });
  });

  it('drops the retention when its rows are removed', () => {
    const bare = { schedule: '@hourly', retention: { changes: [{ name: 'diff', count: 1 }] } };
    const values = { ...readValues(SPEC_FIELDS, bare), retentionChanges: [] };
    expect(writeValues(SPEC_FIELDS, values, bare)).toEqual({ schedule: '@hourly' });
  });

  it('round-trips through the Code tab with the entry and unknown keys kept', () => {
    let state = initSpecState(SCRAPER_FORMS, { ...spec, full: true });
    state = {
      ...state,
      values: {
        ...state.values,
        schedule: '@daily',
        retentionChanges: [...(state.values.retentionChanges as []), { name: 'UPDATE', age: '', count: '3' }],
      },
    };
    state = selectTab(SCRAPER_FORMS, state, 'code');
    expect(load(state.text)).toEqual({
      ...spec,
      full: true,
      schedule: '@daily',
      retention: { ...spec.retention, changes: [...spec.retention.changes, { name: 'UPDATE', count: 3 }] },
    });
    state = selectTab(SCRAPER_FORMS, state, 'form');
    expect(state.values.retentionChanges).toEqual([
      { name: 'diff', age: '7d', count: '100' },
      { name: 'UPDATE', age: '', count: '3' },
    ]);
  });
});

describe('which specs the form takes', () => {
  it.each([
    [{ http: [{ url: 'a' }, { url: 'b' }] }, 'The form edits one scraper at a time; this spec has 2.'],
    [
      { kubernetes: [{ clusterName: 'a' }], file: [{ format: 'yaml' }] },
      'The form edits one scraper at a time; this spec has 2.',
    ],
    [{ schedule: '@hourly', azure: [{ connection: 'c' }] }, 'There is no form for Azure scrapers.'],
    [{ kubernetesFile: [{ type: 'T' }] }, 'There is no form for Kubernetes File scrapers.'],
    [{ schedule: '@hourly' }, 'This spec has no scrapers yet.'],
  ])('opens %j in Code and says why', (spec, reason) => {
    const state = initSpecState(SCRAPER_FORMS, spec);
    expect(state.tab).toBe('code');
    expect(state.formBlocked).toBe(reason);
  });
});
