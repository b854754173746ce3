import { screen, waitFor, within } from '@testing-library/react';
import { fakeApiPerTest } from '../../../shell/test-support.js';
import {
  CHECK_EVIDENCE,
  evidence,
  incident,
  incidentReplies,
  LOG_EVIDENCE,
  renderIncident,
} from '../detail-test-support.js';

const MANUAL = evidence({
  id: 'e9',
  type: 'comment',
  description: 'Customers confirm checkout works',
  definition_of_done: true,
});
const AUTOMATIC = {
  ...CHECK_EVIDENCE,
  definition_of_done: true,
  done: true,
  script: "check.status == 'healthy'",
};
const withEvidences = (...evidences: ReturnType<typeof evidence>[]) =>
  incident({ hypotheses: [{ ...incident().hypotheses[0]!, evidences }] });

const page = fakeApiPerTest((api) => {
  incidentReplies(api, withEvidences(LOG_EVIDENCE, AUTOMATIC, MANUAL));
  api.reply('PATCH api/db/evidences', { status: 204 });
  api.reply('POST api/db/evidences', { status: 201 });
});
const writes = () => page.sent.filter((r) => r.method !== 'GET');

async function openPanel() {
  const rendered = renderIncident();
  await rendered.user.click(await screen.findByRole('button', { name: 'Definition of done' }));
  return rendered;
}

describe('the definition of done panel', () => {
  it('lists the evidences of the definition of done with their state', async () => {
    await openPanel();
    const list = await screen.findByRole('list', { name: 'Definition of done' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('HTTP check failing'),
      expect.stringContaining('Customers confirm checkout works'),
    ]);
    expect(items[0]).toHaveTextContent('Done');
    expect(items[1]).toHaveTextContent('Pending');
    expect(list).not.toHaveTextContent('Error rate spike');
  });

  it('removes an evidence after confirming, setting it back to false', async () => {
    const { user } = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Actions for HTTP check failing' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove from definition of done ?' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to remove the evidence from definition of done ?',
    );
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'PATCH',
      path: 'api/db/evidences',
      body: { definition_of_done: false },
    });
    expect(writes()[0]!.query.get('id')).toBe('in.(e2)');
  });

  it('says when removing failed', async () => {
    page.api.reply('PATCH api/db/evidences', { status: 500, body: { message: 'nope' } });
    const { user } = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Actions for HTTP check failing' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove from definition of done ?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText('Removing evidence from definition of done failed')).toBeInTheDocument();
  });

  it('marks a manual item resolved after a confirmation', async () => {
    const { user } = await openPanel();
    await user.click(
      await screen.findByRole('button', { name: 'Actions for Customers confirm checkout works' }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Mark as resolved' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark as resolved' });
    expect(dialog).toHaveTextContent('Are you sure you want to mark the definition of done as resolved?');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as resolved' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'PATCH', body: { done: true } });
    expect(writes()[0]!.query.get('id')).toBe('in.(e9)');
  });

  it('offers resolving only for manual items', async () => {
    const { user } = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Actions for HTTP check failing' }));
    expect(screen.getByRole('menuitem', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Mark as/ })).not.toBeInTheDocument();
  });

  it('adds evidences with a script through the automatic wizard', async () => {
    const { user } = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Add definition of done' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Definition of Done' });
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Automatic' }));
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    // Only what is not yet part of the definition of done is offered.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual(['Error rate spike']);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Error rate spike' }));
    await user.click(next);

    const script = within(dialog).getByRole('textbox', { name: 'Define done using a CEL expression:' });
    const samples = within(dialog).getAllByRole('button', { name: /^Use sample:/ });
    expect(samples).toHaveLength(3);
    await user.click(samples[0]!);
    expect((script as HTMLTextAreaElement).value).not.toBe('');
    await user.clear(script);
    await user.type(script, "component.status == 'healthy'");
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Definition of Done' })).not.toBeInTheDocument(),
    );
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: 'api/db/evidences',
        body: { definition_of_done: true, script: "component.status == 'healthy'" },
      }),
    ]);
    expect(writes()[0]!.query.get('id')).toBe('in.(e1)');
  });

  it('adds without a script, the script being optional', async () => {
    const { user } = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Add definition of done' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Definition of Done' });
    await user.click(within(dialog).getByRole('button', { name: 'Automatic' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Error rate spike' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ body: { definition_of_done: true, script: null } });
  });

  it('says when marking failed and keeps the wizard', async () => {
    page.api.reply('PATCH api/db/evidences', { status: 500, body: { message: 'nope' } });
    const { user } = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Add definition of done' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Definition of Done' });
    await user.click(within(dialog).getByRole('button', { name: 'Automatic' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Error rate spike' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Marking evidence as part of definition of done failed'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Definition of Done' })).toBeInTheDocument();
  });

  it('says when every evidence is already part of the definition of done', async () => {
    incidentReplies(page.api, withEvidences(AUTOMATIC));
    const { user } = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Add definition of done' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Definition of Done' });
    await user.click(within(dialog).getByRole('button', { name: 'Automatic' }));
    expect(
      within(dialog).getByText('There are no evidences which are not part of definition of done'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('adds a manual item as a comment evidence on the root hypothesis', async () => {
    const { user } = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Add definition of done' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Definition of Done' });
    await user.click(within(dialog).getByRole('button', { name: 'Manual' }));
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Manual Definition of Done' }),
      'Status page updated',
    );
    expect(add).toBeEnabled();
    await user.click(add);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Definition of Done' })).not.toBeInTheDocument(),
    );
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: 'api/db/evidences',
        body: {
          hypothesis_id: 'h1',
          type: 'comment',
          description: 'Status page updated',
          evidence: { comment: 'Status page updated' },
          definition_of_done: true,
          created_by: 'u1',
        },
      }),
    ]);
  });
});
