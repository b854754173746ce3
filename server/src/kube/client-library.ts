import type * as ClientNode from '@kubernetes/client-node';

let library: typeof ClientNode | undefined;

/**
 * Loads @kubernetes/client-node, once a cluster is configured: the library alone holds about
 * 25 MB of heap, which a console without a cluster has no use for (docs/memory.md).
 */
export async function loadKubeClient(): Promise<void> {
  library ??= await import('@kubernetes/client-node');
}

/** The library loaded by loadKubeClient(): everything that talks to a cluster runs after it. */
export function kubeClient(): typeof ClientNode {
  if (!library) throw new Error('the Kubernetes client library is not loaded (loadKubeClient)');
  return library;
}
