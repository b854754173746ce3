import { useState, type ReactNode } from 'react';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionToggle,
  Button,
  Flex,
  FlexItem,
  Title,
} from '@patternfly/react-core';
import { AngleDoubleLeftIcon, AngleDoubleRightIcon } from '@patternfly/react-icons';
import { isFeatureEnabled, useWhoami } from '../../../api/index.js';
import { LinkedAgentNote } from '../../../components/LinkedNote/index.js';
import { ComponentActionsMenu } from '../actions/ComponentActionsMenu.js';
import type { TopologyComponent } from '../types.js';
import { CatalogSection } from './CatalogSection.js';
import { ChangesSection } from './ChangesSection.js';
import { ChecksSection } from './ChecksSection.js';
import { DetailsSection } from './DetailsSection.js';
import { IncidentsSection } from './IncidentsSection.js';
import { InsightsSection } from './InsightsSection.js';
import { PlaybooksSection } from './PlaybooksSection.js';
import { TeamsSection } from './TeamsSection.js';
import './TopologyDetailPanel.css';

export interface TopologyDetailPanelProps {
  /** The component of /topology/{id}, as the topology endpoint answered it. */
  component: TopologyComponent;
  /** Starts collapsed (the page may remember how it was left). */
  defaultCollapsed?: boolean;
  /** Told when the panel is collapsed or expanded, so the page can give the cards the room. */
  onCollapsedChange?: (collapsed: boolean) => void;
}

type Section =
  'details' | 'catalog' | 'incidents' | 'changes' | 'checks' | 'playbooks' | 'teams' | 'insights';

interface SectionDefinition {
  key: Section;
  title: string;
  body: (component: TopologyComponent) => ReactNode;
}

/** Spec 3 §2.2's sections in their order. */
const SECTIONS: SectionDefinition[] = [
  { key: 'details', title: 'Details', body: (component) => <DetailsSection component={component} /> },
  { key: 'catalog', title: 'Catalog', body: (component) => <CatalogSection component={component} /> },
  { key: 'incidents', title: 'Incidents', body: (component) => <IncidentsSection component={component} /> },
  { key: 'changes', title: 'Changes', body: (component) => <ChangesSection component={component} /> },
  { key: 'checks', title: 'Checks', body: (component) => <ChecksSection component={component} /> },
  { key: 'playbooks', title: 'Playbooks', body: (component) => <PlaybooksSection component={component} /> },
  { key: 'teams', title: 'Teams', body: (component) => <TeamsSection component={component} /> },
  { key: 'insights', title: 'Insights', body: (component) => <InsightsSection component={component} /> },
];

/**
 * The right-hand panel of /topology/{id} (spec 3 §2.2): the component's actions, the note over an
 * agent's component (read-only in the hub), and its sections, one open at a time, Details first.
 * A closed section is unmounted, so it reads nothing until opened. Incidents is left out while
 * the incidents feature is off. The panel collapses to a bar.
 */
export function TopologyDetailPanel({
  component,
  defaultCollapsed = false,
  onCollapsedChange,
}: TopologyDetailPanelProps) {
  const { data: whoami } = useWhoami();
  const [open, setOpen] = useState<Section | undefined>('details');
  const [collapsed, setCollapsed] = useState(defaultCollapsed);
  const incidentsOn = isFeatureEnabled(whoami, 'incidents');
  const sections = SECTIONS.filter((section) => section.key !== 'incidents' || incidentsOn);

  const toggleCollapsed = () => {
    setCollapsed(!collapsed);
    onCollapsedChange?.(!collapsed);
  };

  const name = component.title || component.name;
  return (
    <aside
      className={`ops-topology-panel${collapsed ? ' ops-topology-panel--collapsed' : ''}`}
      aria-label={`${name} details`}
    >
      <Flex
        className="ops-topology-panel__header"
        alignItems={{ default: 'alignItemsCenter' }}
        flexWrap={{ default: 'nowrap' }}
        spaceItems={{ default: 'spaceItemsSm' }}
      >
        <FlexItem>
          <Button
            variant="plain"
            aria-label={collapsed ? 'Expand panel' : 'Collapse panel'}
            aria-expanded={!collapsed}
            onClick={toggleCollapsed}
            icon={collapsed ? <AngleDoubleLeftIcon /> : <AngleDoubleRightIcon />}
          />
        </FlexItem>
        {!collapsed && (
          <>
            <FlexItem grow={{ default: 'grow' }} className="ops-topology-panel__title">
              <Title headingLevel="h2" size="lg">
                {name}
              </Title>
            </FlexItem>
            <FlexItem>
              <ComponentActionsMenu component={component} />
            </FlexItem>
          </>
        )}
      </Flex>
      {!collapsed && (
        <LinkedAgentNote row={component} subject="This component" className="ops-topology-panel__note" />
      )}
      {!collapsed && (
        <Accordion asDefinitionList={false} togglePosition="start" aria-label="Component sections">
          {sections.map(({ key, title, body }) => {
            const expanded = open === key;
            const toggleId = `topology-panel-${key}`;
            return (
              <AccordionItem key={key} isExpanded={expanded}>
                <AccordionToggle id={toggleId} onClick={() => setOpen(expanded ? undefined : key)}>
                  {title}
                </AccordionToggle>
                <AccordionContent role="region" aria-labelledby={toggleId}>
                  {expanded && body(component)}
                </AccordionContent>
              </AccordionItem>
            );
          })}
        </Accordion>
      )}
    </aside>
  );
}
