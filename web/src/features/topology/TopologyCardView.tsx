import { useParams, useSearchParams } from 'react-router';
import { Bullseye, Skeleton, Title } from '@patternfly/react-core';
import { LoadError } from '../../components/LoadError/index.js';
import { PageHeader } from '../../shell/page-header.js';
import { ScreenMessage } from '../../shell/screens/ScreenMessage.js';
import { DEFAULT_CARD_WIDTH, parseCardWidth } from './card-width.js';
import { usePublicComponent } from './topology-api.js';
import { TopologyCard } from './TopologyCard.js';
import './topology.css';

export const COMPONENT_NOT_FOUND = 'Component not found';

/**
 * /view/topology/{id} (spec 3 §2.2): the component's card alone, read-only, for embedding; the
 * `size` parameter takes a size name (small, medium, large, extra_large) or a width in pixels.
 * It renders without the console's chrome and does not wait for the feature flags.
 */
export function TopologyCardView() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const width = parseCardWidth(search.get('size')) ?? DEFAULT_CARD_WIDTH;
  const { data, error, isLoading } = usePublicComponent(id);
  const component = data?.components.find((c) => c.id === id) ?? data?.components[0];

  let content;
  if (isLoading)
    content = <Skeleton width={`${width}px`} height="9rem" screenreaderText="Loading component" />;
  else if (component) content = <TopologyCard component={component} width={width} readOnly />;
  else if (error && error.status !== 404 && error.status !== 400) content = <LoadError error={error} />;
  else content = <ScreenMessage title={COMPONENT_NOT_FOUND} />;

  return (
    <main className="pf-v6-u-p-md">
      <PageHeader title={component?.name ?? 'Topology'} />
      <Title headingLevel="h1" className="pf-v6-screen-reader">
        Topology
      </Title>
      <Bullseye>{content}</Bullseye>
    </main>
  );
}
