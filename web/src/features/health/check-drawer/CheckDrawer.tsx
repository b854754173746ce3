import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Flex,
  FlexItem,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Skeleton,
  Stack,
  StackItem,
  Tab,
  Tabs,
  TabTitleText,
} from '@patternfly/react-core';
import { CodeViewer } from '../../../components/CodeViewer/index.js';
import { CopyButton } from '../../../components/CopyButton/index.js';
import { HealthLabel } from '../../../components/HealthLabel/index.js';
import { errorMessage, useLiveVersion } from '../../../api/index.js';
import { CHECK_EVENTS, isAboutCheck } from '../check-events.js';
import { rangeStart } from './check-api.js';
import { CheckActions } from './CheckActions.js';
import { CheckIcon } from './CheckIcon.js';
import { CheckLabels } from './CheckLabels.js';
import { CheckStats } from './CheckStats.js';
import { HealthOverview } from './HealthOverview.js';
import { HistoryTab } from './HistoryTab.js';
import { relationshipCount, RelationshipsTab } from './RelationshipsTab.js';
import { useCheckData } from './use-check-data.js';
import { useShortScreen } from './use-short-screen.js';
import './CheckDrawer.css';

export interface CheckDrawerProps {
  checkId: string;
  /** The dashboard's range, e.g. '1h', '2d'. */
  timeRange: string;
  /** Bumped by the dashboard to reload; the drawer reloads with it. */
  refreshKey: number;
  onClose: () => void;
  /** After Run Now succeeded: the dashboard bumps its refresh counter (spec 1 §4). */
  onRan: () => void;
}

type TabKey = 'history' | 'graph' | 'spec' | 'relationships';

/**
 * The check detail drawer (spec 1 §2): a full-screen panel with the check's header, labels,
 * figures, Health Overview chart, tabs History, Graph (short screens only), Spec and
 * Relationships, and the actions Edit, Run Now, Playbooks and Attach as Evidence.
 */
export function CheckDrawer({ checkId, timeRange, refreshKey, onClose, onRan }: CheckDrawerProps) {
  const boxId = useId();
  const titleId = useId();
  const [runs, setRuns] = useState(0);
  // The check's live events (or polling while the stream is down) reload the whole drawer.
  const live = useLiveVersion(CHECK_EVENTS, { matches: isAboutCheck(checkId) });
  // One counter for the dashboard's refreshes, this drawer's runs and live changes: a run that
  // bumps both the dashboard's and the drawer's reloads once.
  const version = refreshKey + runs + live;
  const data = useCheckData(checkId, timeRange, version);
  // A new version starts the range anew at the current time.
  const since = useMemo(() => rangeStart(timeRange).toISOString(), [timeRange, version]);
  const shortScreen = useShortScreen();
  const [tab, setTab] = useState<TabKey>('history');
  const activeTab = tab === 'graph' && !shortScreen ? 'history' : tab;

  const ran = () => {
    setRuns((count) => count + 1);
    onRan();
  };
  // A dialog opened from the drawer (Attach as Evidence) or an open menu takes Escape for itself.
  const onEscapePress = (event: KeyboardEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const dialog = target?.closest('[role="dialog"]');
    if (dialog && dialog.id !== boxId) return;
    if (target?.closest('[role="menu"], [role="listbox"], [aria-expanded="true"]')) return;
    onClose();
  };

  const { check } = data;
  let title: ReactNode = 'Check';
  let body: ReactNode;
  if (data.isLoading && check === undefined) {
    title = <Skeleton width="16rem" screenreaderText="Loading check" />;
    body = <Skeleton height="12rem" />;
  } else if (data.checkError && check === undefined) {
    body = (
      <Alert variant="danger" isInline title="Something went wrong">
        {errorMessage(data.checkError)}
      </Alert>
    );
  } else if (!check) {
    body = <Alert variant="warning" isInline isPlain title="Check not found" />;
  } else {
    const status = data.summary?.status ?? check.status;
    title = (
      <Flex spaceItems={{ default: 'spaceItemsSm' }} alignItems={{ default: 'alignItemsCenter' }}>
        <FlexItem>
          <CheckIcon icon={check.icon} type={check.type} />
        </FlexItem>
        <FlexItem>{check.name}</FlexItem>
        {status && (
          <FlexItem>
            <HealthLabel status={status} isCompact />
          </FlexItem>
        )}
      </Flex>
    );
    const relations = relationshipCount(data.configs, data.components);
    const chart = <HealthOverview checkId={check.id} since={since} />;
    body = (
      <Stack hasGutter>
        <StackItem>
          <CheckLabels labels={check.labels} />
        </StackItem>
        {data.summaryError && (
          <StackItem>
            <Alert variant="danger" isInline isPlain title={errorMessage(data.summaryError)} />
          </StackItem>
        )}
        <StackItem>
          <CheckStats check={check} summary={data.summary} isLoading={data.summaryLoading} />
        </StackItem>
        {!shortScreen && <StackItem>{chart}</StackItem>}
        <StackItem isFilled>
          <Tabs
            activeKey={activeTab}
            onSelect={(_event, key) => setTab(key as TabKey)}
            aria-label="Check details"
            mountOnEnter
          >
            <Tab eventKey="history" title={<TabTitleText>History</TabTitleText>}>
              <HistoryTab checkId={check.id} since={since} />
            </Tab>
            {shortScreen ? (
              <Tab eventKey="graph" title={<TabTitleText>Graph</TabTitleText>}>
                <div className="pf-v6-u-pt-md">{chart}</div>
              </Tab>
            ) : null}
            <Tab eventKey="spec" title={<TabTitleText>Spec</TabTitleText>}>
              <div className="pf-v6-u-pt-md">
                <CodeViewer
                  value={check.spec ?? {}}
                  language="yaml"
                  aria-label="Check spec"
                  copyButton={(text) => <CopyButton text={text} />}
                />
              </div>
            </Tab>
            <Tab
              eventKey="relationships"
              title={
                <TabTitleText>
                  Relationships <Badge isRead>{relations}</Badge>
                </TabTitleText>
              }
            >
              <div className="pf-v6-u-pt-md">
                <RelationshipsTab
                  configs={data.configs}
                  components={data.components}
                  isLoading={data.relationsLoading}
                  error={data.relationsError}
                />
              </div>
            </Tab>
          </Tabs>
        </StackItem>
      </Stack>
    );
  }

  return (
    <Modal
      id={boxId}
      isOpen
      onClose={onClose}
      onEscapePress={onEscapePress}
      className="ops-check-drawer"
      aria-labelledby={titleId}
    >
      <ModalHeader title={title} labelId={titleId} description={check?.endpoint ?? undefined} />
      <ModalBody>{body}</ModalBody>
      {check && (
        <ModalFooter>
          <CheckActions check={check} since={since} onRan={ran} />
        </ModalFooter>
      )}
    </Modal>
  );
}
