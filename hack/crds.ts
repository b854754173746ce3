/**
 * Writes the CustomResourceDefinitions built from server/src/kube/schemas: crds/<plural>.<group>.yaml
 * and the same files into the chart (charts/ops-console/crds-files/, rendered when crds.install
 * is true). `npm run crds:update`; server/src/kube/crds.test.ts fails while they differ.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crdFiles } from '../server/src/kube/crds.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = ['crds', 'charts/ops-console/crds-files'].map((dir) => path.join(root, dir));

const files = crdFiles();
for (const dir of targets) {
  fs.mkdirSync(dir, { recursive: true });
  const wanted = new Set(files.map((file) => file.name));
  // A kind that is gone leaves no stale CRD behind.
  for (const old of fs.readdirSync(dir))
    if (old.endsWith('.yaml') && !wanted.has(old)) fs.rmSync(path.join(dir, old));
  for (const file of files) fs.writeFileSync(path.join(dir, file.name), file.text);
  console.log(`${path.relative(root, dir)}: ${files.map((file) => file.name).join(', ')}`);
}
