import type { RequestHandler } from 'express';
import { apiError } from '../http/errors.js';

/**
 * GET /api/kubeconfig. A kubeconfig points kubectl at the console's Kubernetes proxy; with no
 * cluster connection configured there is nothing it could reach, so the answer says so.
 */
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
