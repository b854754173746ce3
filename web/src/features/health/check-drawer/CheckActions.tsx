import { lazy, Suspense, useState, type AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { Button, Flex, FlexItem, Label, Tooltip } from '@patternfly/react-core';
import { linkedAgentOf, linkedReadOnly, linkedTo } from '../../../../../common/managed.js';
import { PlayIcon } from '@patternfly/react-icons';
import { Can } from '../../../components/Can/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { RunPlaybookMenu } from '../../playbooks/index.js';
import { runCheck, type CheckRow } from './check-api.js';

// The incidents area's dialog loads when first opened, outside /health's first load.
const LinkToIncidentModal = lazy(async () => ({
  default: (await import('../../incidents/index.js')).LinkToIncidentModal,
}));

export interface CheckActionsProps {
  check: CheckRow;
  /** ISO start of the range the drawer shows. */
  since: string;
  /** After Run Now succeeded. */
  onRan: () => void;
}

/** The drawer's footer: Edit, Run Now, Playbooks and Attach as Evidence, each for those allowed. */
export function CheckActions({ check, since, onRan }: CheckActionsProps) {
  const toast = useToast();
  const [running, setRunning] = useState(false);
  const [attaching, setAttaching] = useState(false);

  const runNow = async () => {
    setRunning(true);
    try {
      const { result } = await runCheck(check.id);
      const outcome = result.status ? 'healthy' : 'unhealthy';
      const detail = !result.status && result.error ? `: ${result.error}` : '';
      if (result.status) toast.success(`Check ran: ${outcome}`);
      else toast.info(`Check ran: ${outcome}${detail}`);
      onRan();
    } catch (error) {
      toast.error(error);
    } finally {
      setRunning(false);
    }
  };

  const EditAnchor = (props: AnchorHTMLAttributes<HTMLAnchorElement>) => (
    <Link {...props} to={`/settings/canaries/${check.canary_id}`} />
  );

  // An agent's canary is changed on the agent: Edit is off here, and says why.
  const agent = linkedAgentOf(check.canary);

  return (
    <Flex spaceItems={{ default: 'spaceItemsSm' }} alignItems={{ default: 'alignItemsCenter' }}>
      {/* The Edit link goes to the check's definition, which only canary writers may change. */}
      <Can resource="canaries" write>
        <FlexItem>
          {agent ? (
            <Tooltip content={linkedReadOnly('This health check', agent)}>
              <Button variant="secondary" isAriaDisabled>
                Edit
              </Button>
            </Tooltip>
          ) : (
            <Button variant="secondary" component={EditAnchor}>
              Edit
            </Button>
          )}
        </FlexItem>
      </Can>
      {agent && (
        <FlexItem>
          <Label isCompact>{linkedTo(agent)}</Label>
        </FlexItem>
      )}
      <Can do="checks.run">
        <FlexItem>
          <Button
            variant="primary"
            icon={running ? undefined : <PlayIcon />}
            isLoading={running}
            isDisabled={running}
            onClick={() => void runNow()}
          >
            Run Now
          </Button>
        </FlexItem>
      </Can>
      <Can do="playbooks.run">
        <FlexItem>
          <RunPlaybookMenu
            resource={{ check_id: check.id, name: check.name }}
            label="Playbooks"
            placement="up"
          />
        </FlexItem>
      </Can>
      <Can do="incidents.attach">
        <FlexItem>
          <Button variant="secondary" onClick={() => setAttaching(true)}>
            Attach as Evidence
          </Button>
        </FlexItem>
      </Can>
      {attaching && (
        <Suspense fallback={null}>
          <LinkToIncidentModal
            title="Attach as Evidence"
            isOpen
            evidence={{
              type: 'check',
              check_id: check.id,
              description: check.name,
              // Spec 2 §3: the check's history from the start of the range the drawer shows.
              evidence: { start: since, includeMessages: true },
            }}
            onClose={() => setAttaching(false)}
          />
        </Suspense>
      )}
    </Flex>
  );
}
