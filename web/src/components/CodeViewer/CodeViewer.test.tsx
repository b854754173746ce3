import { jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CodeViewer, toCodeText } from './CodeViewer.js';

const spec = {
  spec: { schedule: '@every 1m', http: [{ url: 'https://example.com', name: 'site' }] },
  kind: 'Canary',
};

/** The code lines as shown (without their line numbers). */
function shownLines(): string[] {
  const region = screen.getByRole('region', { name: 'Code' });
  return Array.from(region.querySelectorAll('code > *'), (row) => row.lastElementChild?.textContent ?? '');
}

describe('toCodeText', () => {
  it('keeps strings as they are', () => {
    expect(toCodeText('b: 1\na: 2', 'yaml')).toBe('b: 1\na: 2');
  });

  it('serializes other values as YAML with sorted keys', () => {
    expect(toCodeText(spec, 'yaml')).toBe(
      [
        'kind: Canary',
        'spec:',
        '  http:',
        '    - name: site',
        '      url: https://example.com',
        "  schedule: '@every 1m'",
        '',
      ].join('\n'),
    );
  });

  it('serializes other values as 2-space JSON with sorted keys', () => {
    expect(toCodeText({ b: 1, a: { d: true, c: null } }, 'json')).toBe(
      '{\n  "a": {\n    "c": null,\n    "d": true\n  },\n  "b": 1\n}',
    );
  });

  it('shows nothing for undefined', () => {
    expect(toCodeText(undefined, 'json')).toBe('');
  });
});

describe('CodeViewer', () => {
  it('shows each line beside a line number that is hidden from copying and screen readers', () => {
    render(<CodeViewer value={'first\nsecond\n'} />);
    expect(shownLines()).toEqual(['first', 'second']);
    const gutter = screen.getByText('2');
    expect(gutter).toHaveAttribute('aria-hidden', 'true');
    expect(gutter).toHaveStyle({ userSelect: 'none' });
    expect(gutter.nextElementSibling).toHaveTextContent('second');
  });

  it('renders objects as YAML by default and JSON on request', () => {
    const { rerender } = render(<CodeViewer value={{ b: 2, a: 1 }} />);
    expect(shownLines()).toEqual(['a: 1', 'b: 2']);
    rerender(<CodeViewer value={{ b: 2, a: 1 }} language="json" />);
    expect(shownLines()).toEqual(['{', '  "a": 1,', '  "b": 2', '}']);
  });

  it('can leave out the line numbers', () => {
    render(<CodeViewer value={'only'} lineNumbers={false} />);
    expect(screen.queryByText('1')).not.toBeInTheDocument();
    expect(shownLines()).toEqual(['only']);
  });

  it('highlights the selected lines and reports clicked lines', async () => {
    const onLineClick = jest.fn();
    render(<CodeViewer value={'a\nb\nc'} selectedLines={[2, 3]} onLineClick={onLineClick} />);
    const marked = screen.getByRole('region', { name: 'Code' }).querySelectorAll('mark');
    expect(Array.from(marked, (row) => row.lastElementChild?.textContent)).toEqual(['b', 'c']);
    await userEvent.click(screen.getByText('a'));
    expect(onLineClick).toHaveBeenCalledWith(1, expect.objectContaining({ type: 'click' }));
  });

  it('lets the keyboard move between selectable lines and choose them', async () => {
    const user = userEvent.setup();
    const onLineClick = jest.fn();
    render(<CodeViewer value={'a\nb\nc'} selectedLines={[3]} onLineClick={onLineClick} />);
    const list = screen.getByRole('listbox', { name: 'Code lines' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((line) => line.getAttribute('aria-selected')),
    ).toEqual(['false', 'false', 'true']);
    // Copy button, the scrolling region, then the lines: one tab stop for all of them.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(within(list).getByRole('option', { name: 'a' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(list).getByRole('option', { name: 'b' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onLineClick).toHaveBeenLastCalledWith(2, expect.objectContaining({ key: 'Enter' }));
    await user.keyboard('{End}{Shift>} {/Shift}');
    expect(onLineClick).toHaveBeenLastCalledWith(3, expect.objectContaining({ key: ' ', shiftKey: true }));
    await user.tab();
    expect(list).not.toContainElement(document.activeElement as HTMLElement);
  });

  it('keeps plain code out of the tab order line by line', () => {
    render(<CodeViewer value={'a\nb'} />);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Code' }).querySelectorAll('[tabindex]')).toHaveLength(0);
  });

  it('scrolls inside the chosen height', () => {
    render(<CodeViewer value="x" height="small" />);
    expect(screen.getByRole('region', { name: 'Code' })).toHaveStyle({
      overflow: 'auto',
      maxHeight: '16rem',
    });
  });

  it('copies the shown text through onCopy', async () => {
    const onCopy = jest.fn();
    render(<CodeViewer value={{ b: 2, a: 1 }} language="json" onCopy={onCopy} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(onCopy).toHaveBeenCalledWith('{\n  "a": 1,\n  "b": 2\n}');
  });

  it('writes to the clipboard without onCopy', async () => {
    const user = userEvent.setup();
    render(<CodeViewer value="kind: Canary" />);
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('kind: Canary');
  });

  it('hides the copy button on request and accepts a replacement', () => {
    const { rerender, container } = render(<CodeViewer value="x" copy={false} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(
      <CodeViewer value={{ a: 1 }} copyButton={(text) => <button type="button">Copy {text}</button>} />,
    );
    expect(within(container).getByRole('button', { name: 'Copy a: 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy to clipboard' })).not.toBeInTheDocument();
  });
});
