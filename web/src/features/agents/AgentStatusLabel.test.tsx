import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { AgentStatusLabel } from './AgentStatusLabel.js';

describe('AgentStatusLabel', () => {
  beforeEach(() => jest.useFakeTimers({ now: Date.parse('2024-05-01T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('turns Offline by itself once the last ping is more than 61 s old', () => {
    const lastSeen = new Date(Date.now() - 59_000).toISOString();
    render(<AgentStatusLabel lastSeen={lastSeen} />);
    expect(screen.getByText('Online')).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(1_500));
    expect(screen.getByText('Online')).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(1_000));
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.queryByText('Online')).not.toBeInTheDocument();
  });

  it('shows Online again for a newer ping', () => {
    const { rerender } = render(<AgentStatusLabel lastSeen={new Date(Date.now() - 120_000).toISOString()} />);
    expect(screen.getByText('Offline')).toBeInTheDocument();
    rerender(<AgentStatusLabel lastSeen={new Date().toISOString()} />);
    expect(screen.getByText('Online')).toBeInTheDocument();
  });

  it('shows nothing without a last ping', () => {
    const { container } = render(<AgentStatusLabel lastSeen={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
