import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Alert, AlertGroup, Button, Modal, ModalBody, ModalHeader } from '@patternfly/react-core';
import { keepTopmostModalReachable } from './modal-stack.js';

/** A drawer-like modal whose content updates on its own, and a dialog opened from it. */
function Nested({ onTick }: { onTick: (tick: () => void) => void }) {
  const [count, setCount] = useState(0);
  const [inner, setInner] = useState(false);
  onTick(() => setCount((value) => value + 1));
  return (
    <Modal isOpen aria-label="Drawer" variant="large">
      <ModalHeader title={`Drawer ${count}`} />
      <ModalBody>
        <Button onClick={() => setInner(true)}>Open inner</Button>
        {inner && (
          <Modal isOpen aria-label="Inner dialog" variant="small">
            <ModalBody>
              <input aria-label="Release name" />
            </ModalBody>
          </Modal>
        )}
      </ModalBody>
    </Modal>
  );
}

describe('keepTopmostModalReachable', () => {
  let stop: () => void = () => {};
  afterEach(() => stop());

  async function openInnerThenUpdateOuter() {
    let tick = () => {};
    render(<Nested onTick={(next) => (tick = next)} />);
    act(() => screen.getByRole('button', { name: 'Open inner' }).click());
    await screen.findByRole('dialog', { name: 'Inner dialog' });
    // The modal behind updates, as the check drawer does on each live event.
    act(() => tick());
    await act(async () => {});
  }

  it('keeps a dialog opened from another dialog reachable after the one behind updates', async () => {
    stop = keepTopmostModalReachable();
    await openInnerThenUpdateOuter();
    expect(screen.getByRole('textbox', { name: 'Release name' })).toBeInTheDocument();
    // The dialog behind stays hidden from assistive technology.
    expect(screen.queryByRole('dialog', { name: 'Drawer' })).not.toBeInTheDocument();
  });

  it('hides the page again behind the dialog left open when the one on top closes', async () => {
    stop = keepTopmostModalReachable();
    const page = render(<button>Page behind</button>);
    expect(screen.getByRole('button', { name: 'Page behind' })).toBeInTheDocument();
    const { unmount } = render(
      <Modal isOpen aria-label="Drawer">
        <ModalBody>
          <Button>In the drawer</Button>
        </ModalBody>
      </Modal>,
      {
        container: document.body.appendChild(document.createElement('div')),
      },
    );
    const inner = render(
      <Modal isOpen aria-label="On top">
        <ModalBody>
          <Button>On top</Button>
        </ModalBody>
      </Modal>,
      {
        container: document.body.appendChild(document.createElement('div')),
      },
    );
    expect(await screen.findByRole('dialog', { name: 'On top' })).toBeInTheDocument();
    inner.unmount();
    await screen.findByRole('dialog', { name: 'Drawer' });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Page behind' })).not.toBeInTheDocument(),
    );
    unmount();
    page.unmount();
  });

  it('keeps the toasts reachable, before the dialogs or after them', async () => {
    stop = keepTopmostModalReachable();
    const toasts = render(
      <AlertGroup isToast isLiveRegion>
        <Alert variant="success" title="Linked to incident successfully">
          <a href="/incidents/1">INC0000001</a>
        </Alert>
      </AlertGroup>,
    );
    await openInnerThenUpdateOuter();
    expect(screen.getByRole('link', { name: 'INC0000001' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Release name' })).toBeInTheDocument();
    toasts.unmount();
  });

  it('is needed: without it PatternFly hides the newest dialog', async () => {
    await openInnerThenUpdateOuter();
    expect(screen.queryByRole('textbox', { name: 'Release name' })).not.toBeInTheDocument();
  });
});
