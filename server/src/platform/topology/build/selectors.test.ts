import { injectTag } from './group-by.js';
import { checkQuery, configQuery, SelectorError, selectorIdOf } from './selectors.js';
import { templateValue } from './template.js';

describe('config and check selectors', () => {
  it('binds every value as a parameter', () => {
    const { sql, params } = configQuery(
      {
        types: ['Kubernetes::Pod', '!Kubernetes::Job'],
        labelSelector: 'app=web,tier in (a,b)',
        name: "x' or 1=1",
      },
      'id',
    );
    expect(sql).not.toContain("x' or");
    expect(params).toContain("x' or 1=1");
    expect(sql).toMatch(/deleted_at is null/);
  });

  it('refuses a selector that names nothing, and one it cannot read', () => {
    expect(() => configQuery({}, 'id')).toThrow(SelectorError);
    expect(() => checkQuery({}, 'id')).toThrow(SelectorError);
    expect(() => checkQuery({ labelSelector: 'a=b,not a selector' }, 'id')).toThrow(/cannot be read/);
  });

  it('gives the same selector the same id', () => {
    expect(selectorIdOf('configs', { types: ['a'], name: 'b' })).toBe(
      selectorIdOf('configs', { name: 'b', types: ['a'] }),
    );
    expect(selectorIdOf('configs', { name: 'b' })).not.toBe(selectorIdOf('checks', { name: 'b' }));
  });
});

describe('groupBy and forEach templating', () => {
  it('adds the tag to config queries, component selectors and catalog lookups', () => {
    const spec = {
      configs: [{ types: ['A'] }],
      components: [
        {
          name: 'x',
          selectors: [{ labelSelector: 'app=x' }],
          lookup: { catalog: [{ selector: [{ types: ['B'], tagSelector: 'env=prod' }] }] },
        },
      ],
    };
    expect(injectTag(spec, 'cluster', 'eu')).toEqual({
      configs: [{ types: ['A'], tagSelector: 'cluster=eu' }],
      components: [
        {
          name: 'x',
          selectors: [{ labelSelector: 'app=x,cluster=eu' }],
          lookup: { catalog: [{ selector: [{ types: ['B'], tagSelector: 'env=prod,cluster=eu' }] }] },
        },
      ],
    });
  });

  it('renders $(.…) references and leaves {{ }} templates and $(VAR) alone', () => {
    const env = { component: { name: 'web', labels: { region: 'eu' } } };
    expect(
      templateValue(
        {
          name: '$(.component.name)-db',
          region: '$(.component.labels.region)',
          display: '{{ .json }}',
          url: '$(CONSOLE_URL)/x',
        },
        env,
      ),
    ).toEqual({ name: 'web-db', region: 'eu', display: '{{ .json }}', url: '$(CONSOLE_URL)/x' });
  });
});
