import { screen, waitFor, within } from '@testing-library/react';
import { linkedReadOnly } from '../../../../../common/managed.js';
import { check, CHECK_ID, runs, summary, useDrawerApi } from './drawer-test-kit.js';

const { reply, renderDrawer, requestsTo, historyRequests, sent, whoamiAnswered } = useDrawerApi();

describe('CheckDrawer actions', () => {
  describe('Run Now', () => {
    it.each(['viewer'] as const)('is hidden from a %s', async (role) => {
      renderDrawer(role);
      await whoamiAnswered();
      expect(screen.queryByRole('button', { name: 'Run Now' })).not.toBeInTheDocument();
    });

    it.each(['responder', 'commander', 'editor', 'admin'] as const)('is offered to a %s', async (role) => {
      renderDrawer(role);
      expect(await screen.findByRole('button', { name: 'Run Now' })).toBeEnabled();
    });

    it('runs the check, tells the result and reloads', async () => {
      reply('POST api/canary/run/check/c1', {
        status: 200,
        body: { result: { ...runs[0], status: false }, check: summary.checks_summary[0] },
      });
      const { user, onRan } = renderDrawer('responder');
      await user.click(await screen.findByRole('button', { name: 'Run Now' }));
      expect(await screen.findByText('Check ran: unhealthy: connection refused')).toBeInTheDocument();
      expect(onRan).toHaveBeenCalledTimes(1);
      expect(
        sent()
          .filter((r) => r.method === 'POST')
          .map((r) => r.path),
      ).toEqual(['api/canary/run/check/c1']);
      await waitFor(() => expect(requestsTo('api/canary/api/summary')).toHaveLength(2));
      await waitFor(() => expect(historyRequests().length).toBeGreaterThanOrEqual(2));
    });

    it("toasts the server's refusal", async () => {
      reply('POST api/canary/run/check/c1', { status: 403, body: { error: 'You may not run checks' } });
      const { user, onRan } = renderDrawer('responder');
      await user.click(await screen.findByRole('button', { name: 'Run Now' }));
      expect(await screen.findByText('You may not run checks')).toBeInTheDocument();
      expect(onRan).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Run Now' })).toBeEnabled();
    });
  });

  describe('Edit', () => {
    it("links canary writers to the check's definition", async () => {
      renderDrawer('editor');
      expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
        'href',
        '/settings/canaries/can1',
      );
    });

    it("is off for an agent's canary, which says where it is changed", async () => {
      const agent = { id: 'a1', name: 'eu-1' };
      const canary = { ...check.canary, agent_id: agent.id, created_by: null, agent };
      reply('GET api/db/checks', { status: 200, body: [{ ...check, agent_id: agent.id, canary }] });
      const { user } = renderDrawer('editor');
      const edit = await screen.findByRole('button', { name: 'Edit' });
      expect(edit).toHaveAttribute('aria-disabled', 'true');
      expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
      expect(screen.getByText('Linked to eu-1')).toBeInTheDocument();
      await user.hover(edit);
      expect(await screen.findByText(linkedReadOnly('This health check', 'eu-1'))).toBeInTheDocument();
    });

    it("links to the hub's own assignment to an agent", async () => {
      const agent = { id: 'a1', name: 'eu-1' };
      const canary = { ...check.canary, agent_id: agent.id, created_by: 'p1', agent };
      reply('GET api/db/checks', { status: 200, body: [{ ...check, agent_id: agent.id, canary }] });
      renderDrawer('editor');
      expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    });

    it('is hidden from those who cannot change canaries', async () => {
      renderDrawer('responder');
      await screen.findByRole('button', { name: 'Run Now' });
      expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    });
  });

  describe('Playbooks menu', () => {
    it('lists the playbooks the server matches to the check and runs one on it', async () => {
      reply('POST api/playbook/pb1/params', {
        status: 200,
        body: { params: [{ name: 'level', label: 'Log level', type: 'text', default: 'debug' }] },
      });
      reply('POST api/playbook/run', { status: 201, body: { run_id: 'run7' } });
      const { user, router } = renderDrawer('admin');
      await user.click(await screen.findByRole('button', { name: 'Playbooks' }));
      const item = await screen.findByRole('menuitem', { name: 'Re-run check with debug' });
      expect(requestsTo('api/playbook/list').at(-1)!.query.get('check_id')).toBe(CHECK_ID);
      await user.click(item);

      const dialog = await screen.findByRole('dialog', { name: 'Re-run check with debug' });
      expect(within(dialog).getByRole('textbox', { name: 'Resource' })).toHaveValue('api-health');
      const level = await within(dialog).findByRole('textbox', { name: 'Log level' });
      expect(level).toHaveValue('debug');
      await user.clear(level);
      await user.type(level, 'trace');
      await user.click(within(dialog).getByRole('button', { name: 'Run' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/playbooks/runs/run7'));
      expect(sent().find((r) => r.method === 'POST' && r.path === 'api/playbook/run')!.body).toEqual({
        id: 'pb1',
        check_id: CHECK_ID,
        params: { level: 'trace' },
      });
      expect(sent().find((r) => r.path === 'api/playbook/pb1/params')!.body).toEqual({
        id: 'pb1',
        check_id: CHECK_ID,
      });
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Re-run check with debug' })).not.toBeInTheDocument(),
      );
    });

    it("says 'No playbooks' when none matches", async () => {
      reply('GET api/playbook/list', { status: 200, body: [] });
      const { user } = renderDrawer('admin');
      await user.click(await screen.findByRole('button', { name: 'Playbooks' }));
      expect(await screen.findByRole('menuitem', { name: 'No playbooks' })).toBeDisabled();
    });

    it("says why the list could not be loaded, in the server's words", async () => {
      reply('GET api/playbook/list', { status: 500, body: { error: 'playbooks are unavailable' } });
      const { user } = renderDrawer('admin');
      await user.click(await screen.findByRole('button', { name: 'Playbooks' }));
      expect(await screen.findByRole('menuitem', { name: 'playbooks are unavailable' })).toBeDisabled();
    });

    it.each<[string, Parameters<typeof renderDrawer>]>([
      ['without write on playbook runs', ['responder']],
      ['when the playbooks feature is off', ['admin', { disabled: ['playbooks'] }]],
    ])('is hidden %s', async (_case, [role, options]) => {
      renderDrawer(role, options);
      await screen.findByRole('button', { name: 'Run Now' });
      expect(screen.queryByRole('button', { name: 'Playbooks' })).not.toBeInTheDocument();
    });
  });

  describe('Attach as Evidence', () => {
    it('is hidden when the incidents feature is disabled', async () => {
      renderDrawer('responder', { disabled: ['incidents'] });
      await screen.findByRole('button', { name: 'Run Now' });
      expect(screen.queryByRole('button', { name: 'Attach as Evidence' })).not.toBeInTheDocument();
    });

    it('is hidden from viewers', async () => {
      renderDrawer('viewer');
      await whoamiAnswered();
      expect(screen.queryByRole('button', { name: 'Attach as Evidence' })).not.toBeInTheDocument();
    });

    it('attaches the check, from the start of the range with its messages, to a hypothesis of an open incident', async () => {
      reply('GET api/db/incidents', {
        status: 200,
        body: [{ id: 'i1', incident_id: 'INC0000042', title: 'Payments down', status: 'open' }],
      });
      reply('GET api/db/hypotheses', {
        status: 200,
        body: [{ id: 'h1', title: 'Bad deploy', type: 'root' }],
      });
      reply('POST api/incidents/i1/evidence', {
        status: 201,
        body: { hypothesis_id: 'h1', evidence_id: 'e1' },
      });
      const { user } = renderDrawer('responder');
      await user.click(await screen.findByRole('button', { name: 'Attach as Evidence' }));
      const dialog = await screen.findByRole('dialog', { name: 'Attach as Evidence' });
      expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('api-health');

      const incident = within(dialog).getByRole('combobox', { name: 'Incident' });
      await within(dialog).findByRole('option', { name: 'INC0000042 Payments down' });
      await user.selectOptions(incident, 'i1');
      await within(dialog).findByRole('option', { name: 'Bad deploy (root)' });
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Hypothesis' }), 'h1');
      await user.click(within(dialog).getByRole('button', { name: 'Link' }));

      expect(await screen.findByText(/Linked to incident successfully/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'INC0000042' })).toHaveAttribute('href', '/incidents/i1');
      const post = sent().find((r) => r.method === 'POST' && r.path === 'api/incidents/i1/evidence')!;
      expect(post.body).toEqual({
        hypothesis_id: 'h1',
        evidence: {
          type: 'check',
          check_id: CHECK_ID,
          description: 'api-health',
          evidence: { start: expect.any(String), includeMessages: true },
        },
      });
      const incidents = requestsTo('api/db/incidents')[0]!.query;
      expect(incidents.get('status')).toBe('not.in.(closed,resolved)');
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Attach as Evidence' })).not.toBeInTheDocument(),
      );
    });

    it('asks for a hypothesis of an existing incident before attaching', async () => {
      reply('GET api/db/incidents', {
        status: 200,
        body: [{ id: 'i1', incident_id: 'INC0000042', title: 'Payments down', status: 'open' }],
      });
      reply('GET api/db/hypotheses', { status: 200, body: [] });
      const { user } = renderDrawer('responder');
      await user.click(await screen.findByRole('button', { name: 'Attach as Evidence' }));
      const dialog = await screen.findByRole('dialog', { name: 'Attach as Evidence' });
      await user.click(within(dialog).getByRole('button', { name: 'Link' }));
      expect(await within(dialog).findByText('Must select or create an incident')).toBeInTheDocument();
      await within(dialog).findByRole('option', { name: 'INC0000042 Payments down' });
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Incident' }), 'i1');
      expect(await within(dialog).findByText('Must select or create a hypothesis')).toBeInTheDocument();
      expect(sent().some((r) => r.method === 'POST')).toBe(false);
    });
  });
});
