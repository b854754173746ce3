import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '../../../components/Toasts/index.js';
import { JobDetailsDialog } from './JobDetailsDialog.js';

const open = (details: unknown) => {
  render(
    <ToastProvider>
      <JobDetailsDialog job={{ name: 'ScraperRun', details }} onClose={() => {}} />
    </ToastProvider>,
  );
  return screen.getByRole('dialog', { name: 'Details for job ScraperRun' });
};
const tabNames = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('tab')
    .map((tab) => tab.textContent);

describe('JobDetailsDialog', () => {
  it('shows only the tabs the job filled, the first one open', async () => {
    const user = userEvent.setup();
    const dialog = open({ scrape_summary: { 'Kubernetes::Pod': { added: 2 } }, summary: { components: 12 } });
    expect(tabNames(dialog)).toEqual(['Scrape Summary', 'Reconcile Summary']);
    expect(within(dialog).getByRole('tab', { name: 'Scrape Summary' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(dialog).toHaveTextContent('"added": 2');
    await user.click(within(dialog).getByRole('tab', { name: 'Reconcile Summary' }));
    expect(dialog).toHaveTextContent('"components": 12');
  });

  it('puts Errors first when there are errors, and leaves empty parts out', () => {
    const dialog = open({ errors: 'boom', scrape_summary: {}, summary: null });
    expect(tabNames(dialog)).toEqual(['Errors']);
  });

  it('shows a string error as text', () => {
    const dialog = open({ errors: 'connection refused' });
    expect(within(dialog).getByText('connection refused').tagName).toBe('PRE');
    expect(within(dialog).queryByRole('grid')).toBeNull();
  });

  it('shows a list of errors as a one-column Error table', () => {
    const dialog = open({ errors: ['timeout after 30s', 'forbidden'] });
    const table = within(dialog).getByRole('grid', { name: 'Errors' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Error']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['timeout after 30s', 'forbidden']);
  });

  it('shows a map of errors as formatted code', () => {
    const dialog = open({ errors: { 'payments-api': { message: 'no route to host' } } });
    expect(within(dialog).queryByRole('grid')).toBeNull();
    expect(dialog).toHaveTextContent('"payments-api": {');
    expect(dialog).toHaveTextContent('"message": "no route to host"');
  });
});
