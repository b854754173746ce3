import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KINDS, type KindTable } from '../../server/src/kube/kinds.js';
import { eventually } from './health-data.js';
import type { KubeApiServer } from './kube-api/index.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

export interface ConsoleWithClusterOptions extends TestServerOptions {
  /** The kinds the console must have seen installed before it is handed over: all four unless told. */
  kinds?: readonly KindTable[];
}

/**
 * The console connected to a Kubernetes API test server through a kubeconfig (KUBECONFIG, next to
 * the options' env), once it has seen the kinds installed; stop() also removes the kubeconfig.
 */
export async function startConsoleWithCluster(
  kubeApi: KubeApiServer,
  { kinds = KINDS.map((kind) => kind.table), ...options }: ConsoleWithClusterOptions = {},
): Promise<TestServer> {
  const kubeconfigDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-kubeconfig-'));
  let server: TestServer | undefined;
  const stop = async () => {
    await server?.stop();
    fs.rmSync(kubeconfigDir, { recursive: true, force: true });
  };
  try {
    server = await startTestServer({
      ...options,
      env: { KUBECONFIG: kubeApi.writeKubeconfig(kubeconfigDir), ...options.env },
    });
    const started = server;
    await eventually(async () => {
      const missing = kinds.filter((table) => !started.kube.isInstalled(table));
      if (missing.length > 0) throw new Error(`the console never saw ${missing.join(', ')} installed`);
    }, 60_000);
    return { ...server, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
