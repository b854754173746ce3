import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TriStateFilter, type TriState } from '../ToggleFilter/index.js';

/** A filter with a popover (PatternFly's, which traps focus while open) beside a text field. */
function Filters() {
  const [value, setValue] = useState<TriState>({});
  return (
    <>
      <TriStateFilter label="Change type" options={['diff']} value={value} onChange={setValue} />
      <input aria-label="Tag" />
    </>
  );
}

describe('useFocusWhereClicked', () => {
  it('leaves focus in the field clicked while a popover was open', async () => {
    const user = userEvent.setup();
    render(<Filters />);
    await user.click(screen.getByRole('button', { name: 'Change type' }));
    await screen.findByRole('dialog');

    await user.click(screen.getByRole('textbox', { name: 'Tag' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('cluster=prod');
    expect(screen.getByRole('textbox', { name: 'Tag' })).toHaveValue('cluster=prod');
  });

  it('gives focus back to the toggle when Escape closes the popover', async () => {
    const user = userEvent.setup();
    render(<Filters />);
    await user.click(screen.getByRole('button', { name: 'Change type' }));
    await screen.findByRole('dialog');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Change type' })).toHaveFocus();
  });
});
