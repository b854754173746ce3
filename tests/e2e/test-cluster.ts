/**
 * The cluster behind `npm run test:e2e`: the Kubernetes API test server (tests/support/kube-api)
 * with the repository's CRDs, a kubeconfig for the console and for the suites, and a small
 * control endpoint the cluster suite uses to take the API server down and bring it back
 * (POST /down, POST /up). On kind (hack/kind-e2e.sh) there is no control endpoint.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startKubeApiServer } from '../support/kube-api/index.js';

export interface TestCluster {
  kubeconfig: string;
  controlUrl: string;
  close(): Promise<void>;
}

export async function startTestCluster(dir: string): Promise<TestCluster> {
  const cluster = await startKubeApiServer();
  const kubeconfig = cluster.writeKubeconfig(dir);
  const control = http.createServer((req, res) => {
    const action =
      req.method === 'POST' ? { '/down': cluster.goDown, '/up': cluster.comeBack }[req.url ?? ''] : undefined;
    if (!action) return void res.writeHead(404).end();
    action().then(
      () => res.writeHead(204).end(),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const { port } = control.address() as AddressInfo;
  return {
    kubeconfig: path.resolve(kubeconfig),
    controlUrl: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise((resolve) => control.close(resolve));
      await cluster.close();
      fs.rmSync(kubeconfig, { force: true });
    },
  };
}
