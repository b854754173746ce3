import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { useCan } from '../../api/index.js';
import { fakeApiPerTest, FreshSwr, whoamiAs } from '../../shell/test-support.js';
import { Can } from './Can.js';

const page = fakeApiPerTest();
const signIn = (...args: Parameters<typeof whoamiAs>) =>
  page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs(...args) });

describe('useCan', () => {
  const asked = () => ({
    run: useCan('checks.run'),
    deletePeople: useCan('people.delete'),
    attach: useCan('incidents.attach'),
    writeCanaries: useCan('canaries', 'write'),
    readCanaries: useCan('canaries'),
  });

  it('answers actions from whoami, and read or write on resources', async () => {
    signIn('responder');
    const { result } = renderHook(asked, { wrapper: FreshSwr });
    await waitFor(() =>
      expect(result.current).toEqual({
        run: true,
        deletePeople: false,
        attach: true,
        writeCanaries: false,
        readCanaries: true,
      }),
    );
  });

  it('allows nothing before whoami has answered', () => {
    signIn('admin');
    const { result } = renderHook(asked, { wrapper: FreshSwr });
    expect(Object.values(result.current)).toEqual([false, false, false, false, false]);
  });

  it('follows the feature flags the server applied to the actions', async () => {
    signIn('admin', { disabled: ['incidents'] });
    const { result } = renderHook(asked, { wrapper: FreshSwr });
    await waitFor(() => expect(result.current.run).toBe(true));
    expect(result.current.attach).toBe(false);
  });
});

describe('Can', () => {
  function renderGates() {
    render(
      <FreshSwr>
        <Can resource="canaries">
          <p>Checks</p>
        </Can>
        <Can resource="canaries" write>
          <p>Edit</p>
        </Can>
        <Can do="checks.run" fallback={<p>Read only</p>}>
          <button>Run Now</button>
        </Can>
      </FreshSwr>,
    );
  }

  it('shows what a viewer may do, and the fallback for the rest', async () => {
    signIn('viewer');
    renderGates();
    expect(await screen.findByText('Checks')).toBeInTheDocument();
    expect(screen.getByText('Read only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run Now' })).not.toBeInTheDocument();
    expect(screen.queryByText('Edit')).not.toBeInTheDocument();
  });

  it('shows an editor the action and the write', async () => {
    signIn('editor');
    renderGates();
    expect(await screen.findByRole('button', { name: 'Run Now' })).toBeInTheDocument();
    expect(screen.getByText('Edit')).toBeInTheDocument();
    expect(screen.queryByText('Read only')).not.toBeInTheDocument();
  });
});
