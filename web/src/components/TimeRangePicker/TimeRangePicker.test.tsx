import { jest } from '@jest/globals';
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { absoluteRange, addRecentTimeRange, lastRange, type TimeRange } from '../../lib/time-range/index.js';
import { TimeRangePicker } from './TimeRangePicker.js';
import { UrlTimeRangePicker } from './UrlTimeRangePicker.js';

const toggle = () => screen.getByRole('button', { name: /^Time range:/ });
const panel = () => screen.getByRole('dialog', { name: 'Select time range' });
const option = (name: string) => within(panel()).getByRole('button', { name });
const submitButton = () => within(panel()).getByRole('button', { name: 'Submit' });

async function openPicker(user: ReturnType<typeof userEvent.setup>) {
  await user.click(toggle());
  return screen.findByRole('dialog', { name: 'Select time range' });
}

function LocationProbe() {
  const { search } = useLocation();
  return <output aria-label="location">{search}</output>;
}
const search = () => new URLSearchParams(screen.getByRole('status', { name: 'location' }).textContent ?? '');

function renderInRouter(url: string, defaultRange?: TimeRange) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <UrlTimeRangePicker defaultRange={defaultRange} />
      <LocationProbe />
    </MemoryRouter>,
  );
}

function ControlledPicker({ onChange }: { onChange: (range: TimeRange) => void }) {
  const [value, setValue] = useState<TimeRange>();
  return (
    <TimeRangePicker
      value={value}
      onChange={(range) => {
        setValue(range);
        onChange(range);
      }}
    />
  );
}

/**
 * Enters a date as one paste: typed key by key, every keystroke re-renders the calendar, and a
 * dozen such dates made this file one of the slowest of the suite.
 */
async function enter(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.click(box);
  await user.paste(text);
}

async function submitAbsolute(user: ReturnType<typeof userEvent.setup>, from: string, to: string) {
  await openPicker(user);
  const form = within(panel());
  await user.clear(form.getByRole('textbox', { name: 'From' }));
  await enter(user, form.getByRole('textbox', { name: 'From' }), from);
  await user.click(form.getByRole('tab', { name: 'To' }));
  await user.clear(form.getByRole('textbox', { name: 'To' }));
  await enter(user, form.getByRole('textbox', { name: 'To' }), to);
  await user.click(submitButton());
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

beforeEach(() => localStorage.clear());

describe('TimeRangePicker', () => {
  it('shows the placeholder when no range is chosen', () => {
    render(<TimeRangePicker value={undefined} onChange={() => undefined} />);
    expect(toggle()).toHaveTextContent('Please select time range');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows a custom placeholder, and the range display once chosen', () => {
    const { rerender } = render(
      <TimeRangePicker value={undefined} onChange={() => undefined} placeholder="Any time" />,
    );
    expect(toggle()).toHaveTextContent('Any time');
    rerender(<TimeRangePicker value={lastRange('6h')} onChange={() => undefined} />);
    expect(toggle()).toHaveTextContent('Last 6 hours');
  });

  it('puts a chosen relative range in the URL and on the toggle', async () => {
    const user = userEvent.setup({ delay: null });
    renderInRouter('/health?layout=table');
    await openPicker(user);
    await user.click(option('Last 2 days'));
    expect(search().get('from')).toBe('now-2d');
    expect(search().get('to')).toBe('now');
    expect(search().get('layout')).toBe('table');
    expect(toggle()).toHaveTextContent('Last 2 days');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers future ranges too', async () => {
    const user = userEvent.setup({ delay: null });
    renderInRouter('/');
    await openPicker(user);
    await user.click(option('Next 30 minutes'));
    expect(search().get('from')).toBe('now');
    expect(search().get('to')).toBe('now+30m');
  });

  it('shows a named range such as Yesterday on the toggle', async () => {
    const user = userEvent.setup({ delay: null });
    renderInRouter('/');
    await openPicker(user);
    await user.click(option('Yesterday'));
    expect(toggle()).toHaveTextContent('Yesterday');
    expect(search().get('from')).toBe('now-1d/d');
    expect(search().get('to')).toBe('now-1d/d');
  });

  it('reads a named range from the URL and marks it as the current choice', async () => {
    const user = userEvent.setup({ delay: null });
    renderInRouter('/?from=now-1M/M&to=now-1M/M');
    expect(toggle()).toHaveTextContent('Previous month');
    await openPicker(user);
    expect(option('Previous month')).toHaveAttribute('aria-current', 'true');
    expect(option('Previous year')).not.toHaveAttribute('aria-current');
  });

  it('shows the default range and leaves the URL clean when it is chosen again', async () => {
    const user = userEvent.setup({ delay: null });
    renderInRouter('/?from=now-6h&to=now', lastRange('2d'));
    expect(toggle()).toHaveTextContent('Last 6 hours');
    await openPicker(user);
    await user.click(option('Last 2 days'));
    expect(toggle()).toHaveTextContent('Last 2 days');
    expect(search().has('from')).toBe(false);
    expect(search().has('to')).toBe(false);
  });

  it('keeps Submit disabled until both From and To are typed', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = jest.fn<(range: TimeRange) => void>();
    render(<ControlledPicker onChange={onChange} />);
    await openPicker(user);
    expect(submitButton()).toBeDisabled();
    await enter(user, within(panel()).getByRole('textbox', { name: 'From' }), '2024-03-01 08:00:00');
    expect(submitButton()).toBeDisabled();
    await user.click(within(panel()).getByRole('tab', { name: 'To' }));
    await enter(user, within(panel()).getByRole('textbox', { name: 'To' }), '2024-03-02 18:30:00');
    expect(submitButton()).toBeEnabled();
    await user.click(submitButton());
    const expected = absoluteRange(new Date(2024, 2, 1, 8), new Date(2024, 2, 2, 18, 30));
    expect(onChange).toHaveBeenCalledWith(expected);
    expect(toggle()).toHaveTextContent('2024-03-01 08:00:00 to 2024-03-02 18:30:00');
  });

  it('writes an absolute range submitted with Enter to the URL as ISO timestamps', async () => {
    const user = userEvent.setup({ delay: null });
    renderInRouter('/');
    await openPicker(user);
    const form = within(panel());
    await enter(user, form.getByRole('textbox', { name: 'From' }), '2024-03-01 08:00');
    await user.click(form.getByRole('tab', { name: 'To' }));
    await enter(user, form.getByRole('textbox', { name: 'To' }), '2024-03-02 18:00');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(search().get('from')).toBe(new Date(2024, 2, 1, 8).toISOString());
    expect(search().get('to')).toBe(new Date(2024, 2, 2, 18).toISOString());
    expect(toggle()).toHaveTextContent('2024-03-01 08:00:00 to 2024-03-02 18:00:00');
  });

  it('explains a From that is not before To, or an unreadable date, and keeps Submit disabled', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ControlledPicker onChange={() => undefined} />);
    await openPicker(user);
    const form = within(panel());
    await enter(user, form.getByRole('textbox', { name: 'From' }), '2024-03-05 10:00');
    await user.click(form.getByRole('tab', { name: 'To' }));
    await enter(user, form.getByRole('textbox', { name: 'To' }), '2024-03-01 10:00');
    expect(form.getByText('From must be before To')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await user.clear(form.getByRole('textbox', { name: 'To' }));
    await enter(user, form.getByRole('textbox', { name: 'To' }), 'next week');
    expect(form.getByText('Enter a date and time as YYYY-MM-DD HH:mm:ss')).toBeInTheDocument();
    expect(form.queryByText('From must be before To')).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('empties both inputs with Clear', async () => {
    const user = userEvent.setup({ delay: null });
    const value = absoluteRange(new Date(2024, 2, 1, 8), new Date(2024, 2, 2, 18));
    render(<TimeRangePicker value={value} onChange={() => undefined} />);
    await openPicker(user);
    const form = within(panel());
    expect(form.getByRole('textbox', { name: 'From' })).toHaveValue('2024-03-01 08:00:00');
    await user.click(form.getByRole('tab', { name: 'To' }));
    expect(form.getByRole('textbox', { name: 'To' })).toHaveValue('2024-03-02 18:00:00');
    expect(submitButton()).toBeEnabled();
    await user.click(form.getByRole('button', { name: 'Clear' }));
    expect(submitButton()).toBeDisabled();
    expect(form.getByRole('textbox', { name: 'From' })).toHaveValue('');
    await user.click(form.getByRole('tab', { name: 'To' }));
    expect(form.getByRole('textbox', { name: 'To' })).toHaveValue('');
  });

  it('fills an input from its calendar, keeping the typed time', async () => {
    const user = userEvent.setup({ delay: null });
    const value = absoluteRange(new Date(2024, 2, 1, 8), new Date(2024, 2, 2, 18));
    render(<TimeRangePicker value={value} onChange={() => undefined} />);
    await openPicker(user);
    const form = within(panel());
    await user.click(within(form.getByRole('tabpanel')).getByRole('button', { name: '2024-02-27' }));
    expect(form.getByRole('textbox', { name: 'From' })).toHaveValue('2024-02-27 08:00:00');
    await user.click(form.getByRole('tab', { name: 'To' }));
    await user.clear(form.getByRole('textbox', { name: 'To' }));
    await user.click(within(form.getByRole('tabpanel')).getByRole('button', { name: '2024-02-28' }));
    expect(form.getByRole('textbox', { name: 'To' })).toHaveValue('2024-02-28 23:59:59');
  });

  it('moves the calendar to a typed date, year included', async () => {
    const user = userEvent.setup({ delay: null });
    render(<TimeRangePicker value={lastRange('1h')} onChange={() => undefined} />);
    await openPicker(user);
    const form = within(panel());
    await enter(user, form.getByRole('textbox', { name: 'From' }), '2019-07-10 08:00');
    const calendar = within(form.getByRole('tabpanel'));
    expect(calendar.getByRole('spinbutton', { name: 'Select year' })).toHaveValue(2019);
    expect(calendar.getByRole('button', { name: '2019-07-10' })).toBeInTheDocument();
  });

  it('lists the last 5 submitted absolute ranges, most recent first, and applies one on click', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = jest.fn<(range: TimeRange) => void>();
    const day = (n: number) => absoluteRange(new Date(2024, 2, n, 8), new Date(2024, 2, n, 9));
    const shown = (n: number) => `2024-03-0${n} 08:00:00 to 2024-03-0${n} 09:00:00`;
    render(<ControlledPicker onChange={onChange} />);
    await openPicker(user);
    expect(within(panel()).queryByRole('list', { name: 'Recently used absolute time ranges' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    for (const n of [1, 2, 3, 4, 5]) addRecentTimeRange(day(n));
    await submitAbsolute(user, '2024-03-06 08:00', '2024-03-06 09:00');
    await submitAbsolute(user, '2024-03-04 08:00', '2024-03-04 09:00');

    await openPicker(user);
    const recent = within(panel()).getByRole('list', { name: 'Recently used absolute time ranges' });
    const items = within(recent).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([4, 6, 5, 3, 2].map(shown));
    expect(items[0]).toHaveAttribute('aria-current', 'true');

    await user.click(items[3]!);
    expect(onChange).toHaveBeenLastCalledWith(day(3));
    expect(toggle()).toHaveTextContent(shown(3));
  });

  it('opens with Enter, chooses with Enter and closes with Escape', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = jest.fn<(range: TimeRange) => void>();
    render(<ControlledPicker onChange={onChange} />);
    await user.tab();
    expect(toggle()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Select time range' })).toBeInTheDocument();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    // Every range is its own button in the tab order (no roving focus).
    for (const list of within(panel()).getAllByRole('list')) {
      for (const button of within(list).getAllByRole('button'))
        expect(button).not.toHaveAttribute('tabindex');
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Select time range' });
    option('Last 1 hour').focus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(lastRange('1h'));
  });
});
