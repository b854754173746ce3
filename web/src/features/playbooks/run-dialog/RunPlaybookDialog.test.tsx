import { jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { PARAM_MESSAGES, type PlaybookParameter } from '../../../../../common/playbook-params.js';
import { stubTextLayout } from '../../../components/YamlEditor/test-support.js';
import { fakeApiPerTest, renderPage } from '../../../shell/test-support.js';
import { RunPlaybookDialog, type RunPlaybookDialogProps } from './RunPlaybookDialog.js';

beforeAll(stubTextLayout);

const PLAYBOOK = {
  id: 'pb1',
  name: 'restart',
  title: 'Restart deployment',
  spec: { configs: [{ types: ['Kubernetes::Deployment'] }] },
};

const page = fakeApiPerTest((api) => {
  api.reply('POST api/playbook/run', { status: 201, body: { run_id: 'r1' } });
});
const reply = (...args: Parameters<typeof page.api.reply>) => page.api.reply(...args);
const posts = (path: string) => page.sent.filter((r) => r.method === 'POST' && r.path === path);
const runBody = () =>
  posts('api/playbook/run').at(-1)?.body as { params: Record<string, string> } | undefined;

function renderDialog(props: Partial<RunPlaybookDialogProps> = {}) {
  const onClose = jest.fn();
  const result = renderPage(
    <RunPlaybookDialog playbook={PLAYBOOK} onClose={onClose} {...props} />,
    '/health',
  );
  return { ...result, onClose, user: userEvent.setup() };
}

/** The params answer for any resource. */
const withParams = (params: PlaybookParameter[]) =>
  reply('POST api/playbook/pb1/params', { status: 200, body: { params } });

const dialog = () => screen.getByRole('dialog', { name: 'Restart deployment' });
const runButton = () => within(dialog()).getByRole('button', { name: 'Run' });

/** Holds the answers to `path` until released: what a user sees while the server works. */
function holdRequests(path: string) {
  const realFetch = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url).pathname.endsWith(path)) await gate;
    return realFetch(input, init);
  };
  return { release, restore: () => void (globalThis.fetch = realFetch) };
}

describe('RunPlaybookDialog', () => {
  describe('the resource selector', () => {
    it("asks for a resource first, then searches within the playbook's selectors 300 ms after the last key", async () => {
      withParams([{ name: 'reason', label: 'Reason', type: 'text' }]);
      reply('POST api/resources/search', {
        status: 200,
        body: { configs: [{ id: 'cfg1', name: 'payments-api', type: 'Kubernetes::Deployment' }] },
      });
      const { user } = renderDialog();
      expect(
        within(dialog()).getByText('Please select a resource to see the parameters.'),
      ).toBeInTheDocument();
      expect(runButton()).toBeDisabled();

      const search = within(dialog()).getByRole('combobox', { name: 'Resource' });
      await user.click(search);
      expect(await screen.findByRole('option', { name: 'Start typing to search' })).toBeInTheDocument();
      await user.type(search, 'payments');
      const option = await screen.findByRole('option', { name: /payments-api/ });
      expect(posts('api/resources/search')).toHaveLength(1);
      expect(posts('api/resources/search')[0]!.body).toEqual({
        limit: 50,
        configs: [{ types: ['Kubernetes::Deployment'], search: 'payments' }],
      });

      await user.click(option);
      expect(await within(dialog()).findByRole('textbox', { name: 'Reason' })).toBeInTheDocument();
      expect(
        within(dialog()).queryByText('Please select a resource to see the parameters.'),
      ).not.toBeInTheDocument();
      expect(posts('api/playbook/pb1/params').at(-1)!.body).toEqual({ id: 'pb1', config_id: 'cfg1' });
      expect(search).toHaveValue('payments-api');
    });

    it("says 'No options found' when nothing matches", async () => {
      reply('POST api/resources/search', { status: 200, body: { configs: [] } });
      const { user } = renderDialog();
      await user.type(within(dialog()).getByRole('combobox', { name: 'Resource' }), 'nothing');
      expect(await screen.findByRole('option', { name: 'No options found' })).toBeInTheDocument();
    });

    it('is not offered for a playbook that selects no resources', async () => {
      withParams([{ name: 'reason', label: 'Reason', type: 'text', default: 'weekly' }]);
      const { user } = renderDialog({ playbook: { ...PLAYBOOK, spec: {} } });
      expect(await within(dialog()).findByRole('textbox', { name: 'Reason' })).toHaveValue('weekly');
      expect(within(dialog()).queryByRole('combobox', { name: 'Resource' })).not.toBeInTheDocument();
      expect(posts('api/playbook/pb1/params')[0]!.body).toEqual({ id: 'pb1' });
      await user.click(runButton());
      await waitFor(() => expect(runBody()).toEqual({ id: 'pb1', params: { reason: 'weekly' } }));
    });

    it('is fixed to the resource the dialog is opened on', async () => {
      withParams([]);
      renderDialog({ resource: { check_id: 'c1', name: 'api-health' } });
      expect(await within(dialog()).findByText('No parameters for this playbook.')).toBeInTheDocument();
      expect(within(dialog()).getByRole('textbox', { name: 'Resource' })).toHaveValue('api-health');
      expect(within(dialog()).queryByRole('combobox', { name: 'Resource' })).not.toBeInTheDocument();
      expect(posts('api/playbook/pb1/params')[0]!.body).toEqual({ id: 'pb1', check_id: 'c1' });
      expect(posts('api/resources/search')).toHaveLength(0);
      expect(runButton()).toBeEnabled();
    });
  });

  describe('parameters', () => {
    const ALL_TYPES: PlaybookParameter[] = [
      {
        name: 'query',
        label: 'Query',
        type: 'code',
        required: true,
        properties: { language: 'sql', size: 'small' },
      },
      { name: 'wait', label: 'Wait for rollout', type: 'checkbox', default: 'true' },
      {
        name: 'database',
        label: 'Database',
        type: 'list',
        default: 'app',
        properties: { options: [{ label: 'App', value: 'app' }, { value: 'analytics' }] },
      },
      { name: 'team', label: 'Notify team', type: 'team' },
      { name: 'owner', label: 'Owner', type: 'people' },
      { name: 'target', label: 'Target config', type: 'config' },
      { name: 'component', label: 'Target component', type: 'component' },
      { name: 'check', label: 'Related check', type: 'check' },
      { name: 'notes', label: 'Notes', type: 'text', properties: { multiline: true } },
      { name: 'snapshot', label: 'Snapshot name', type: 'text', properties: { format: 'dns1123' } },
      { name: 'grace', label: 'Grace period', type: 'duration' },
      { name: 'token', label: 'Token', type: 'secret' },
      { name: 'replicas', label: 'Replicas', type: 'text', default: '3', properties: { min: 0, max: 20 } },
    ];

    async function pick(
      user: ReturnType<typeof userEvent.setup>,
      label: string,
      text: string,
      option: RegExp,
    ) {
      await user.type(within(dialog()).getByRole('combobox', { name: label }), text);
      await user.click(await screen.findByRole('option', { name: option }));
    }

    it('renders each type, prefilled with its default, and sends every value with the run', async () => {
      withParams(ALL_TYPES);
      reply('GET api/db/teams', { status: 200, body: [{ id: 't1', name: 'Payments' }] });
      reply('GET api/incidents/people', {
        status: 200,
        body: [{ id: 'p1', name: 'Jane Doe', avatar: null }],
      });
      reply('POST api/resources/search', {
        status: 200,
        body: {
          configs: [{ id: 'cfg9', name: 'orders-db', type: 'Postgres' }],
          components: [{ id: 'cmp9', name: 'orders-api', type: 'Service' }],
          checks: [{ id: 'chk9', name: 'orders-health', type: 'http' }],
        },
      });
      const { user, router } = renderDialog({ resource: { check_id: 'c1', name: 'api-health' } });
      const form = within(await screen.findByRole('dialog', { name: 'Restart deployment' }));

      const query = await form.findByRole('textbox', { name: 'Query' });
      const view = EditorView.findFromDOM(query)!;
      act(() => view.dispatch({ changes: { from: 0, insert: 'select 1' }, userEvent: 'input.type' }));

      expect(form.getByRole('checkbox', { name: 'Wait for rollout' })).toBeChecked();
      await user.click(form.getByRole('checkbox', { name: 'Wait for rollout' }));
      expect(form.getByRole('combobox', { name: 'Database' })).toHaveValue('app');
      await user.selectOptions(form.getByRole('combobox', { name: 'Database' }), 'analytics');
      await form.findByRole('option', { name: 'Payments' });
      await user.selectOptions(form.getByRole('combobox', { name: 'Notify team' }), 't1');
      await pick(user, 'Owner', 'Jan', /Jane Doe/);
      await pick(user, 'Target config', 'orders', /orders-db/);
      await pick(user, 'Target component', 'orders', /orders-api/);
      await pick(user, 'Related check', 'orders', /orders-health/);
      await user.type(form.getByRole('textbox', { name: 'Notes' }), 'line one{Enter}line two');
      await user.type(form.getByRole('textbox', { name: 'Snapshot name' }), 'snap-1');
      await user.selectOptions(form.getByRole('combobox', { name: 'Grace period' }), '5m');
      const token = form.getByLabelText('Token');
      expect(token).toHaveAttribute('type', 'password');
      await user.type(token, 's3cret');
      expect(form.getByRole('textbox', { name: 'Replicas' })).toHaveValue('3');

      // Only the resources the parameters ask for are searched, one kind each.
      expect(posts('api/resources/search').map((r) => Object.keys(r.body as object))).toEqual([
        ['limit', 'configs'],
        ['limit', 'components'],
        ['limit', 'checks'],
      ]);

      await user.click(runButton());
      await waitFor(() => expect(router.state.location.pathname).toBe('/playbooks/runs/r1'));
      expect(posts('api/playbook/run')[0]!.body).toEqual({
        id: 'pb1',
        check_id: 'c1',
        params: {
          query: 'select 1',
          wait: 'false',
          database: 'analytics',
          team: 't1',
          owner: 'p1',
          target: 'cfg9',
          component: 'cmp9',
          check: 'chk9',
          notes: 'line one\nline two',
          snapshot: 'snap-1',
          grace: '5m',
          token: 's3cret',
          replicas: '3',
        },
      });
    });

    it("says 'No parameters for this playbook.' when it has none", async () => {
      withParams([]);
      renderDialog({ resource: { config_id: 'cfg1', name: 'payments-api' } });
      expect(await within(dialog()).findByText('No parameters for this playbook.')).toBeInTheDocument();
    });

    it('shows the dns1123 problem at the field and keeps Run disabled until it is fixed', async () => {
      withParams([
        { name: 'snapshot', label: 'Snapshot name', type: 'text', properties: { format: 'dns1123' } },
      ]);
      const { user } = renderDialog({ resource: { config_id: 'cfg1' } });
      const input = await within(dialog()).findByRole('textbox', { name: 'Snapshot name' });
      await user.type(input, 'Snap_1');
      expect(input).toHaveAccessibleDescription(new RegExp(`^${PARAM_MESSAGES.dns1123}`));
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(runButton()).toBeDisabled();
      await user.type(input, '{Enter}');
      expect(posts('api/playbook/run')).toHaveLength(0);

      await user.clear(input);
      await user.type(input, 'snap-1');
      expect(input).not.toHaveAttribute('aria-invalid', 'true');
      expect(runButton()).toBeEnabled();
    });

    it('asks for a required value once the field is touched, and never runs without it', async () => {
      withParams([
        { name: 'reason', label: 'Reason', type: 'text', required: true, properties: { minLength: 5 } },
      ]);
      const { user } = renderDialog({ resource: { config_id: 'cfg1' } });
      const input = await within(dialog()).findByRole('textbox', { name: /Reason/ });
      expect(within(dialog()).queryByText('This field is required')).not.toBeInTheDocument();
      expect(runButton()).toBeDisabled();
      await user.type(input, 'abc');
      expect(input).toHaveAccessibleDescription(/^Must be at least 5 characters/);
      await user.clear(input);
      expect(input).toHaveAccessibleDescription(/^This field is required/);
      expect(runButton()).toBeDisabled();
      await user.type(input, 'rolling restart');
      expect(runButton()).toBeEnabled();
    });

    it('edits sizes and CPU amounts with their units and sends them with the unit', async () => {
      withParams([
        {
          name: 'memory',
          label: 'Memory limit',
          type: 'text',
          default: '1Gi',
          properties: { format: 'bytes' },
        },
        { name: 'disk', label: 'Disk', type: 'bytes' },
        {
          name: 'cpu',
          label: 'CPU limit',
          type: 'text',
          default: '500m',
          properties: { format: 'millicores' },
        },
      ]);
      const { user } = renderDialog({ resource: { config_id: 'cfg1' } });
      const form = within(await screen.findByRole('dialog', { name: 'Restart deployment' }));
      const memory = await form.findByRole('spinbutton', { name: 'Memory limit' });
      expect(memory).toHaveValue(1);
      expect(form.getByRole('combobox', { name: 'Memory limit unit' })).toHaveValue('Gi');
      await user.selectOptions(form.getByRole('combobox', { name: 'Memory limit unit' }), 'Mi');
      await user.clear(memory);
      await user.type(memory, '768');

      // The unit chosen before the amount is kept; Mi when none is chosen.
      expect(form.getByRole('combobox', { name: 'Disk unit' })).toHaveValue('Mi');
      await user.selectOptions(form.getByRole('combobox', { name: 'Disk unit' }), 'Ti');
      await user.type(form.getByRole('spinbutton', { name: 'Disk' }), '2');

      const cpu = form.getByRole('spinbutton', { name: 'CPU limit' });
      expect(cpu).toHaveValue(500);
      await user.clear(cpu);
      await user.type(cpu, '1500');

      await user.click(runButton());
      await waitFor(() => expect(runBody()?.params).toEqual({ memory: '768Mi', disk: '2Ti', cpu: '1500m' }));
    });
  });

  describe('Run', () => {
    it("reads 'Running...' while the run starts, then opens the run", async () => {
      withParams([]);
      const held = holdRequests('api/playbook/run');
      try {
        const { user, router, onClose } = renderDialog({ resource: { config_id: 'cfg1' } });
        await within(dialog()).findByText('No parameters for this playbook.');
        await user.click(runButton());
        const busy = await within(dialog()).findByRole('button', { name: /Running\.\.\./ });
        expect(busy).toBeDisabled();
        expect(router.state.location.pathname).toBe('/health');
        held.release();
        await waitFor(() => expect(router.state.location.pathname).toBe('/playbooks/runs/r1'));
        expect(onClose).toHaveBeenCalledTimes(1);
      } finally {
        held.restore();
      }
    });

    it("toasts the server's text on failure and keeps what was typed", async () => {
      withParams([{ name: 'reason', label: 'Reason', type: 'text' }]);
      reply('POST api/playbook/run', {
        status: 400,
        body: { error: 'playbook is not allowed on this resource' },
      });
      const { user, router, onClose } = renderDialog({ resource: { config_id: 'cfg1' } });
      const reason = await within(dialog()).findByRole('textbox', { name: 'Reason' });
      await user.type(reason, 'disk full');
      await user.click(runButton());

      const toast = await screen.findByText('playbook is not allowed on this resource');
      expect(dialog()).not.toContainElement(toast);
      expect(reason).toHaveValue('disk full');
      await waitFor(() => expect(runButton()).toBeEnabled());
      expect(onClose).not.toHaveBeenCalled();
      expect(router.state.location.pathname).toBe('/health');
    });

    it('shows why the parameters could not be loaded', async () => {
      reply('POST api/playbook/pb1/params', { status: 404, body: { error: 'playbook not found' } });
      renderDialog({ resource: { config_id: 'cfg1' } });
      expect(await within(dialog()).findByText('playbook not found')).toBeInTheDocument();
      expect(runButton()).toBeDisabled();
    });
  });

  describe('keyboard', () => {
    it('picks a resource with the arrows and Enter, and tabs through the fields in order', async () => {
      withParams([
        { name: 'reason', label: 'Reason', type: 'text' },
        { name: 'wait', label: 'Wait for rollout', type: 'checkbox' },
        { name: 'memory', label: 'Memory limit', type: 'bytes' },
      ]);
      reply('POST api/resources/search', {
        status: 200,
        body: { configs: [{ id: 'cfg1', name: 'payments-api', type: 'Kubernetes::Deployment' }] },
      });
      const { user } = renderDialog();
      const form = within(dialog());
      const search = form.getByRole('combobox', { name: 'Resource' });
      await user.click(search);
      await user.keyboard('pay');
      await screen.findByRole('option', { name: /payments-api/ });
      await user.keyboard('{ArrowDown}{Enter}');
      expect(search).toHaveValue('payments-api');
      expect(dialog()).toBeInTheDocument();

      const reason = await form.findByRole('textbox', { name: 'Reason' });
      await user.click(reason);
      await user.tab();
      expect(form.getByRole('checkbox', { name: 'Wait for rollout' })).toHaveFocus();
      await user.keyboard(' ');
      expect(form.getByRole('checkbox', { name: 'Wait for rollout' })).toBeChecked();
      await user.tab();
      expect(form.getByRole('spinbutton', { name: 'Memory limit' })).toHaveFocus();
      await user.tab();
      expect(form.getByRole('combobox', { name: 'Memory limit unit' })).toHaveFocus();
      await user.tab();
      expect(runButton()).toHaveFocus();
      await user.keyboard('{Enter}');
      await waitFor(() =>
        expect(runBody()).toEqual({
          id: 'pb1',
          config_id: 'cfg1',
          params: { reason: '', wait: 'true', memory: '' },
        }),
      );
    });
  });
});
