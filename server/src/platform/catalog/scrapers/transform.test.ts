import { applyTransform } from './transform.js';
import type { ScrapedItem } from './types.js';

const pod = (name: string, extra: Partial<ScrapedItem> = {}): ScrapedItem => ({
  id: `uid-${name}`,
  type: 'Kubernetes::Pod',
  name,
  namespace: 'default',
  labels: { app: name },
  config: {
    metadata: { name, annotations: { noisy: 'x' } },
    spec: { env: [{ name: 'TOKEN', value: 'hunter2' }] },
  },
  ...extra,
});

describe('a scraper entry transform', () => {
  it('removes excluded fields, only from the types named', () => {
    const secret: ScrapedItem = {
      id: 's',
      type: 'Kubernetes::Secret',
      name: 's',
      config: { metadata: { annotations: {} } },
    };
    const out = applyTransform(
      { items: [pod('a'), secret] },
      {
        exclude: [{ jsonpath: '$.metadata.annotations', types: ['Kubernetes::P*'] }],
      },
    );
    expect(out.items[0]!.config).toEqual({
      metadata: { name: 'a' },
      spec: { env: [{ name: 'TOKEN', value: 'hunter2' }] },
    });
    expect(out.items[1]!.config).toEqual({ metadata: { annotations: {} } });
  });

  it("masks the fields a selector picks, by their MD5 or a text, and leaves the kind's objects alone", () => {
    const original = pod('a');
    const out = applyTransform(
      { items: [original, pod('b')] },
      {
        mask: [
          { selector: "name == 'a'", jsonpath: "$.spec.env[?(@.name == 'TOKEN')].value", value: 'md5sum' },
          { selector: "name == 'b'", jsonpath: '$.spec.env[0].value', value: '***' },
        ],
      },
    );
    const env = (i: number) =>
      (out.items[i]!.config as { spec: { env: { value: string }[] } }).spec.env[0]!.value;
    expect(env(0)).toBe('2ab96390c7dbe3439de74d0c9b0b1767');
    expect(env(1)).toBe('***');
    expect((original.config as { spec: { env: { value: string }[] } }).spec.env[0]!.value).toBe('hunter2');
  });

  it('turns relationship rules into selectors of the items they accept', () => {
    const out = applyTransform(
      { items: [pod('a'), pod('b')] },
      {
        relationship: [
          {
            filter: "name == 'a'",
            type: { value: 'Kubernetes::Service' },
            name: { expr: "labels.app + '-svc'" },
            namespace: { label: 'missing' },
          },
          { expr: "[{'type': 'Kubernetes::Node', 'name': 'node-1'}]", parent: true },
        ],
      },
    );
    expect(out.items[0]!.ruleLinks).toEqual([
      { selector: expect.objectContaining({ type: 'Kubernetes::Service', name: 'a-svc' }), parent: false },
      { selector: expect.objectContaining({ type: 'Kubernetes::Node', name: 'node-1' }), parent: true },
    ]);
    expect(out.items[1]!.ruleLinks).toEqual([
      { selector: expect.objectContaining({ type: 'Kubernetes::Node', name: 'node-1' }), parent: true },
    ]);
  });

  it('drops excluded changes, maps the others, and deletes the config of a delete mapping', () => {
    const item = pod('a', {
      changes: [
        { changeType: 'Pulled', summary: 'pulled image' },
        { changeType: 'BackOff', summary: 'back-off', severity: 'info' },
        { changeType: 'Killing', summary: 'stopping' },
        { changeType: 'Evicted', summary: 'gone' },
      ],
    });
    const out = applyTransform(
      { items: [item], changes: [{ changeType: 'Pulled', config: { externalId: 'x' } }] },
      {
        changes: {
          exclude: ["change_type == 'Pulled'"],
          mapping: [
            {
              filter: "change_type == 'BackOff'",
              severity: 'High',
              type: 'CrashLoop',
              summary: 'crash looping',
            },
            { filter: "change_type == 'Killing'", action: 'ignore' },
            { filter: "change_type == 'Evicted'", action: 'delete' },
          ],
        },
      },
    );
    expect(out.items[0]!.changes).toEqual([
      { changeType: 'CrashLoop', summary: 'crash looping', severity: 'high' },
    ]);
    expect(out.items[0]!.deletedAt).toBeInstanceOf(Date);
    expect(out.changes).toEqual([]);
  });

  it('reports an expression that fails once, and deletes nothing after a partial read', () => {
    const out = applyTransform(
      { items: [pod('a'), pod('b')], errors: ['page 2 failed'] },
      {
        mask: [{ selector: 'nope(', jsonpath: '$.x', value: 'x' }],
      },
    );
    expect(out.errors).toHaveLength(2);
    expect(out.errors[1]).toMatch(/^mask selector 'nope\('/);
    expect(out.completeTypes).toEqual([]);
    expect(applyTransform({ items: [pod('a')] }, undefined).completeTypes).toEqual(['Kubernetes::Pod']);
  });
});
