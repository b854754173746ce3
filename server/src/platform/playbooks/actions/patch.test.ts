import { patchText } from './patch.js';
import { ActionFailure } from './types.js';

describe('gitops patches (the yq / jq subset)', () => {
  const yaml = 'image:\n  repository: web\n  tag: v1\nreplicas: 2\nlist:\n  - a\n';

  it('sets, creates, appends and deletes in YAML', () => {
    const out = patchText(
      yaml,
      '.image.tag = "v2" | .replicas = 5 | .resources.limits["memory-max"] = 512Mi | .list += "b" | del(.image.repository)',
      'yaml',
    );
    expect(out).toBe(
      'image:\n  tag: v2\nreplicas: 5\nlist:\n  - a\n  - b\nresources:\n  limits:\n    memory-max: 512Mi\n',
    );
  });

  it('patches every document of a multi-document file', () => {
    expect(patchText('a: 1\n---\na: 2\n', '.b = true', 'yaml')).toBe('a: 1\nb: true\n---\na: 2\nb: true\n');
  });

  it('patches JSON with indices, objects and copies', () => {
    const out = patchText(
      '{"items":[{"n":1},{"n":2}],"src":"x"}',
      '.items[-1].n = 9 | .meta = {"by": "bot"} | .dst = .src',
      'json',
    );
    expect(JSON.parse(out)).toEqual({ items: [{ n: 1 }, { n: 9 }], src: 'x', meta: { by: 'bot' }, dst: 'x' });
  });

  it('says where an expression it cannot read goes wrong', () => {
    expect(() => patchText(yaml, '.image.tag == "x"', 'yaml')).toThrow(ActionFailure);
    expect(() => patchText(yaml, 'select(.a)', 'yaml')).toThrow(
      "patch 'select(.a)': expected a path starting with '.' at character 1",
    );
  });
});
