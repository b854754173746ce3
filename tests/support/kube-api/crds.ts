import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAll } from 'js-yaml';

const repositoryCrds = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../crds');

/** The CRDs in the repository's crds/*.yaml (or another folder), in file name order. */
export function loadCrds(dir = repositoryCrds): object[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /\.ya?ml$/.test(file))
    .sort()
    .flatMap((file) => loadAll(fs.readFileSync(path.join(dir, file), 'utf8')))
    .filter((document): document is object => typeof document === 'object' && document !== null)
    .filter((document) => (document as { kind?: string }).kind === 'CustomResourceDefinition');
}
