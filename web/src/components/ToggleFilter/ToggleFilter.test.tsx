import { jest } from '@jest/globals';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type Toggle,
  ToggleFilter,
  ToggleFilterGroup,
  nextToggle,
  summarizeToggles,
} from './ToggleFilter.js';

describe('nextToggle', () => {
  it('activates the clicked state and resets when it is clicked again', () => {
    expect(nextToggle(0, 1)).toBe(1);
    expect(nextToggle(0, -1)).toBe(-1);
    expect(nextToggle(1, -1)).toBe(-1);
    expect(nextToggle(-1, 1)).toBe(1);
    expect(nextToggle(1, 1)).toBe(0);
    expect(nextToggle(-1, -1)).toBe(0);
  });
});

describe('summarizeToggles', () => {
  it('counts selected, included and excluded filters, ignoring zeros', () => {
    expect(summarizeToggles({ a: 1, b: -1, c: 0, d: 1 })).toEqual({ selected: 3, included: 2, excluded: 1 });
    expect(summarizeToggles({})).toEqual({ selected: 0, included: 0, excluded: 0 });
  });
});

describe('ToggleFilter', () => {
  it('shows the label, the count and unpressed include/exclude buttons', () => {
    render(<ToggleFilter label="env=prod" value={0} onChange={() => undefined} count={1500} />);
    expect(screen.getByText('env=prod')).toBeInTheDocument();
    expect(screen.getByText('1k+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Include env=prod' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Exclude env=prod' })).toHaveAttribute('aria-pressed', 'false');
  });

  it.each([
    [0, 'Include', 1],
    [0, 'Exclude', -1],
    [1, 'Include', 0],
    [-1, 'Exclude', 0],
    [1, 'Exclude', -1],
  ] as const)('from %p, clicking %s sets %p', async (value, verb, expected) => {
    const onChange = jest.fn();
    render(<ToggleFilter label="team" value={value} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: `${verb} team` }));
    expect(onChange).toHaveBeenCalledWith(expected);
  });

  it('marks the active state as pressed', () => {
    render(<ToggleFilter label="team" value={-1} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Include team' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Exclude team' })).toHaveAttribute('aria-pressed', 'true');
  });
});

const items = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, label: `label ${id}`, count: 2 }));

function StatefulGroup({ initial = {} }: { initial?: Record<string, Toggle> }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ToggleFilterGroup title="Labels" items={items} value={value} onChange={setValue} />
      <output aria-label="value">{JSON.stringify(value)}</output>
    </>
  );
}

const currentValue = () => JSON.parse(screen.getByRole('status', { name: 'value' }).textContent ?? '');

describe('ToggleFilterGroup', () => {
  it('lists every item under its title', () => {
    render(<StatefulGroup />);
    const group = screen.getByRole('region', { name: 'Labels' });
    expect(within(group).getAllByRole('listitem')).toHaveLength(5);
    expect(within(group).queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('keeps only selected filters in the value', async () => {
    render(<StatefulGroup />);
    await userEvent.click(screen.getByRole('button', { name: 'Include label a' }));
    await userEvent.click(screen.getByRole('button', { name: 'Exclude label b' }));
    expect(currentValue()).toEqual({ a: 1, b: -1 });
    await userEvent.click(screen.getByRole('button', { name: 'Include label a' }));
    expect(currentValue()).toEqual({ b: -1 });
  });

  it('lists up to three selected filters in the header, each removable', async () => {
    render(<StatefulGroup initial={{ a: 1, b: -1, c: 1 }} />);
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument();
    const chips = screen
      .getAllByText(/^(Included|Excluded):$/)
      .map((verb) => verb.parentElement?.textContent);
    expect(chips).toEqual(['Included: label a', 'Excluded: label b', 'Included: label c']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove label b' }));
    expect(currentValue()).toEqual({ a: 1, c: 1 });
  });

  it('summarizes four or more selected filters', () => {
    render(<StatefulGroup initial={{ a: 1, b: -1, c: 1, d: 1 }} />);
    expect(screen.getByText('4 selected (3 included, 1 excluded)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('clears every filter', async () => {
    render(<StatefulGroup initial={{ a: 1, b: -1, c: 1, d: 1, e: -1 }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(currentValue()).toEqual({});
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Include label e' })).toHaveAttribute('aria-pressed', 'false');
  });
});
