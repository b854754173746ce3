import { screen, within } from '@testing-library/react';
import { renderPage } from '../../../shell/test-support.js';
import type { ConfigItem } from '../types.js';
import { ConfigSidebar, isScrapeStale, showsClass } from './ConfigSidebar.js';
import { configRow, SCRAPER_ID } from './test-support.js';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function renderSidebar(patch: Partial<ConfigItem> = {}) {
  renderPage(<ConfigSidebar config={configRow(patch)} />, '/catalog/x');
  return screen.getByLabelText('Config details', { selector: 'dl' });
}

/** The description beside a term of the list. */
const field = (list: HTMLElement, term: string) =>
  within(list)
    .getByText(term, { selector: 'dt *, dt' })
    .closest('.pf-v6-c-description-list__group')!
    .querySelector('dd') as HTMLElement;

describe('ConfigSidebar', () => {
  it('shows name, tags, health with its status text, creation by the scraper, and the type link', () => {
    const list = renderSidebar({
      description: 'Back-off restarting failed container',
      health: 'unhealthy',
      status: 'CrashLoopBackOff',
    });
    expect(field(list, 'Name')).toHaveTextContent('orders-7c9');
    expect(within(field(list, 'Tags')).getByText('namespace: shop')).toBeInTheDocument();
    const status = field(list, 'Status');
    expect(status).toHaveTextContent('CrashLoopBackOff');
    expect(status.querySelector('.pf-v6-c-label')).toHaveClass('pf-m-red');
    expect(status).toHaveTextContent('Back-off restarting failed container');
    expect(field(list, 'Created')).toHaveTextContent('2 days ago by kubernetes-prod');
    expect(within(field(list, 'Created')).getByRole('link', { name: 'kubernetes-prod' })).toHaveAttribute(
      'href',
      `/catalog/scrapers/${SCRAPER_ID}`,
    );
    expect(within(field(list, 'Type')).getByRole('link', { name: 'Kubernetes::Pod' })).toHaveAttribute(
      'href',
      '/catalog?type=Kubernetes%3A%3APod',
    );
    // The type ends with the class: no Class row. No costs: no Cost row.
    expect(within(list).queryByText('Class')).not.toBeInTheDocument();
    expect(within(list).queryByText('Cost')).not.toBeInTheDocument();
    expect(within(list).queryByText(/Last scraped/)).not.toBeInTheDocument();
  });

  it('labels a deleted config Deleted with its time and its health as Last status', () => {
    const list = renderSidebar({ deleted_at: hoursAgo(5), last_scraped_time: hoursAgo(6) });
    expect(field(list, 'Status')).toHaveTextContent('Deleted 5 hours ago');
    expect(field(list, 'Last status')).toHaveTextContent('Running');
    // A deleted config is not expected to be scraped.
    expect(within(list).queryByText(/Last scraped/)).not.toBeInTheDocument();
  });

  it('warns when the config was last scraped over an hour ago', () => {
    const list = renderSidebar({ last_scraped_time: hoursAgo(3) });
    expect(field(list, 'Updated')).toHaveTextContent('Last scraped 3 hours ago');
  });

  it('shows the class when the type does not end with it, and the cost with its trend', () => {
    const list = renderSidebar({
      type: 'AWS::EC2::Instance',
      config_class: 'VirtualMachine',
      cost_total_1d: 2,
      cost_total_7d: 7,
      cost_total_30d: 30,
    });
    expect(field(list, 'Class')).toHaveTextContent('VirtualMachine');
    expect(field(list, 'Cost')).toHaveTextContent('$2.00 per day');
    expect(within(field(list, 'Cost')).getByText('+100%').closest('.pf-v6-c-label')).toHaveClass('pf-m-red');
  });

  it('groups labels by prefix with the paired labels on one row', () => {
    const list = renderSidebar({
      labels: {
        region: 'eu-west-1',
        zone: 'eu-west-1a',
        'app.kubernetes.io/name': 'orders',
        'app.kubernetes.io/version': '1.2',
        'app.kubernetes.io/part-of': 'shop',
      },
    });
    expect(field(list, 'region/zone')).toHaveTextContent('eu-west-1 / eu-west-1a');
    const group = within(list).getByLabelText('app.kubernetes.io labels', { selector: 'dl' });
    expect(field(group, 'version/part-of')).toHaveTextContent('1.2 / shop');
    expect(field(group, 'name')).toHaveTextContent('orders');
  });
});

describe('sidebar rules', () => {
  it('flags a scrape older than an hour, unless the config is deleted', () => {
    const now = Date.parse('2024-01-01T12:00:00Z');
    expect(isScrapeStale({ last_scraped_time: '2024-01-01T10:59:00Z', deleted_at: null }, now)).toBe(true);
    expect(isScrapeStale({ last_scraped_time: '2024-01-01T11:01:00Z', deleted_at: null }, now)).toBe(false);
    expect(
      isScrapeStale({ last_scraped_time: '2024-01-01T08:00:00Z', deleted_at: '2024-01-01T09:00:00Z' }, now),
    ).toBe(false);
    expect(isScrapeStale({ last_scraped_time: null, deleted_at: null }, now)).toBe(false);
  });

  it('shows the class only when the type does not end with it', () => {
    expect(showsClass({ type: 'Kubernetes::Pod', config_class: 'Pod' })).toBe(false);
    expect(showsClass({ type: 'AWS::EC2::Instance', config_class: 'VirtualMachine' })).toBe(true);
    expect(showsClass({ type: 'File', config_class: null })).toBe(false);
  });
});
