import { Link } from 'react-router';
import { Alert, List, ListItem, Skeleton, Title } from '@patternfly/react-core';
import type { ApiError } from '../../../api/index.js';
import type { RelatedComponent, RelatedConfig } from './check-api.js';

export interface RelationshipsTabProps {
  configs: RelatedConfig[];
  components: RelatedComponent[];
  isLoading: boolean;
  error: ApiError | undefined;
}

interface Related {
  id: string;
  name: string;
  type: string | null;
}

function RelatedList({ title, items, path }: { title: string; items: Related[]; path: string }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title} className="pf-v6-u-mb-md">
      <Title headingLevel="h3" size="md">
        {title}
      </Title>
      <List isPlain>
        {items.map((item) => (
          <ListItem key={item.id}>
            <Link to={`${path}/${item.id}`}>{item.name}</Link>
            {item.type && <span className="pf-v6-u-text-color-subtle"> ({item.type})</span>}
          </ListItem>
        ))}
      </List>
    </section>
  );
}

/** The count the Relationships tab's badge shows: linked configs plus components. */
export const relationshipCount = (configs: RelatedConfig[], components: RelatedComponent[]) =>
  configs.filter((row) => row.config).length + components.filter((row) => row.component).length;

/** The configs (to /catalog/{id}) and components (to /topology/{id}) the check is linked to. */
export function RelationshipsTab({ configs, components, isLoading, error }: RelationshipsTabProps) {
  if (error) return <Alert variant="danger" isInline isPlain title={error.message} />;
  if (isLoading) return <Skeleton screenreaderText="Loading relationships" />;
  const configItems = configs.flatMap((row) => (row.config ? [row.config] : []));
  const componentItems = components.flatMap((row) => (row.component ? [row.component] : []));
  if (configItems.length + componentItems.length === 0) return <p>No data available</p>;
  return (
    <>
      <RelatedList title="Configs" items={configItems} path="/catalog" />
      <RelatedList title="Components" items={componentItems} path="/topology" />
    </>
  );
}
