import { backendsOf } from './backends.js';
import { labelMatches, routeSelector } from './routing.js';

const row = (name: string, spec: unknown) => ({ id: name, name, namespace: 'logs', spec });

describe('log routing', () => {
  it('reads apm-hub labels: one of, present, not, globs', () => {
    expect(labelMatches('dev,stage', 'stage')).toBe(true);
    expect(labelMatches('dev,stage', 'prod')).toBe(false);
    expect(labelMatches('*', 'anything')).toBe(true);
    expect(labelMatches('*', undefined)).toBe(false);
    expect(labelMatches('!frontend', 'backend')).toBe(true);
    expect(labelMatches('!frontend', 'frontend')).toBe(false);
    expect(labelMatches('flanksource-*,!flanksource-demo', 'flanksource-api')).toBe(true);
    expect(labelMatches('flanksource-*,!flanksource-demo', 'flanksource-demo')).toBe(false);
  });

  it("sends a selector to the first backend one of whose routes matches its type, labels and the component's id", () => {
    const backends = [
      row('a-es', {
        backends: [{ elasticsearch: { index: 'x', routes: [{ type: 'Pod', labels: { app: 'web' } }] } }],
      }),
      row('b-files', {
        backends: [
          { files: [{ path: ['/logs/web.log'], routes: [{ type: 'file', idPrefix: 'prod/' }] }] },
          { kubernetes: { routes: [{ type: 'kubernetes' }] } },
        ],
      }),
      row('c-loki', { loki: { url: 'http://loki:3100' }, routes: [{ idPrefix: '' }] }),
    ].flatMap(backendsOf);
    expect(
      routeSelector(backends, { name: 'x', type: 'pod', labels: { app: 'web' } }, 'prod/web')?.kind,
    ).toBe('elasticsearch');
    expect(routeSelector(backends, { name: 'x', type: 'file' }, 'prod/web')?.kind).toBe('file');
    expect(routeSelector(backends, { name: 'x', type: 'file' }, 'dev/web')?.kind).toBe('loki');
    expect(routeSelector(backends, { name: 'x', type: 'kubernetes' }, 'dev/web')?.name).toBe(
      'b-files (backends[1])',
    );
  });

  it('routes a backend without routes to the selectors whose type names its kind, and nothing else', () => {
    const backends = backendsOf(row('plain', { file: { path: ['/x.log'] } }));
    expect(routeSelector(backends, { name: 'x', type: 'File' }, undefined)?.kind).toBe('file');
    expect(routeSelector(backends, { name: 'x', type: 'loki' }, undefined)).toBeUndefined();
  });

  it('reads the top-level form and drops template labels', () => {
    const [backend] = backendsOf(
      row('loki', {
        loki: { url: 'http://l', labels: { cluster: '{{.cluster}}', env: 'prod' } },
        routes: [{ type: 'Service' }],
      }),
    );
    expect(backend).toMatchObject({ kind: 'loki', labels: { env: 'prod' }, routes: [{ type: 'Service' }] });
  });
});
