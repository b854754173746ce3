import { changesRequest } from './changes-api.js';
import {
  DEFAULT_CHANGES_RANGE,
  formatTriState,
  parseTags,
  parseTriState,
  readChangesFilters,
  typeFilter,
  writeChangesFilters,
} from './changes-params.js';

const read = (query: string) => readChangesFilters(new URLSearchParams(query));
const request = (query: string, configId?: string) =>
  changesRequest({
    filters: read(query),
    configId,
    pageIndex: 0,
    pageSize: 200,
    sortBy: undefined,
    sortOrder: 'desc',
  });

describe('changes filters in the URL', () => {
  it('defaults to the last 2 days, downstream only and without deleted configs', () => {
    const filters = read('');
    expect(filters.range).toEqual(DEFAULT_CHANGES_RANGE);
    expect(filters.range.from).toBe('now-2d');
    expect(filters.upstream).toBe(false);
    expect(filters.downstream).toBe(true);
    expect(filters.includeDeletedConfigs).toBe(false);
  });

  it('reads included and excluded values and writes them back in the same form', () => {
    expect(parseTriState('diff,!deleted')).toEqual({ diff: 1, deleted: -1 });
    expect(formatTriState({ diff: 1, deleted: -1 })).toBe('diff,!deleted');
    expect(formatTriState({})).toBeUndefined();
  });

  it('reads tag filters with their exclusions', () => {
    expect(parseTags('env=prod,team!=core,broken')).toEqual([
      { key: 'env', value: 'prod', exclude: false },
      { key: 'team', value: 'core', exclude: true },
    ]);
  });

  it('keeps one chosen config type as the catalog tabs’ configType, several as configTypes', () => {
    expect(read('configType=Kubernetes::Pod').configTypes).toEqual({ 'Kubernetes::Pod': 1 });
    const several = writeChangesFilters(new URLSearchParams('configType=Kubernetes::Pod'), {
      configTypes: { 'Kubernetes::Pod': 1, 'AWS::S3::Bucket': -1 },
    });
    expect(several.get('configType')).toBeNull();
    expect(several.get('configTypes')).toBe('Kubernetes::Pod,!AWS::S3::Bucket');
    const one = writeChangesFilters(several, { configTypes: { 'AWS::S3::Bucket': 1 } });
    expect(one.get('configType')).toBe('AWS::S3::Bucket');
    expect(one.get('configTypes')).toBeNull();
    expect(read(one.toString()).configTypes).toEqual({ 'AWS::S3::Bucket': 1 });
  });

  it('leaves defaults out of the URL and goes back to the first page on a change', () => {
    const next = writeChangesFilters(new URLSearchParams('pageIndex=3&sortBy=count&upstream=true'), {
      range: DEFAULT_CHANGES_RANGE,
      downstream: true,
      upstream: false,
      includeDeletedConfigs: true,
      text: { summary: ' scaled ' },
    });
    expect(Object.fromEntries(next)).toEqual({
      sortBy: 'count',
      showDeletedConfigs: 'true',
      summary: 'scaled',
    });
  });

  it('turns the toggles into the type filter', () => {
    expect(typeFilter({ upstream: true, downstream: true })).toBe('all');
    expect(typeFilter({ upstream: true, downstream: false })).toBe('upstream');
    expect(typeFilter({ upstream: false, downstream: true })).toBe('downstream');
    expect(typeFilter({ upstream: false, downstream: false })).toBe('none');
  });
});

describe('the changes request', () => {
  it('asks every config’s changes of the last 2 days, newest first, 200 a page, deleted configs left out', () => {
    expect(request('')).toEqual({
      from: 'now-2d',
      to: 'now',
      page: 1,
      page_size: 200,
      sort_by: '-created_at',
      recursive: 'none',
      include_deleted_configs: false,
    });
  });

  it('follows a config’s related configs 5 levels deep in the toggled directions', () => {
    expect(request('', 'c1')).toMatchObject({ id: 'c1', recursive: 'downstream', depth: 5 });
    expect(request('upstream=true', 'c1')).toMatchObject({ recursive: 'all', depth: 5 });
    const alone = request('downstream=false', 'c1');
    expect(alone.recursive).toBe('none');
    expect(alone.depth).toBeUndefined();
  });

  it('sends every filter in the platform’s form', () => {
    expect(
      request(
        'changeType=diff,!Pulled&configTypes=Kubernetes::Pod&severity=high&tags=env=prod,team!=core' +
          '&summary=replicas&source=flux&external_created_by=renovate&showDeletedConfigs=true',
      ),
    ).toMatchObject({
      type: 'diff,!Pulled',
      config_type: 'Kubernetes::Pod',
      severity: 'high',
      tags: 'env=prod,team!=core',
      summary: 'replicas',
      source: 'flux',
      created_by: 'renovate',
      include_deleted_configs: true,
    });
  });

  it('sends an external creator beside a person in its own field', () => {
    expect(request('created_by=p1&external_created_by=renovate')).toMatchObject({
      created_by: 'p1',
      external_created_by: 'renovate',
    });
  });

  it('orders only by the columns the platform sorts, by creation otherwise', () => {
    const sorted = (sortBy: string, sortOrder: 'asc' | 'desc') =>
      changesRequest({ filters: read(''), pageIndex: 2, pageSize: 50, sortBy, sortOrder });
    expect(sorted('count', 'desc')).toMatchObject({ sort_by: '-count', page: 3, page_size: 50 });
    expect(sorted('name', 'asc').sort_by).toBe('name');
    expect(sorted('severity; drop', 'asc').sort_by).toBe('created_at');
  });
});
