import { render, screen } from '@testing-library/react';
import { HealthLabel } from './HealthLabel.js';

describe('HealthLabel', () => {
  it('shows the capitalised status in the health colour', () => {
    render(<HealthLabel status="unhealthy" />);
    const label = screen.getByText('Unhealthy').closest('.pf-v6-c-label');
    expect(label).toHaveClass('pf-m-red');
    expect(label?.querySelector('svg')).toBeInTheDocument();
  });

  it.each([
    ['healthy', 'pf-m-green'],
    ['warning', 'pf-m-orange'],
  ])('colours %p with %p', (status, className) => {
    const { container } = render(<HealthLabel status={status} />);
    expect(container.querySelector('.pf-v6-c-label')).toHaveClass(className);
  });

  it('leaves unknown and suspended in the default grey', () => {
    const { container } = render(<HealthLabel status="suspended" />);
    const label = container.querySelector('.pf-v6-c-label');
    expect(label).toHaveTextContent('Suspended');
    expect(label?.className).not.toMatch(/pf-m-(red|orange|green)/);
  });

  it('shows custom text and keeps the status for screen readers', () => {
    const { container } = render(<HealthLabel status="degraded" text="5 minutes ago" />);
    expect(screen.getByText('5 minutes ago')).toBeVisible();
    expect(container.querySelector('.pf-v6-c-label')).toHaveTextContent('Degraded: 5 minutes ago');
  });

  it('does not repeat the status when the text is the status', () => {
    const { container } = render(<HealthLabel status="healthy" text="Healthy" />);
    expect(container.querySelector('.pf-v6-c-label')).toHaveTextContent(/^Healthy$/);
  });
});
