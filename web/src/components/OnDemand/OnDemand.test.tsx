import { jest } from '@jest/globals';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, DropdownItem, DropdownList, MenuToggle } from '@patternfly/react-core';
import { OnDemandDropdown, OnDemandPopover, OnDemandTooltip } from './index.js';

function Menu({ onRename }: { onRename: () => void }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <OnDemandDropdown
        isOpen={isOpen}
        onOpenChange={setOpen}
        onSelect={() => setOpen(false)}
        toggle={(ref) => (
          <MenuToggle ref={ref} aria-label="Actions" isExpanded={isOpen} onClick={() => setOpen(!isOpen)} />
        )}
      >
        <DropdownList>
          <DropdownItem onClick={onRename}>Rename</DropdownItem>
        </DropdownList>
      </OnDemandDropdown>
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('OnDemandDropdown', () => {
  it('mounts its menu only while open, and works like the Dropdown it wraps', async () => {
    const user = userEvent.setup();
    const onRename = jest.fn();
    render(<Menu onRename={onRename} />);
    const toggle = screen.getByRole('button', { name: 'Actions' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(toggle);
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    expect(onRename).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    // The toggle is the same element throughout: Escape closes and hands focus back to it.
    await user.click(toggle);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(toggle).toHaveFocus();

    // A click elsewhere closes it.
    await user.click(toggle);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });
});

describe('OnDemandTooltip', () => {
  it('mounts its tooltip when the trigger is first hovered, and shows it then', async () => {
    const user = userEvent.setup();
    render(
      <OnDemandTooltip content="Switch to dark theme">
        <Button aria-label="Theme">T</Button>
      </OnDemandTooltip>,
    );
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(screen.getByRole('button', { name: 'Theme' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Switch to dark theme');
    await user.unhover(screen.getByRole('button', { name: 'Theme' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('shows on keyboard focus too', async () => {
    const user = userEvent.setup();
    render(
      <OnDemandTooltip content="12.5 GiB of 16 GiB">
        <span tabIndex={0}>78%</span>
      </OnDemandTooltip>,
    );
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('12.5 GiB of 16 GiB');
  });
});

describe('OnDemandPopover', () => {
  it('mounts and opens on the first click, then opens and closes as a Popover does', async () => {
    const user = userEvent.setup();
    render(
      <OnDemandPopover headerContent="Preferences" bodyContent={<p>Card width</p>}>
        <Button aria-label="Preferences">P</Button>
      </OnDemandPopover>,
    );
    expect(screen.queryByText('Card width')).not.toBeInTheDocument();
    const trigger = screen.getByRole('button', { name: 'Preferences' });
    await user.click(trigger);
    expect(await screen.findByText('Card width')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Card width')).not.toBeInTheDocument());
    await user.click(trigger);
    expect(await screen.findByText('Card width')).toBeVisible();
  });
});

describe('closed, they cost a render nothing more than their trigger', () => {
  // PatternFly's Popper reads the computed style of its trigger's parent on each render; a
  // closed on-demand menu, tooltip or popover has no Popper mounted, so re-renders read none.
  it('reads no computed style when a page of them renders again', () => {
    const page = (n: number) => (
      <div>
        {Array.from({ length: 20 }, (_, i) => (
          <div key={i}>
            <OnDemandTooltip content={`tip ${i} ${n}`}>
              <span tabIndex={0}>value {i}</span>
            </OnDemandTooltip>
            <OnDemandDropdown
              isOpen={false}
              toggle={(ref) => <MenuToggle ref={ref} aria-label={`Actions ${i}`} />}
            >
              <DropdownList>
                <DropdownItem>Rename</DropdownItem>
              </DropdownList>
            </OnDemandDropdown>
            <OnDemandPopover bodyContent="Card width">
              <Button aria-label={`Preferences ${i}`}>P</Button>
            </OnDemandPopover>
          </div>
        ))}
      </div>
    );
    const { rerender } = render(page(1));
    const computedStyle = jest.spyOn(window, 'getComputedStyle');
    try {
      rerender(page(2));
      rerender(page(3));
      expect(computedStyle).not.toHaveBeenCalled();
    } finally {
      computedStyle.mockRestore();
    }
  });
});
