/**
 * The Canary and Topology schemas against the platform corpus (tests/fixtures/platform): every
 * real-world resource is accepted, and every deliberate typo is refused naming its field.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { createSpecValidator, readablePath } from '../../platform/specs/validate.js';
import { canarySpecSchema } from './canary.js';
import { topologySpecSchema } from './topology.js';

const corpus = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../tests/fixtures/platform',
);
const validators = {
  Canary: createSpecValidator(canarySpecSchema),
  Topology: createSpecValidator(topologySpecSchema),
};
type Kind = keyof typeof validators;

interface Document {
  file: string;
  kind: Kind;
  spec: unknown;
  /** The `# refused:` comment of a typo: the field its error names. */
  refused?: string;
}

function documents(folder: string, prefix = ''): Document[] {
  return fs
    .readdirSync(path.join(corpus, folder))
    .filter((file) => file.endsWith('.yaml') && file.startsWith(prefix))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(corpus, folder, file), 'utf8');
      const resource = load(text) as { kind: Kind; spec: unknown };
      const refused = /^# refused: (.+)$/m.exec(text)?.[1]?.trim();
      return { file: `${folder}/${file}`, kind: resource.kind, spec: resource.spec, refused };
    });
}

const accepted = [...documents('canary'), ...documents('topology')];
const typos = [...documents('typos', 'canary-'), ...documents('typos', 'topology-')];

describe('the platform corpus', () => {
  it('has real-world resources of both kinds and typos of both', () => {
    expect(accepted.filter((doc) => doc.kind === 'Canary').length).toBeGreaterThanOrEqual(35);
    expect(accepted.filter((doc) => doc.kind === 'Topology').length).toBeGreaterThanOrEqual(6);
    expect(new Set(typos.map((doc) => doc.kind))).toEqual(new Set(['Canary', 'Topology']));
    for (const typo of typos) expect([typo.file, typo.refused]).toEqual([typo.file, expect.any(String)]);
  });

  it.each(accepted.map((doc) => [doc.file, doc] as const))('accepts %s', (_file, doc) => {
    expect(validators[doc.kind].problems(doc.spec)).toEqual([]);
  });

  it.each(typos.map((doc) => [doc.file, doc] as const))('refuses %s, naming the field', (_file, doc) => {
    const problems = validators[doc.kind].problems(doc.spec);
    expect(problems.map((problem) => readablePath(problem.path))).toContain(doc.refused);
  });
});

describe('the Canary schema', () => {
  const canary = validators.Canary;

  it('says what timeout means for each kind that has one, and refuses it on the others', () => {
    const timeout = (kind: string) =>
      (
        canarySpecSchema.properties as Record<
          string,
          { items: { properties: Record<string, { description?: string }> } }
        >
      )[kind]!.items.properties.timeout?.description;
    expect(timeout('dns')).toMatch(/seconds/);
    expect(timeout('postgres')).toMatch(/seconds .*default 60/);
    expect(timeout('junit')).toMatch(/minutes .*default 5/);
    expect(canary.problems({ http: [{ name: 'site', url: 'https://x', timeout: 5 }] })).toEqual([
      { path: '/http/0/timeout', message: "http[0]: must NOT have additional property 'timeout'" },
    ]);
  });

  it('takes webhook as one check, and names a wrong type where it is', () => {
    expect(canary.problems({ webhook: { name: 'alerts', token: { value: 't' } } })).toEqual([]);
    expect(canary.problems({ redis: [{ name: 'r', db: 'zero' }] })).toEqual([
      { path: '/redis/0/db', message: 'redis[0].db: must be integer' },
    ]);
  });

  it('requires only what the platform requires: a name, and the fields a kind cannot run without', () => {
    expect(
      canary.problems({ http: [{ name: 'no-url-yet' }], redis: [{ name: 'r' }], tcp: [{ name: 't' }] }),
    ).toEqual([]);
    expect(
      canary.problems({ exec: [{ name: 'e' }], tcp: [{ endpoint: 'x:1' }] }).map((p) => p.message),
    ).toEqual([
      "tcp[0]: must have required property 'name'",
      "exec[0]: must have required property 'script'",
    ]);
  });
});
