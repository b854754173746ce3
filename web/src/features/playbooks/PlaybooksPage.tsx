import { useMemo, useState, type AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';
import {
  Button,
  Card,
  CardBody,
  CardFooter,
  CardHeader,
  CardTitle,
  Flex,
  FlexItem,
  Gallery,
  PageSection,
  Title,
} from '@patternfly/react-core';
import { PlusIcon } from '@patternfly/react-icons';
import { grantOn, useCan, useDbQuery, useWhoami } from '../../api/index.js';
import { LoadError } from '../../components/LoadError/index.js';
import { PageHeader } from '../../shell/page-header.js';
import { LoadingScreen } from '../../shell/screens/LoadingScreen.js';
import { ScreenMessage } from '../../shell/screens/ScreenMessage.js';
import { RunPlaybookDialog } from './index.js';
import { PlaybookIcon, playbookTitle } from './PlaybookIcon.js';
import { playbookPath } from './playbook-kind.js';
import { RUNS_PATH } from './run-paths.js';
import { AddPlaybookModal } from './PlaybookSpecPage.js';
import { listPlaybooks, PLAYBOOKS_KEY } from './playbooks-api.js';
import type { Playbook } from './types.js';

/** Spec 3 §2.3: playbooks without a category. */
export const OTHER_CATEGORY = 'Other';
export const NO_PLAYBOOKS = 'No playbooks found';

/** The playbooks by category, categories by name with 'Other' last. */
export function groupByCategory(playbooks: readonly Playbook[]): [string, Playbook[]][] {
  const groups = new Map<string, Playbook[]>();
  for (const playbook of playbooks) {
    const category = playbook.category?.trim() || OTHER_CATEGORY;
    groups.set(category, [...(groups.get(category) ?? []), playbook]);
  }
  return [...groups.entries()].sort(
    ([a], [b]) => Number(a === OTHER_CATEGORY) - Number(b === OTHER_CATEGORY) || a.localeCompare(b),
  );
}

function RunsAnchor(props: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <Link {...props} to={RUNS_PATH} />;
}

interface CardProps {
  playbook: Playbook;
  mayRun: boolean;
  mayEdit: boolean;
  onRun: (playbook: Playbook) => void;
}

function PlaybookCard({ playbook, mayRun, mayEdit, onRun }: CardProps) {
  const title = playbookTitle(playbook);
  const titleId = `playbook-${playbook.id}`;
  return (
    <Card isCompact aria-labelledby={titleId} component="article">
      <CardHeader>
        <CardTitle id={titleId} component="h3">
          <Flex spaceItems={{ default: 'spaceItemsSm' }} flexWrap={{ default: 'nowrap' }}>
            <FlexItem>
              <PlaybookIcon icon={playbook.icon} />
            </FlexItem>
            <FlexItem>{title}</FlexItem>
          </Flex>
        </CardTitle>
      </CardHeader>
      {playbook.description && <CardBody>{playbook.description}</CardBody>}
      {(mayRun || mayEdit) && (
        <CardFooter>
          <Flex spaceItems={{ default: 'spaceItemsMd' }} alignItems={{ default: 'alignItemsCenter' }}>
            {mayRun && (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Run ${title}`}
                onClick={() => onRun(playbook)}
              >
                Run
              </Button>
            )}
            {mayEdit && (
              <Link to={playbookPath(playbook.id)} aria-label={`Edit ${title}`}>
                Edit
              </Link>
            )}
          </Flex>
        </CardFooter>
      )}
    </Card>
  );
}

/**
 * /playbooks (spec 3 §2.3): the playbooks as cards grouped by category ('Other' when none). Run,
 * Edit and Add need write on playbooks (Run also the run action the server checks).
 */
export function PlaybooksPage() {
  const mayWrite = useCan('playbooks', 'write');
  const mayStartRuns = useCan('playbooks.run');
  const { data: whoami } = useWhoami();
  // A grant of run on the playbook (or a deny) decides, as on the server; else write and the action.
  const mayRun = (playbook: Playbook) => {
    const verdict = grantOn(whoami, 'playbooks', 'run', playbook.id);
    return verdict ? verdict === 'grant' : mayWrite && mayStartRuns;
  };
  const { data, error, isLoading, mutate } = useDbQuery<Playbook[]>(PLAYBOOKS_KEY, listPlaybooks);
  const [running, setRunning] = useState<Playbook>();
  const [adding, setAdding] = useState(false);
  const groups = useMemo(() => groupByCategory(data ?? []), [data]);

  const headerActions = useMemo(
    () => (
      <Flex spaceItems={{ default: 'spaceItemsSm' }} flexWrap={{ default: 'nowrap' }}>
        <Button variant="secondary" component={RunsAnchor}>
          Runs
        </Button>
        {mayWrite && (
          <Button variant="primary" icon={<PlusIcon />} onClick={() => setAdding(true)}>
            Add Playbook
          </Button>
        )}
      </Flex>
    ),
    [mayWrite],
  );

  let body;
  if (isLoading) body = <LoadingScreen />;
  else if (error && !data) body = <LoadError error={error} />;
  else if (groups.length === 0) body = <ScreenMessage title={NO_PLAYBOOKS} />;
  else
    body = (
      <PageSection>
        {groups.map(([category, playbooks]) => (
          <section key={category} aria-label={category} className="pf-v6-u-mb-lg">
            <Title headingLevel="h2" className="pf-v6-u-mb-md">
              {category}
            </Title>
            <Gallery hasGutter minWidths={{ default: '258px' }}>
              {playbooks.map((playbook) => (
                <PlaybookCard
                  key={playbook.id}
                  playbook={playbook}
                  mayRun={mayRun(playbook)}
                  mayEdit={mayWrite}
                  onRun={setRunning}
                />
              ))}
            </Gallery>
          </section>
        ))}
      </PageSection>
    );

  return (
    <>
      <PageHeader title="Playbooks" actions={headerActions} onRefresh={() => void mutate()} />
      {body}
      {running && <RunPlaybookDialog playbook={running} onClose={() => setRunning(undefined)} />}
      {adding && <AddPlaybookModal onClose={() => setAdding(false)} />}
    </>
  );
}
