import { useState } from 'react';
import {
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
import { apiFetch } from '../api/index.js';
import { CopyButton } from '../components/CopyButton/index.js';
import { useToast } from '../components/Toasts/index.js';

export const KUBECONFIG_FILE = 'kubeconfig.yaml';
export const KUBECTL_COMMAND = `kubectl --kubeconfig ./${KUBECONFIG_FILE} get canaries -A`;
export const KUBECONFIG_DOCS_URL = 'https://docs.flanksource.com';

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
        <Content component="ol" className="ops-kubeconfig-steps">
          <Content component="li">
            <p>Download the kubeconfig file of this console.</p>
            <Button
              variant="secondary"
              icon={<DownloadIcon />}
              onClick={() => void download()}
              isLoading={downloading}
              isDisabled={downloading}
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
