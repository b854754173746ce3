import { checkBaseFields, entryOutput, EntryError, extractItems, parseProperties } from './extract.js';
import { parseGoTime } from './go-time.js';

const fleet = {
  region: 'eu-west-1',
  instances: [
    {
      InstanceId: 'i-1',
      Name: 'web',
      Kind: 'EC2::Instance',
      State: 'running',
      Health: 'Healthy',
      Owner: 'ops',
    },
    { InstanceId: 'i-2', Name: 'db', Kind: 'EC2::Instance', State: 'stopped', Health: 'sick' },
  ],
};

describe('extractItems', () => {
  it('reads fields starting with $ as JSONPath and the others as literals', () => {
    const { items, errors } = extractItems(
      { metadata: { uid: 'u-1', name: 'payments' }, kind: 'Service', status: { phase: 'Ready' } },
      {
        id: '$.metadata.uid',
        name: '$.metadata.name',
        type: 'Custom::Service',
        class: '$.kind',
        status: '$.status.phase',
        health: 'healthy',
        description: 'the payments API',
      },
    );
    expect(errors).toEqual([]);
    expect(items).toEqual([
      expect.objectContaining({
        id: 'u-1',
        name: 'payments',
        type: 'Custom::Service',
        configClass: 'Service',
        status: 'Ready',
        health: 'healthy',
        description: 'the payments API',
      }),
    ]);
    expect(items[0]!.config).toEqual(expect.objectContaining({ kind: 'Service' }));
  });

  it('accepts @ as the root of a JSONPath as config-db does', () => {
    const { items } = extractItems({ key: 'k-9' }, { id: '@.key', type: 'Thing' });
    expect(items.map((item) => item.id)).toEqual(['k-9']);
  });

  it('names an item by its id and classes it by its type when neither is given', () => {
    const { items } = extractItems({ id: 42 }, { id: '$.id', type: 'Counter' });
    expect(items[0]).toMatchObject({ id: '42', name: '42', configClass: 'Counter' });
  });

  it('splits one document into an item per element of `items`, each field read from the element', () => {
    const base = {
      items: '$.instances',
      id: '$.InstanceId',
      name: '$.Name',
      type: '$.Kind',
      status: '$.State',
    };
    const { items, errors } = extractItems(fleet, base);
    expect(errors).toEqual([]);
    expect(items.map((item) => [item.id, item.name, item.type, item.status])).toEqual([
      ['i-1', 'web', 'EC2::Instance', 'running'],
      ['i-2', 'db', 'EC2::Instance', 'stopped'],
    ]);
    expect(items[1]!.config).toEqual(fleet.instances[1]);
    // The element form splits alike.
    const elements = extractItems(fleet, { ...base, items: '$.instances[*]' });
    expect(elements.items.map((item) => item.id)).toEqual(['i-1', 'i-2']);
  });

  it('reads health in the platform words, anything else as unknown', () => {
    const { items } = extractItems(fleet, {
      items: '$.instances[*]',
      id: '$.InstanceId',
      type: 'EC2',
      health: '$.Health',
    });
    expect(items.map((item) => item.health)).toEqual(['healthy', 'unknown']);
  });

  it('makes an item without an id an error of that item, the others kept', () => {
    const { items, errors } = extractItems(
      { rows: [{ id: 'a' }, { other: 'b' }, { id: 'c' }] },
      { items: '$.rows', id: '$.id', type: 'Row' },
    );
    expect(items.map((item) => item.id)).toEqual(['a', 'c']);
    expect(errors).toEqual(['item 2: no id ($.id found nothing)']);
  });

  it('makes an item without a type an error too', () => {
    const { items, errors } = extractItems(
      { id: 'x' },
      { id: '$.id', type: '$.kind' },
      { label: 'file a.json' },
    );
    expect(items).toEqual([]);
    expect(errors).toEqual(['file a.json: no type for x ($.kind found nothing)']);
  });

  it('reads tags as a list of value, label or jsonpath', () => {
    const { items } = extractItems(fleet.instances[0], {
      id: '$.InstanceId',
      type: 'EC2',
      labels: { team: 'platform' },
      tags: [
        { name: 'env', value: 'prod' },
        { name: 'team', label: 'team' },
        { name: 'owner', jsonpath: '$.Owner' },
        { name: 'missing', jsonpath: '$.Nowhere' },
      ],
    });
    expect(items[0]!.labels).toEqual({ team: 'platform' });
    expect(items[0]!.tags).toEqual({ env: 'prod', team: 'platform', owner: 'ops' });
  });

  it('reads tags in the older map form as literals', () => {
    const { items } = extractItems(
      { id: 'a' },
      { id: '$.id', type: 'T', tags: { env: 'dev', tier: 'gold' } },
    );
    expect(items[0]!.tags).toEqual({ env: 'dev', tier: 'gold' });
  });

  it('reads created and deleted times with the Go layout given', () => {
    const { items } = extractItems(
      { id: 'a', born: '2024-03-05 07:08:09', gone: '05/04/2024', stamp: '2024-03-05T07:08:09+02:00' },
      {
        id: '$.id',
        type: 'T',
        timestampFormat: '2006-01-02 15:04:05',
        createFields: ['$.nowhere', '$.born'],
        deleteFields: ['$.gone'],
      },
    );
    expect(items[0]!.createdAt?.toISOString()).toBe('2024-03-05T07:08:09.000Z');
    // The layout does not fit: no deleted time rather than a wrong one.
    expect(items[0]!.deletedAt).toBeUndefined();
    const rfc = extractItems(
      { id: 'a', stamp: '2024-03-05T07:08:09+02:00' },
      {
        id: '$.id',
        type: 'T',
        createFields: ['$.stamp'],
      },
    );
    expect(rfc.items[0]!.createdAt?.toISOString()).toBe('2024-03-05T05:08:09.000Z');
  });

  it('keeps the properties whose filter holds for the item', () => {
    const { items } = extractItems(fleet, {
      items: '$.instances',
      id: '$.InstanceId',
      type: 'EC2',
      properties: [
        { name: 'console', text: 'open', filter: "config.State == 'running'" },
        { name: 'region', text: 'eu-west-1' },
      ],
    });
    expect(items[0]!.properties).toEqual([
      { name: 'console', text: 'open' },
      { name: 'region', text: 'eu-west-1' },
    ]);
    expect(items[1]!.properties).toEqual([{ name: 'region', text: 'eu-west-1' }]);
  });

  it('renders the texts of a property as templates over the item', () => {
    const { items } = extractItems(fleet.instances[0], {
      id: '$.InstanceId',
      name: '$.Name',
      type: 'EC2',
      properties: [
        {
          name: 'state',
          text: '{{ .name }} is {{ .config.State }}',
          links: [{ url: 'https://aws.local/$(id)' }],
        },
      ],
    });
    expect(items[0]!.properties).toEqual([
      { name: 'state', text: 'web is running', links: [{ url: 'https://aws.local/i-1' }] },
    ]);
  });

  it('keeps a text document as text in its format, a literal id naming it', () => {
    const { items } = extractItems('<root/>', { id: 'settings', type: 'XML' }, { format: 'xml' });
    expect(items[0]).toMatchObject({ id: 'settings', config: '<root/>', format: 'xml' });
  });
});

describe('checkBaseFields', () => {
  it('refuses more than five tags, unnamed or duplicate tags, and tags without a source', () => {
    const tag = (name: string) => ({ name, value: 'v' });
    expect(() => checkBaseFields({ tags: ['a', 'b', 'c', 'd', 'e', 'f'].map(tag) })).toThrow(
      'too many tags (6): at most 5 are allowed',
    );
    expect(() => checkBaseFields({ tags: [tag('a'), tag('a')] })).toThrow('tag a is given twice');
    expect(() => checkBaseFields({ tags: [{ name: 'a' }] })).toThrow(
      'tag a needs a value, a label or a jsonpath',
    );
    expect(() => checkBaseFields({ tags: [{ name: 'a', jsonpath: 'owner' }] })).toThrow(EntryError);
    expect(() => checkBaseFields({ tags: [tag('a')] })).not.toThrow();
  });
});

describe('entryOutput', () => {
  it('leaves the complete types to the engine, and carries the errors of a partial read', () => {
    expect(entryOutput([], [])).toEqual({ items: [] });
    expect(entryOutput([], ['row 1: no id'])).toEqual({ items: [], errors: ['row 1: no id'] });
  });
});

describe('parseGoTime', () => {
  it('reads the common Go layouts', () => {
    expect(
      parseGoTime('Tue, 05 Mar 2024 07:08:09 +0100', 'Mon, 02 Jan 2006 15:04:05 -0700')?.toISOString(),
    ).toBe('2024-03-05T06:08:09.000Z');
    expect(parseGoTime('2024-03-05T07:08:09.250Z', '2006-01-02T15:04:05.000Z07:00')?.toISOString()).toBe(
      '2024-03-05T07:08:09.250Z',
    );
    expect(parseGoTime('Mar 5, 2024 at 3:04pm', 'Jan 2, 2006 at 3:04pm')?.toISOString()).toBe(
      '2024-03-05T15:04:00.000Z',
    );
    expect(parseGoTime('not a time')).toBeUndefined();
  });
});

describe('parseProperties', () => {
  it('reads key=value lines without comments', () => {
    expect(parseProperties("# settings\nhost=db.local\nport: 5432\nname='a#b' # the name\n")).toEqual({
      host: 'db.local',
      port: '5432',
      name: "'a#b'",
    });
  });
});
