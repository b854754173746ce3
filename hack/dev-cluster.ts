/**
 * `npm run dev:cluster`: the cluster features on a laptop without a cluster. Starts the
 * Kubernetes API test server (tests/support/kube-api: the four CRDs of crds/, in memory) on
 * KUBE_PORT (default 9443), adds the sample resources of hack/kind-samples, writes a kubeconfig
 * for it and prints how to start the console and use kubectl against it. Ctrl-C stops it; what
 * was stored is gone with it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAll } from 'js-yaml';
import type { KubeObject } from '../server/src/kube/types.js';
import { startKubeApiServer } from '../tests/support/kube-api/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.KUBE_PORT ?? 9443);
const cluster = await startKubeApiServer({ port });
// Not under ./data: that is the embedded database's own directory.
const kubeconfig = cluster.writeKubeconfig(path.join(os.tmpdir(), 'ops-console-dev-cluster'));

const samples = (
  loadAll(fs.readFileSync(path.join(root, 'hack/kind-samples/resources.yaml'), 'utf8')) as KubeObject[]
).map((object) => cluster.put(object));

console.log(`Kubernetes API test server listening on https://127.0.0.1:${port} with ${samples
  .map(
    (object) =>
      `${object.kind} ${[object.metadata.namespace, object.metadata.name].filter(Boolean).join('/')}`,
  )
  .join(', ')}

Start the console with:

  KUBECONFIG=${kubeconfig} npm start

and kubectl (npx tsx hack/helm.ts kubectl prints its path) with:

  kubectl --kubeconfig ${kubeconfig} get canaries,topologies,scrapeconfigs,playbooks -A
`);

const stop = () => {
  void cluster.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
