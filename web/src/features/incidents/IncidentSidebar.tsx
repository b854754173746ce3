import { useState, type ReactNode } from 'react';
import { Accordion, AccordionContent, AccordionItem, AccordionToggle } from '@patternfly/react-core';
import { ChangelogPanel } from './changelog/ChangelogPanel.js';
import { DefinitionOfDonePanel } from './definition-of-done/DefinitionOfDonePanel.js';
import { DetailsPanel } from './details/DetailsPanel.js';
import type { IncidentDetail } from './incident-api.js';

type Panel = 'details' | 'definition-of-done' | 'changelog';

/**
 * The right side of the page: Details, Definition of done and Changelog, one open at a time,
 * Details first (spec 2 §2). A closed panel is unmounted, so it reads nothing until opened.
 */
export function IncidentSidebar({ incident }: { incident: IncidentDetail }) {
  const [open, setOpen] = useState<Panel | undefined>('details');
  const panel = (key: Panel, title: string, content: () => ReactNode) => {
    const expanded = open === key;
    return (
      <AccordionItem isExpanded={expanded}>
        <AccordionToggle id={`incident-panel-${key}`} onClick={() => setOpen(expanded ? undefined : key)}>
          {title}
        </AccordionToggle>
        <AccordionContent aria-labelledby={`incident-panel-${key}`}>{expanded && content()}</AccordionContent>
      </AccordionItem>
    );
  };
  return (
    <Accordion asDefinitionList={false} togglePosition="start" aria-label="Incident panels">
      {panel('details', 'Details', () => (
        <DetailsPanel incident={incident} />
      ))}
      {panel('definition-of-done', 'Definition of done', () => (
        <DefinitionOfDonePanel incident={incident} />
      ))}
      {panel('changelog', 'Changelog', () => (
        <ChangelogPanel incidentId={incident.id} />
      ))}
    </Accordion>
  );
}
