import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
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
import { PageHeader } from '../../shell/page-header.js';
import { ComponentSelect } from './ComponentSelect.js';
import { LogSearchInput } from './LogSearchInput.js';
import { LogsTable } from './LogsTable.js';
import { useLogComponents, useLogSearch, type LogSearch } from './logs-api.js';
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
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => logsParams(searchParams), [searchParams]);
  const components = useLogComponents();
  const component = components.data?.find((candidate) => candidate.id === params.componentId);
  const selectors = component?.log_selectors ?? [];
  const firstSelector = selectors[0]?.name;
  const selector = params.selector ?? firstSelector;

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) =>
      void setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          change(next);
          return next;
        },
        { replace },
      ),
    [setSearchParams],
  );

  // A component chosen without a selector gets its first one, written in the link as well.
  useEffect(() => {
    if (params.componentId && !params.selector && firstSelector) {
      update((next) => setSelectorParam(next, firstSelector), true);
    }
  }, [params.componentId, params.selector, firstSelector, update]);

  // Without a selector (a component the list does not hold) the server takes the first, or says why not.
  const search: LogSearch | null =
    params.componentId && (selector || !components.isLoading)
      ? { componentId: params.componentId, selector, query: params.query, range: params.range }
      : null;
  const logs = useLogSearch(search);

  const selectorNames = selectors.map((entry) => entry.name);
  if (params.selector && !selectorNames.includes(params.selector)) selectorNames.push(params.selector);

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
