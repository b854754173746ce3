import { Link } from 'react-router';
import { DescriptionList, Label, LabelGroup } from '@patternfly/react-core';
import { Age } from '../../../components/Age/index.js';
import { useLinkedAgent } from '../../../components/LinkedNote/index.js';
import { HealthLabel } from '../../../components/HealthLabel/index.js';
import type { ComponentProperty, TopologyComponent } from '../types.js';
import { topologySettingsPath } from '../links.js';
import { formatProperty } from '../format-property.js';
import { isSafeLink, visibleProperties } from './properties.js';
import { DetailField, type DetailFieldProps } from '../../../components/DetailField/index.js';

const Field = (props: Omit<DetailFieldProps, 'empty'>) => <DetailField {...props} empty="hidden" />;

function PropertyValue({ property }: { property: ComponentProperty }) {
  const links = (property.links ?? []).filter((link) => isSafeLink(link.url));
  const label = (link: (typeof links)[number]) => link.label || link.text || link.url;
  const { text, detail } = formatProperty(property);
  // A link labelled as the property's text stands for it; the text is not said twice.
  const shownText = links.some((link) => label(link) === text) ? '' : (detail ?? text);
  return (
    <>
      {shownText}
      {links.map((link) => (
        <div key={link.url}>
          <a href={link.url} target="_blank" rel="noreferrer" title={link.tooltip}>
            {label(link)}
          </a>
        </div>
      ))}
    </>
  );
}

/** The component's own fields (spec 3 §3), its properties and where its topology is set up. */
export function DetailsSection({ component }: { component: TopologyComponent }) {
  const labels = Object.entries(component.labels ?? {});
  const health = component.health ?? component.status;
  // The panel's note reads the agent's name; this shares that read.
  const agent = useLinkedAgent(component);
  return (
    <DescriptionList isCompact isHorizontal aria-label="Component details">
      <Field term="Name">{component.title || component.name}</Field>
      <Field term="Type">{component.type}</Field>
      <Field term="Health">
        <HealthLabel status={health} isCompact />
        {component.health && component.status !== component.health && (
          <>
            {' '}
            <HealthLabel status={component.status} isCompact />
          </>
        )}
      </Field>
      <Field term="Status reason">{component.status_reason}</Field>
      <Field term="Description">{component.description}</Field>
      <Field term="Labels">
        {labels.length > 0 && (
          <LabelGroup numLabels={10}>
            {labels.map(([key, value]) => (
              <Label key={key} isCompact>
                {key}: {value}
              </Label>
            ))}
          </LabelGroup>
        )}
      </Field>
      {visibleProperties(component.properties).map((property) => (
        <Field key={property.name} term={property.label || property.name}>
          <PropertyValue property={property} />
        </Field>
      ))}
      <Field term="Owner">{component.owner}</Field>
      <Field term="Namespace">{component.namespace}</Field>
      <Field term="External ID">{component.external_id}</Field>
      <Field term="Agent">{agent ? agent.name : 'local'}</Field>
      <Field term="Updated">
        <Age from={component.updated_at} />
      </Field>
      <Field term="Created">
        <Age from={component.created_at} />
      </Field>
      <Field term="Topology">
        {component.topology_id && (
          <Link to={topologySettingsPath(component.topology_id)}>Topology settings</Link>
        )}
      </Field>
    </DescriptionList>
  );
}
