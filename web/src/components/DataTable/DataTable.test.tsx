import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableProps } from './DataTable.js';

interface Check {
  id: string;
  name: string;
  namespace: string;
  latency: number | null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const makeChecks = (count: number, width = 2): Check[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `c${i + 1}`,
    name: `Check ${pad(i + 1, width)}`,
    namespace: ['prod', 'dev', 'staging'][i % 3] ?? 'prod',
    latency: (i * 13) % 35,
  }));

const columns: DataTableColumn<Check>[] = [
  { id: 'name', header: 'Name', cell: (c) => c.name, sortable: true },
  { id: 'latency', header: 'Latency', cell: (c) => `${c.latency} ms`, sortable: true },
  { id: 'namespace', header: 'Namespace', cell: (c) => c.namespace },
];

function LocationSearch() {
  return <output data-testid="location-search">{useLocation().search}</output>;
}

function renderTable(props: Partial<DataTableProps<Check>> = {}, search = '') {
  const utils = render(
    <MemoryRouter initialEntries={[`/checks${search}`]}>
      <DataTable columns={columns} rows={makeChecks(35)} rowKey={(c) => c.id} ariaLabel="Checks" {...props} />
      <LocationSearch />
    </MemoryRouter>,
  );
  const params = () => new URLSearchParams(screen.getByTestId('location-search').textContent ?? '');
  return { ...utils, params, user: userEvent.setup() };
}

/** The body rows, as the text of their first data cell. */
function bodyRows() {
  const body = screen.getAllByRole('rowgroup')[1];
  if (!body) throw new Error('no table body');
  return within(body).queryAllByRole('row');
}
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('DataTable', () => {
  it('shows the columns and the first page of rows', () => {
    renderTable({ defaultPageSize: 10 });
    expect(screen.getByRole('grid', { name: 'Checks' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Latency',
      'Namespace',
    ]);
    expect(firstCells()).toHaveLength(10);
    expect(firstCells()[0]).toBe('Check 01');
  });

  it('sorts by a clicked head, asc then desc, and keeps the sort in the URL', async () => {
    const { user, params } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Latency' }));
    expect(params().get('sortBy')).toBe('latency');
    expect(params().get('sortOrder')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: 'Latency' })).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyRows()[0]).toHaveTextContent('0 ms');

    await user.click(screen.getByRole('button', { name: 'Latency' }));
    expect(params().get('sortOrder')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: 'Latency' })).toHaveAttribute('aria-sort', 'descending');
    expect(bodyRows()[0]).toHaveTextContent('34 ms');
  });

  it('uses a column sortValue for client sorting', async () => {
    const byLength: DataTableColumn<Check> = {
      id: 'size',
      header: 'Size',
      cell: (c) => c.name,
      sortable: true,
      sortValue: (c) => -Number(c.id.slice(1)),
    };
    const { user } = renderTable({ columns: [byLength], defaultPageSize: 5 });
    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(firstCells()[0]).toBe('Check 35');
  });

  it('does not offer sorting on columns that are not sortable', () => {
    renderTable();
    expect(screen.queryByRole('button', { name: 'Namespace' })).not.toBeInTheDocument();
  });

  it("pages with the buttons and shows 'Page X of Y'", async () => {
    const { user, params } = renderTable({ defaultPageSize: 10 });
    expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 4')).toBeInTheDocument();
    expect(params().get('pageIndex')).toBe('1');
    expect(firstCells()[0]).toBe('Check 11');

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(screen.getByText('Page 4 of 4')).toBeInTheDocument();
    expect(firstCells()).toEqual(['Check 31', 'Check 32', 'Check 33', 'Check 34', 'Check 35']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();
    expect(params().has('pageIndex')).toBe(false);
  });

  it('goes to a typed page, no lower than 1 and no higher than the last', async () => {
    const { user, params } = renderTable({ defaultPageSize: 10 });
    const input = screen.getByRole('spinbutton', { name: 'Go to page' });
    await user.clear(input);
    await user.type(input, '3{Enter}');
    expect(screen.getByText('Page 3 of 4')).toBeInTheDocument();
    expect(params().get('pageIndex')).toBe('2');

    await user.clear(input);
    await user.type(input, '40{Enter}');
    expect(screen.getByText('Page 4 of 4')).toBeInTheDocument();
    expect(params().get('pageIndex')).toBe('3');

    await user.clear(input);
    await user.type(input, '0{Enter}');
    expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();
    expect(input).toHaveValue(1);
  });

  it('returns to the first page when the page size changes', async () => {
    const { user, params } = renderTable({}, '?pageIndex=2&pageSize=10');
    expect(screen.getByText('Page 3 of 4')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Page size' }), '25');
    expect(params().get('pageSize')).toBe('25');
    expect(params().has('pageIndex')).toBe(false);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(firstCells()).toHaveLength(25);
  });

  it('returns to the first page when the sort changes', async () => {
    const { user, params } = renderTable({}, '?pageIndex=2&pageSize=10');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(params().has('pageIndex')).toBe(false);
    expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();
  });

  it('takes its state from the URL', () => {
    renderTable({}, '?pageIndex=2&pageSize=10&sortBy=name&sortOrder=desc');
    expect(screen.getByText('Page 3 of 4')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Page size' })).toHaveValue('10');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()[0]).toBe('Check 15');
    expect(firstCells()).toHaveLength(10);
  });

  it('applies the default sort and keeps two tables apart with a query prefix', () => {
    render(
      <MemoryRouter initialEntries={['/?pageSize=5&b.pageSize=10&b.pageIndex=1']}>
        <DataTable
          columns={columns}
          rows={makeChecks(35)}
          rowKey={(c) => c.id}
          ariaLabel="A"
          defaultSort={{ by: 'name', order: 'desc' }}
        />
        <DataTable
          columns={columns}
          rows={makeChecks(35)}
          rowKey={(c) => c.id}
          ariaLabel="B"
          queryPrefix="b."
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('Page 1 of 7')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 4')).toBeInTheDocument();
    const [first] = within(screen.getByRole('grid', { name: 'A' }))
      .getAllByRole('row')
      .slice(1);
    expect(first).toHaveTextContent('Check 35');
  });

  it('goes to the last page when the URL points past the end', () => {
    const { params } = renderTable({}, '?pageIndex=9&pageSize=10');
    expect(screen.getByText('Page 4 of 4')).toBeInTheDocument();
    expect(params().get('pageIndex')).toBe('3');
  });

  describe('server mode', () => {
    const page = makeChecks(10).reverse();

    it('shows the rows as given, with the page count from totalRows', async () => {
      const { user, params } = renderTable(
        { mode: 'server', rows: page, totalRows: 95 },
        '?pageIndex=3&pageSize=10&sortBy=name&sortOrder=asc',
      );
      expect(screen.getByText('Page 4 of 10')).toBeInTheDocument();
      expect(firstCells()).toEqual(page.map((c) => c.name));

      await user.click(screen.getByRole('button', { name: 'Name' }));
      expect(params().get('sortOrder')).toBe('desc');
      expect(firstCells()).toEqual(page.map((c) => c.name));
    });

    it("shows 'Page X' without a total and allows next while full pages come back", async () => {
      const { user, params } = renderTable({ mode: 'server', rows: page }, '?pageSize=10');
      expect(screen.getByText('Page 1')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
      await user.click(screen.getByRole('button', { name: 'Next page' }));
      expect(params().get('pageIndex')).toBe('1');
    });

    it('disables next without a total when a short page came back', () => {
      renderTable({ mode: 'server', rows: page.slice(0, 4) }, '?pageSize=10&pageIndex=2');
      expect(screen.getByText('Page 3')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    });
  });

  describe('grouping', () => {
    const groupProps: Partial<DataTableProps<Check>> = {
      rows: makeChecks(7),
      groupBy: (c) => c.namespace,
      groupLabel: (key) => `Namespace ${key}`,
    };

    it('shows one collapsed row per group with a count badge', () => {
      renderTable(groupProps);
      expect(bodyRows()).toHaveLength(3);
      expect(bodyRows()[0]).toHaveTextContent('Namespace prod3');
      expect(within(bodyRows()[0]!).getByText('3')).toBeInTheDocument();
      expect(within(bodyRows()[1]!).getByText('2')).toBeInTheDocument();
      expect(screen.queryByText('Check 01')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Toggle group prod' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    });

    it('expands and collapses a group', async () => {
      const { user } = renderTable(groupProps);
      const toggle = screen.getByRole('button', { name: 'Toggle group dev' });
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByText('Check 02')).toBeInTheDocument();
      expect(screen.getByText('Check 05')).toBeInTheDocument();
      expect(screen.queryByText('Check 01')).not.toBeInTheDocument();
      expect(bodyRows()).toHaveLength(5);

      await user.click(toggle);
      expect(screen.queryByText('Check 02')).not.toBeInTheDocument();
      expect(bodyRows()).toHaveLength(3);
    });

    it('starts with every group expanded when asked, and each still collapses', async () => {
      const { user } = renderTable({ ...groupProps, expandGroups: true });
      expect(screen.getByText('Check 01')).toBeInTheDocument();
      expect(screen.getByText('Check 02')).toBeInTheDocument();
      const toggle = screen.getByRole('button', { name: 'Toggle group dev' });
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByText('Check 02')).not.toBeInTheDocument();
      expect(screen.getByText('Check 01')).toBeInTheDocument();
    });

    it('sorts the members of a group', async () => {
      const { user } = renderTable({ ...groupProps, rows: makeChecks(7) }, '?sortBy=name&sortOrder=desc');
      await user.click(screen.getByRole('button', { name: 'Toggle group prod' }));
      expect(bodyRows()[0]).toHaveTextContent('Namespace prod');
      expect(bodyRows()[1]).toHaveTextContent('Check 07');
      expect(bodyRows()[3]).toHaveTextContent('Check 01');
    });
  });

  it("shows 'No data available' in one full-width row when empty", () => {
    renderTable({ rows: [] });
    const cell = screen.getByRole('cell', { name: 'No data available' });
    expect(cell).toHaveAttribute('colspan', '3');
    expect(bodyRows()).toHaveLength(1);
  });

  it('shows a custom empty text', () => {
    renderTable({ rows: [], emptyText: 'No checks found' });
    expect(screen.getByText('No checks found')).toBeInTheDocument();
  });

  it('shows skeleton rows and keeps the head while loading', () => {
    renderTable({ rows: [], isLoading: true });
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('No data available')).not.toBeInTheDocument();
    expect(bodyRows().length).toBeGreaterThan(0);
  });

  it('reports a clicked row and a row activated with Enter', async () => {
    const onRowClick = jest.fn<(row: Check) => void>();
    const withButton: DataTableColumn<Check>[] = [
      ...columns,
      { id: 'actions', header: 'Actions', cell: (c) => <button type="button">Run {c.name}</button> },
    ];
    const { user } = renderTable({ onRowClick, columns: withButton, defaultPageSize: 5 });
    await user.click(screen.getByText('Check 02'));
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'c2' }));

    bodyRows()[2]!.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'c3' }));
    expect(onRowClick).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Run Check 04' }));
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });

  it('rows are not focusable without onRowClick', () => {
    renderTable();
    expect(bodyRows()[0]).not.toHaveAttribute('tabindex');
  });

  describe('virtualized', () => {
    const ROWS = 10_000;
    const VIEWPORT = 450;

    // jsdom has no layout: give every element a viewport height (rows keep the 45 px estimate).
    beforeEach(() => {
      Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
        configurable: true,
        get: () => VIEWPORT,
      });
    });
    afterEach(() => {
      delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    });

    it('renders far fewer rows than it holds and reaches the end by scrolling', async () => {
      const onEndReached = jest.fn();
      renderTable({
        rows: makeChecks(ROWS, 5),
        virtualized: true,
        paginate: false,
        onEndReached,
      });
      expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
      expect(firstCells()[0]).toBe('Check 00001');
      expect(bodyRows().length).toBeGreaterThan(5);
      expect(bodyRows().length).toBeLessThan(50);
      expect(onEndReached).not.toHaveBeenCalled();

      const scroller = screen.getByRole('grid', { name: 'Checks' }).parentElement!;
      await act(async () => {
        scroller.scrollTop = ROWS * 45;
        fireEvent.scroll(scroller);
      });
      expect(screen.getByText('Check 10000')).toBeInTheDocument();
      expect(screen.queryByText('Check 00001')).not.toBeInTheDocument();
      expect(bodyRows().length).toBeLessThan(50);
      expect(onEndReached).toHaveBeenCalledTimes(1);

      // Back to the top and down again: the same rows, so no second request.
      await act(async () => {
        scroller.scrollTop = 0;
        fireEvent.scroll(scroller);
      });
      expect(screen.getByText('Check 00001')).toBeInTheDocument();
      await act(async () => {
        scroller.scrollTop = ROWS * 45;
        fireEvent.scroll(scroller);
      });
      expect(onEndReached).toHaveBeenCalledTimes(1);
    });

    it('asks for the next page once the scroll is within 300 px of the end', async () => {
      const onEndReached = jest.fn();
      renderTable({ rows: makeChecks(ROWS, 5), virtualized: true, paginate: false, onEndReached });
      const scroller = screen.getByRole('grid', { name: 'Checks' }).parentElement!;
      const end = ROWS * 45 - VIEWPORT;
      await act(async () => {
        scroller.scrollTop = end - 400;
        fireEvent.scroll(scroller);
      });
      expect(onEndReached).not.toHaveBeenCalled();
      await act(async () => {
        scroller.scrollTop = end - 250;
        fireEvent.scroll(scroller);
      });
      expect(onEndReached).toHaveBeenCalledTimes(1);
    });

    it('keeps its rows while loading more', () => {
      renderTable({ rows: makeChecks(ROWS, 5), virtualized: true, paginate: false, isLoading: true });
      expect(firstCells()[0]).toBe('Check 00001');
      expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    });

    it('asks for more once per row count', () => {
      const onEndReached = jest.fn();
      const table = (count: number) => (
        <MemoryRouter>
          <DataTable
            columns={columns}
            rows={makeChecks(count)}
            rowKey={(c) => c.id}
            ariaLabel="Checks"
            virtualized
            paginate={false}
            onEndReached={onEndReached}
          />
        </MemoryRouter>
      );
      const { rerender } = render(table(8));
      expect(onEndReached).toHaveBeenCalledTimes(1);
      rerender(table(8));
      expect(onEndReached).toHaveBeenCalledTimes(1);
      rerender(table(16));
      expect(onEndReached).toHaveBeenCalledTimes(2);
    });
  });
});
