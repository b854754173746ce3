import fs from 'node:fs';
import path from 'node:path';
import { dump } from 'js-yaml';
import { TLS_CERTIFICATE } from './tls.js';

/**
 * A kubeconfig for a test server: its https:// address with the test certificate as the
 * cluster's authority (kubectl sends no token over plain http), and token auth.
 */
export function writeKubeconfigFile(
  dir: string,
  server: { url: string; token: string },
  options: { namespace?: string } = {},
): string {
  const name = 'kube-test';
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name,
        cluster: {
          server: server.url,
          'certificate-authority-data': Buffer.from(TLS_CERTIFICATE).toString('base64'),
        },
      },
    ],
    users: [{ name, user: { token: server.token } }],
    contexts: [
      {
        name,
        context: {
          cluster: name,
          user: name,
          ...(options.namespace ? { namespace: options.namespace } : {}),
        },
      },
    ],
    'current-context': name,
  };
  const port = new URL(server.url).port;
  const file = path.join(dir, `kubeconfig-${port}${options.namespace ? `-${options.namespace}` : ''}.yaml`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, dump(config), { mode: 0o600 });
  return file;
}
