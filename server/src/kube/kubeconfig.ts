/**
 * GET /api/kubeconfig: a kubeconfig for kubectl that reaches the cluster through the console's
 * Kubernetes proxy (/api/kubeproxy) as the signed-in person, with a new personal API token of
 * theirs as the credential (revoked like any other on the profile page).
 */
import type { RequestHandler } from 'express';
import { dump } from 'js-yaml';
import { SIGN_IN_MESSAGE } from '../access/guard.js';
import { createApiTokenStore } from '../auth/api-token-store.js';
import { consoleUrl } from '../auth/return-to.js';
import type { Config } from '../config.js';
import { apiError } from '../http/errors.js';
import type { Db } from '../platform/db/db.js';
import type { KubeConnection } from './connection.js';

/** The name of the cluster, user and context in the file. */
export const KUBECONFIG_CONTEXT = 'ops-console';

/** With no cluster connection configured there is nothing a kubeconfig could reach. */
export const kubeconfigDownload: RequestHandler = (_req, res) => {
  res
    .status(404)
    .json(
      apiError(
        'HTTP404',
        'No Kubernetes cluster is connected to this console, so there is no kubeconfig to download.',
      ),
    );
};

/** 'kubeconfig 2025-06-01 14:05 UTC': the token's name on the profile page. */
export const kubeconfigTokenName = (at: Date) =>
  `kubeconfig ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const CROSS_SITE = new Set(['cross-site', 'same-site']);

/** The file's text: one cluster (the proxy), one user (the token), one context. */
export function kubeconfigYaml(server: string, token: string): string {
  return dump({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: KUBECONFIG_CONTEXT, cluster: { server } }],
    users: [{ name: KUBECONFIG_CONTEXT, user: { token } }],
    contexts: [
      {
        name: KUBECONFIG_CONTEXT,
        context: { cluster: KUBECONFIG_CONTEXT, user: KUBECONFIG_CONTEXT, namespace: 'default' },
      },
    ],
    'current-context': KUBECONFIG_CONTEXT,
  });
}

export function createKubeconfigDownload({
  kube,
  db,
  config,
}: {
  kube: Pick<KubeConnection, 'kubeConfig'>;
  db: Db;
  config: Pick<Config, 'publicUrl' | 'basePath'>;
}): RequestHandler {
  if (!kube.kubeConfig) return kubeconfigDownload;
  const tokens = createApiTokenStore(db);
  return async (req, res) => {
    if (!req.user) {
      res.status(401).json(apiError('HTTP401', SIGN_IN_MESSAGE));
      return;
    }
    // A GET that creates a token: a link on another site must not make a signed-in browser do it.
    if (req.user.via === 'session' && CROSS_SITE.has(req.get('sec-fetch-site') ?? '')) {
      res.status(403).json(apiError('HTTP403', 'Download the kubeconfig from the console itself.'));
      return;
    }
    const { token } = await tokens.create(req.user.id, kubeconfigTokenName(new Date()));
    const server = `${consoleUrl(req, config)}api/kubeproxy`;
    res.setHeader('Content-Type', 'application/yaml; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="kubeconfig.yaml"');
    res.send(kubeconfigYaml(server, token));
  };
}
