import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert, PageSection, Skeleton } from '@patternfly/react-core';
import { LoadError } from '../../components/LoadError/index.js';
import { prefetchRestStyles, withRestStyles } from '../../lib/rest-styles.js';
import { PageHeader } from '../../shell/page-header.js';
import { ScreenMessage } from '../../shell/screens/ScreenMessage.js';
import { useCardWidth } from './card-width.js';
import { ProgressiveCards } from './ProgressiveCards.js';
import { chooseSort, readSort, sortChoices, sortComponents, type SortState } from './sorting.js';
import { labelChoices, pageQuery, useAgentNames, useComponentLabels, useTopology } from './topology-api.js';
import { readFilters, writeFilters, zoomInPath, type FilterChange } from './topology-params.js';

/**
 * The panel of /topology/{id}: its sections and their lists are not the front page's to load,
 * nor their styles (lib/rest-styles.ts).
 */
const TopologyDetailPanel = lazy(
  withRestStyles(async () => ({
    default: (await import('./panel/TopologyDetailPanel.js')).TopologyDetailPanel,
  })),
);
import { TopologyBreadcrumb } from './TopologyBreadcrumb.js';
import { TopologyCard } from './TopologyCard.js';
import { TopologyToolbar, type FilterChoices } from './TopologyToolbar.js';
import type { TopologyComponent, TopologyResponse } from './types.js';
import './topology.css';

export const NO_COMPONENTS = 'There are no components matching this criteria';
export const MULTIPLE_COMPONENTS = 'Response has multiple components for the id.';

interface PageContent {
  /** The component of /topology/{id}: the panel's subject. */
  subject?: TopologyComponent;
  cards: TopologyComponent[];
  multiple: boolean;
}

/**
 * The cards of an answer: the roots; for an id, the component's children (the component itself
 * when it has none); flattened, every component the answer lists but the subject.
 */
export function pageContent(
  response: TopologyResponse | undefined,
  id: string | undefined,
  flat: boolean,
): PageContent {
  const components = response?.components ?? [];
  if (!id) return { cards: components, multiple: false };
  const subject = components.find((c) => c.id === id);
  if (flat) return { subject, cards: components.filter((c) => c.id !== id), multiple: false };
  const children = (subject?.components ?? []).filter((c) => c.id !== id && (c.name || c.title));
  return {
    subject,
    cards: children.length > 0 ? children : subject ? [subject] : [],
    multiple: components.length > 1,
  };
}

function CardsSkeleton({ width }: { width: number }) {
  return (
    <div className="ops-topology-cards" aria-busy="true">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} style={{ width, maxWidth: '100%' }}>
          <Skeleton
            className="ops-topology-card-skeleton"
            height="9rem"
            screenreaderText={i === 0 ? 'Loading components' : undefined}
          />
        </div>
      ))}
    </div>
  );
}

/**
 * /topology and /topology/{id} (spec 3 §2.2): the component cards under the filters of the URL,
 * sorted, sized by the saved card width; with an id, the breadcrumb of its ancestors and the
 * component's detail panel on the right.
 */
export function TopologyPage() {
  const { id } = useParams();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => readFilters(search), [search]);
  const refererId = search.get('refererId') ?? undefined;
  const query = useMemo(() => pageQuery(id, search), [id, search]);
  const topology = useTopology(query);
  const agents = useAgentNames();
  const labels = useComponentLabels();
  const [cardWidth, setCardWidth] = useCardWidth();

  const response = topology.data;
  // The first screen is up once its cards (or its error) are: the other pages' styles now.
  const firstScreenShown = response !== undefined || topology.error !== undefined;
  useEffect(() => {
    if (firstScreenShown) prefetchRestStyles();
  }, [firstScreenShown]);
  const content = useMemo(() => pageContent(response, id, filters.flatten), [response, id, filters.flatten]);
  const { cards, multiple } = content;
  // A flat list of a type need not hold the component itself: the panel reads it alone then.
  const ownRead = useTopology(id && response && !content.subject ? { id, depth: '1' } : null);
  const subject = content.subject ?? ownRead.data?.components.find((c) => c.id === id);
  const sort = readSort(search);
  const sorted = useMemo(
    () => sortComponents(cards, sort.sortBy, sort.sortOrder),
    [cards, sort.sortBy, sort.sortOrder],
  );
  const choices: FilterChoices = useMemo(
    () => ({
      statuses: response?.healthStatuses ?? [],
      types: response?.types ?? [],
      teams: response?.teams ?? [],
      labels: labelChoices(response?.tags, labels.data),
      agents: agents.data ?? [],
    }),
    [response, labels.data, agents.data],
  );

  const changeFilters = useCallback(
    (change: FilterChange) => setSearch((current) => writeFilters(current, change)),
    [setSearch],
  );
  const changeSort = useCallback(
    (next: SortState) => setSearch((current) => chooseSort(current, next), { replace: true }),
    [setSearch],
  );
  const zoomTo = useCallback(
    (component: TopologyComponent) =>
      component.id === id ? undefined : zoomInPath(component.id, id, search),
    [id, search],
  );

  let body;
  if (topology.error && !response) body = <LoadError error={topology.error} />;
  else if (!response) body = <CardsSkeleton width={cardWidth} />;
  else if (sorted.length === 0) body = <ScreenMessage title={NO_COMPONENTS} />;
  else
    body = (
      <ProgressiveCards
        label="Components"
        items={sorted}
        render={(component) => (
          <TopologyCard key={component.id} component={component} width={cardWidth} zoomTo={zoomTo} />
        )}
      />
    );

  const cardsArea = (
    <div className="ops-topology-layout">
      <TopologyToolbar
        filters={filters}
        choices={choices}
        onFilterChange={changeFilters}
        sort={sort}
        sortChoices={sortChoices(cards)}
        onSortChange={changeSort}
        cardWidth={cardWidth}
        onCardWidthChange={setCardWidth}
      />
      {multiple && <Alert variant="warning" isInline isPlain title={MULTIPLE_COMPONENTS} />}
      {body}
    </div>
  );

  return (
    <>
      <PageHeader
        title={<TopologyBreadcrumb id={id} refererId={refererId} currentName={subject?.name} />}
        onRefresh={() => void topology.mutate()}
        isRefreshing={topology.isValidating}
      />
      {id && subject ? (
        <PageSection padding={{ default: 'noPadding' }} isFilled>
          <div className="ops-topology-split">
            <div className="ops-topology-split__main">{cardsArea}</div>
            {/* The panel collapses itself to a bar; the slot follows its width. */}
            <div id="topology-detail-panel" className="ops-topology-split__panel">
              <Suspense fallback={<Skeleton height="100%" screenreaderText="Loading the details" />}>
                <TopologyDetailPanel component={subject} />
              </Suspense>
            </div>
          </div>
        </PageSection>
      ) : (
        <PageSection isFilled>{cardsArea}</PageSection>
      )}
    </>
  );
}
