import { useSearchParamsUpdate } from '../../lib/use-search-params-update.js';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  Flex,
  FormSelect,
  FormSelectOption,
  Spinner,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { errorMessage } from '../../api/index.js';
import { TimeRangePicker } from '../../components/TimeRangePicker/index.js';
import { prefetchRestStyles } from '../../lib/rest-styles.js';
import { PageHeader } from '../../shell/page-header.js';
import { ComponentSelect } from './ComponentSelect.js';
import { LogSearchInput } from './LogSearchInput.js';
import { LogsTable } from './LogsTable.js';
import { searchOf, useLogComponents, useLogSearch } from './logs-api.js';
import {
  logsParams,
  setComponentParam,
  setQueryParam,
  setRangeParams,
  setSelectorParam,
} from './logs-params.js';

export const NO_MATCHING_LOGS = 'There are no logs matching the search query';
export const NO_COMPONENT_CHOSEN = 'Please select a component to view the logs';

const title = <Link to="/logs">Logs</Link>;

/**
 * /logs (spec 2 §2): a component's lines from the backend its chosen log selector names, newest
 * first, searched by text within a time range. Every choice lives in the query string, so a link
 * shares the view and back and forward step through the choices.
 */
export function LogsPage() {
  const [searchParams, update] = useSearchParamsUpdate();
  const params = useMemo(() => logsParams(searchParams), [searchParams]);
  const components = useLogComponents();
  const component = components.data?.find((candidate) => candidate.id === params.componentId);
  const selectors = component?.log_selectors ?? [];
  const firstSelector = selectors[0]?.name;
  const selector = params.selector ?? firstSelector;

  // The URL names a selector only once one is chosen: without one the server searches the
  // component's first, which the dropdown shows chosen. So the search starts from the URL alone,
  // before the component list is in, and a topology card's link is the search the route started.
  const search = useMemo(() => searchOf(params), [params]);
  const logs = useLogSearch(search);

  const selectorNames = selectors.map((entry) => entry.name);
  if (params.selector && !selectorNames.includes(params.selector)) selectorNames.push(params.selector);

  // The first screen is up once its search has answered (or there is none): the other pages' styles now.
  const firstScreenShown = !search || !logs.isLoading;
  useEffect(() => {
    if (firstScreenShown) prefetchRestStyles();
  }, [firstScreenShown]);

  let placeholder: ReactNode;
  if (!params.componentId) placeholder = NO_COMPONENT_CHOSEN;
  else if (logs.lines.length > 0 || logs.error) placeholder = undefined;
  else if (!search || logs.isLoading) placeholder = <Spinner size="lg" aria-label="Loading logs" />;
  else placeholder = NO_MATCHING_LOGS;

  return (
    <>
      <PageHeader title={title} />
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem style={{ minWidth: '18rem' }}>
            <ComponentSelect
              components={components.data}
              isLoading={components.isLoading}
              selectedId={params.componentId}
              onChange={(id) => update((next) => setComponentParam(next, id))}
            />
          </ToolbarItem>
          <ToolbarItem>
            <FormSelect
              aria-label="Log selector"
              value={selector ?? ''}
              isDisabled={selectorNames.length === 0}
              onChange={(_event, name) => name !== selector && update((next) => setSelectorParam(next, name))}
            >
              {selectorNames.length === 0 && <FormSelectOption value="" label="No logs" isPlaceholder />}
              {selectorNames.map((name) => (
                <FormSelectOption key={name} value={name} label={name} />
              ))}
            </FormSelect>
          </ToolbarItem>
          <ToolbarItem style={{ minWidth: '16rem' }}>
            <LogSearchInput
              value={params.query}
              onChange={(text) => update((next) => setQueryParam(next, text))}
            />
          </ToolbarItem>
          <ToolbarItem>
            <TimeRangePicker
              value={params.range}
              onChange={(range) => update((next) => setRangeParams(next, range))}
            />
          </ToolbarItem>
        </ToolbarContent>
      </Toolbar>
      {components.error && <Alert variant="danger" isInline isPlain title={errorMessage(components.error)} />}
      {logs.error && <Alert variant="danger" isInline title={errorMessage(logs.error)} />}
      <LogsTable lines={logs.lines} placeholder={placeholder} />
      {logs.hasMore && (
        <Flex justifyContent={{ default: 'justifyContentCenter' }} className="pf-v6-u-mt-md">
          <Button
            variant="secondary"
            onClick={logs.loadMore}
            isLoading={logs.isLoadingMore}
            isDisabled={logs.isLoadingMore}
          >
            Load older
          </Button>
        </Flex>
      )}
    </>
  );
}
