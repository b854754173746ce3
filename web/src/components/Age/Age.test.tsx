import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { Age } from './Age.js';

const MINUTE = 60_000;
const now = new Date('2024-05-01T12:00:00Z');
const minutesAgo = (n: number) => new Date(now.getTime() - n * MINUTE);

beforeEach(() => {
  jest.useFakeTimers({ now });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('Age', () => {
  it('shows the age in a time element with the ISO date and a locale title', () => {
    const from = minutesAgo(5);
    render(<Age from={from.toISOString()} />);
    const time = screen.getByText('5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', '2024-05-01T11:55:00.000Z');
    expect(time).toHaveAttribute('title', from.toLocaleString());
  });

  it('omits the suffix on request', () => {
    render(<Age from={minutesAgo(3)} suffix={false} />);
    expect(screen.getByText('3 minutes')).toBeInTheDocument();
  });

  it.each([null, undefined, '', 'not a date'])('renders nothing for %p', (from) => {
    const { container } = render(<Age from={from} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('hides ages older than hideOlderThanMs', () => {
    const week = 7 * 24 * 60 * MINUTE;
    const { container, rerender } = render(<Age from={minutesAgo(8 * 24 * 60)} hideOlderThanMs={week} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Age from={minutesAgo(6 * 24 * 60)} hideOlderThanMs={week} />);
    expect(screen.getByText('6 days ago')).toBeInTheDocument();
  });

  it('appears once the date reaches minimumAgeMs, updating every minute', () => {
    const { container } = render(<Age from={minutesAgo(59)} minimumAgeMs={60 * MINUTE} />);
    expect(container).toBeEmptyDOMElement();
    act(() => jest.advanceTimersByTime(MINUTE));
    expect(screen.getByText('1 hour ago')).toBeInTheDocument();
  });

  it('re-renders each minute and stops its timer on unmount', () => {
    const { unmount } = render(<Age from={minutesAgo(1)} />);
    expect(screen.getByText('1 minute ago')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2 * MINUTE));
    expect(screen.getByText('3 minutes ago')).toBeInTheDocument();
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('measures a newer date against the time of rendering, not the time it was first shown', () => {
    const { rerender } = render(<Age from={minutesAgo(5)} />);
    expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
    // Run Now: seconds later, before the minute's re-render, the server answers with the new run.
    jest.setSystemTime(now.getTime() + 7_000);
    rerender(<Age from={new Date(now.getTime() + 7_000).toISOString()} />);
    expect(screen.getByText('0 seconds ago')).toBeInTheDocument();
  });

  it('shows a past moment a little ahead of the browser clock as 0 seconds ago, an expiry ahead', () => {
    const ahead = new Date(now.getTime() + 3_000);
    const { rerender } = render(<Age from={ahead} minimumAgeMs={0} />);
    expect(screen.getByText('0 seconds ago')).toBeInTheDocument();
    rerender(<Age from={new Date(now.getTime() + 2 * 24 * 60 * MINUTE)} future />);
    expect(screen.getByText('in 2 days')).toBeInTheDocument();
  });
});
