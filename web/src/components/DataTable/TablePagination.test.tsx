import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TablePagination, type TablePaginationProps } from './TablePagination.js';

function renderPager(props: Partial<TablePaginationProps> = {}) {
  const onPageIndexChange = jest.fn();
  const onPageSizeChange = jest.fn();
  render(
    <TablePagination
      pageIndex={0}
      pageCount={10}
      pageSize={25}
      onPageIndexChange={onPageIndexChange}
      onPageSizeChange={onPageSizeChange}
      {...props}
    />,
  );
  return { onPageIndexChange, onPageSizeChange, user: userEvent.setup() };
}

const button = (name: string) => screen.getByRole('button', { name });
const goToInput = () => screen.getByRole('spinbutton', { name: 'Go to page' });

describe('TablePagination', () => {
  it("shows 'Page X of Y' with X 1-based", () => {
    renderPager({ pageIndex: 2 });
    expect(screen.getByText('Page 3 of 10')).toBeInTheDocument();
    expect(goToInput()).toHaveValue(3);
  });

  it('disables first and previous on the first page, next and last on the last', () => {
    renderPager({ pageIndex: 0 });
    expect(button('First page')).toBeDisabled();
    expect(button('Previous page')).toBeDisabled();
    expect(button('Next page')).toBeEnabled();
    expect(button('Last page')).toBeEnabled();
  });

  it('disables next and last on the last page', () => {
    renderPager({ pageIndex: 9 });
    expect(button('Next page')).toBeDisabled();
    expect(button('Last page')).toBeDisabled();
    expect(button('First page')).toBeEnabled();
  });

  it('moves to the first, previous, next and last page', async () => {
    const { onPageIndexChange, user } = renderPager({ pageIndex: 4 });
    await user.click(button('First page'));
    await user.click(button('Previous page'));
    await user.click(button('Next page'));
    await user.click(button('Last page'));
    expect(onPageIndexChange.mock.calls).toEqual([[0], [3], [5], [9]]);
  });

  it('is keyboard operable', async () => {
    const { onPageIndexChange, user } = renderPager({ pageIndex: 4 });
    button('Next page').focus();
    await user.keyboard('{Enter}');
    expect(onPageIndexChange).toHaveBeenCalledWith(5);
  });

  it('goes to the typed page on Enter', async () => {
    const { onPageIndexChange, user } = renderPager();
    await user.clear(goToInput());
    await user.type(goToInput(), '7{Enter}');
    expect(onPageIndexChange).toHaveBeenCalledWith(6);
  });

  it('goes to the typed page on blur', async () => {
    const { onPageIndexChange, user } = renderPager();
    await user.clear(goToInput());
    await user.type(goToInput(), '4');
    await user.tab();
    expect(onPageIndexChange).toHaveBeenCalledWith(3);
  });

  it('clamps the typed page to the last page', async () => {
    const { onPageIndexChange, user } = renderPager();
    await user.clear(goToInput());
    await user.type(goToInput(), '99{Enter}');
    expect(onPageIndexChange).toHaveBeenCalledWith(9);
    expect(goToInput()).toHaveValue(1);
  });

  it('goes no lower than page 1', async () => {
    const { onPageIndexChange, user } = renderPager({ pageIndex: 5 });
    expect(goToInput()).toHaveAttribute('min', '1');
    await user.clear(goToInput());
    await user.type(goToInput(), '0{Enter}');
    expect(onPageIndexChange).toHaveBeenCalledWith(0);
  });

  it('ignores an empty entry and shows the current page again', async () => {
    const { onPageIndexChange, user } = renderPager({ pageIndex: 2 });
    await user.clear(goToInput());
    await user.keyboard('{Enter}');
    expect(onPageIndexChange).not.toHaveBeenCalled();
    expect(goToInput()).toHaveValue(3);
  });

  it('lists the page sizes of spec 1 §9 and reports a change', async () => {
    const { onPageSizeChange, user } = renderPager();
    const select = screen.getByRole('combobox', { name: 'Page size' });
    expect(select).toHaveValue('25');
    const options = screen.getAllByRole('option').map((option) => (option as HTMLOptionElement).value);
    expect(options).toEqual(['5', '10', '25', '50', '100', '150', '200', '250', '300', '500', '1000']);
    await user.selectOptions(select, '100');
    expect(onPageSizeChange).toHaveBeenCalledWith(100);
  });

  it('offers custom page sizes and keeps a current size that is not among them', () => {
    renderPager({ pageSizes: [50, 100, 200], pageSize: 400 });
    const options = screen.getAllByRole('option').map((option) => (option as HTMLOptionElement).value);
    expect(options).toEqual(['50', '100', '200', '400']);
  });

  describe('with an unknown total', () => {
    it("shows 'Page X' and keeps next enabled while a next page may exist", async () => {
      const { onPageIndexChange, user } = renderPager({ pageIndex: 1, pageCount: -1, hasNextPage: true });
      expect(screen.getByText('Page 2')).toBeInTheDocument();
      expect(screen.queryByText(/ of /)).not.toBeInTheDocument();
      expect(button('Next page')).toBeEnabled();
      expect(button('Last page')).toBeDisabled();
      await user.clear(goToInput());
      await user.type(goToInput(), '40{Enter}');
      expect(onPageIndexChange).toHaveBeenCalledWith(39);
    });

    it('disables next when the last page came back short', () => {
      renderPager({ pageIndex: 1, pageCount: -1, hasNextPage: false });
      expect(button('Next page')).toBeDisabled();
    });
  });

  it("shows 'Page 1 of 1' when there is nothing", () => {
    renderPager({ pageCount: 0 });
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(button('Next page')).toBeDisabled();
  });
});
