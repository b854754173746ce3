import { useId, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Content,
  FormGroup,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Stack,
  StackItem,
  Tab,
  Tabs,
  TabTitleText,
} from '@patternfly/react-core';
import { CodeViewer } from '../../components/CodeViewer/index.js';
import { CopyableText, CopyButton } from '../../components/CopyButton/index.js';
import { agentFluxManifests, agentHelmCommand, consoleUrl } from './install-snippets.js';

/** Spec 1 §8. */
export const ACCESS_TOKEN_NOTE =
  'Access token will be shown only once. Please copy it and store it securely.';
export const INSTALL_TITLE = 'Installation Instructions';

export interface InstallAgentDialogProps {
  agentName: string;
  accessToken: string;
  onClose: () => void;
}

/**
 * The Installation Instructions (spec 1 §2, §4) after an agent is created or given a new token:
 * the access token, shown this once, and how to install the agent with Flux or the Helm CLI.
 */
export function InstallAgentDialog({ agentName, accessToken, onClose }: InstallAgentDialogProps) {
  const titleId = useId();
  const tokenId = useId();
  const [tab, setTab] = useState<'flux' | 'helm'>('flux');
  const install = useMemo(
    () => ({ agentName, accessToken, upstreamUrl: consoleUrl() }),
    [agentName, accessToken],
  );

  return (
    <Modal variant="medium" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={INSTALL_TITLE} labelId={titleId} description={`Agent ${agentName}`} />
      <ModalBody>
        <Stack hasGutter>
          <StackItem>
            <Alert variant="warning" isInline title={ACCESS_TOKEN_NOTE} />
          </StackItem>
          <StackItem>
            <FormGroup label="Access token" fieldId={tokenId}>
              <CopyableText id={tokenId} value={accessToken} copyLabel="Copy access token" />
            </FormGroup>
          </StackItem>
          <StackItem>
            <Content component="p">
              Install the agent in the cluster it watches; it reports to this console as {agentName}.
            </Content>
          </StackItem>
          <StackItem>
            <Tabs
              activeKey={tab}
              onSelect={(_event, key) => setTab(key === 'helm' ? 'helm' : 'flux')}
              aria-label="Installation method"
            >
              <Tab eventKey="flux" title={<TabTitleText>Flux</TabTitleText>}>
                <CodeViewer
                  aria-label="Flux manifests"
                  language="yaml"
                  height="medium"
                  value={agentFluxManifests(install)}
                  copyButton={(text) => <CopyButton text={text} label="Copy Flux manifests" />}
                />
              </Tab>
              <Tab eventKey="helm" title={<TabTitleText>Helm CLI</TabTitleText>}>
                <CodeViewer
                  aria-label="Helm CLI command"
                  height="small"
                  value={agentHelmCommand(install)}
                  copyButton={(text) => <CopyButton text={text} label="Copy Helm CLI command" />}
                />
              </Tab>
            </Tabs>
          </StackItem>
        </Stack>
      </ModalBody>
      <ModalFooter>
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      </ModalFooter>
    </Modal>
  );
}
