import { useState } from 'react';
import {
  Alert,
  Button,
  CodeBlock,
  CodeBlockAction,
  CodeBlockCode,
  Content,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
} from '@patternfly/react-core';
import { DownloadIcon, ExternalLinkAltIcon } from '@patternfly/react-icons';
import type { ClusterStatus } from '../../../server/src/kube/types.js';
import { apiFetch, useApi } from '../api/index.js';
import { CopyButton } from '../components/CopyButton/index.js';
import { useToast } from '../components/Toasts/index.js';

export const KUBECONFIG_FILE = 'kubeconfig.yaml';
export const KUBECTL_COMMAND = `kubectl --kubeconfig ./${KUBECONFIG_FILE} get canaries -A`;
export const KUBECONFIG_DOCS_URL = 'https://docs.flanksource.com';
export const NO_CLUSTER_NOTE = 'No Kubernetes cluster is configured, so there is no kubeconfig to download.';
export const PLAIN_HTTP_NOTE =
  'kubectl sends its token only over HTTPS: open the console at its HTTPS address (an ingress with TLS) and download the kubeconfig there.';

/** Hands a fetched file to the browser as a download. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL is not needed after this tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Step 1: download a kubeconfig from the console; step 2: use it with kubectl (spec 1 §1). */
export function KubeconfigDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const { data: cluster } = useApi<ClusterStatus>(isOpen ? 'api/kube/status' : null, {
    shouldRetryOnError: false,
  });
  const noCluster = cluster?.configured === false;
  // The kubeconfig's server is this console's address: over plain HTTP client-go withholds the token.
  const plainHttp = window.location.protocol === 'http:';

  const download = async () => {
    setDownloading(true);
    try {
      const response = await apiFetch('api/kubeconfig');
      saveFile(await response.blob(), KUBECONFIG_FILE);
    } catch (error) {
      toast.error(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal
      variant="medium"
      isOpen={isOpen}
      onClose={onClose}
      aria-labelledby="kubeconfig-dialog-title"
      aria-describedby="kubeconfig-dialog-body"
    >
      <ModalHeader title="Download kubeconfig" labelId="kubeconfig-dialog-title" />
      <ModalBody id="kubeconfig-dialog-body">
        {noCluster && (
          <Alert variant="info" isInline isPlain title={NO_CLUSTER_NOTE} className="pf-v6-u-mb-md" />
        )}
        {!noCluster && plainHttp && (
          <Alert variant="warning" isInline title="This console is open over HTTP" className="pf-v6-u-mb-md">
            {PLAIN_HTTP_NOTE}
          </Alert>
        )}
        <Content component="ol" className="ops-kubeconfig-steps">
          <Content component="li">
            <p>Download the kubeconfig file of this console.</p>
            <Button
              variant="secondary"
              icon={<DownloadIcon />}
              onClick={() => void download()}
              isLoading={downloading}
              isDisabled={downloading || noCluster}
            >
              Download {KUBECONFIG_FILE}
            </Button>
          </Content>
          <Content component="li">
            <p>Apply it with kubectl, for example to list the health checks (canaries):</p>
            <CodeBlock
              actions={
                <CodeBlockAction>
                  <CopyButton text={KUBECTL_COMMAND} label="Copy command" />
                </CodeBlockAction>
              }
            >
              <CodeBlockCode>{KUBECTL_COMMAND}</CodeBlockCode>
            </CodeBlock>
          </Content>
        </Content>
      </ModalBody>
      <ModalFooter>
        <Button
          variant="link"
          component="a"
          href={KUBECONFIG_DOCS_URL}
          target="_blank"
          rel="noopener noreferrer"
          icon={<ExternalLinkAltIcon />}
          iconPosition="end"
        >
          Learn more
        </Button>
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      </ModalFooter>
    </Modal>
  );
}
