import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApiPerTest, whoamiAs } from '../../../shell/test-support.js';
import { ActionPlanTab, NO_EVIDENCES } from './ActionPlanTab.js';
import {
  commentRow,
  factor,
  HYPOTHESES,
  incident,
  renderTab,
  root,
  solution,
  treeReplies,
  writesTo,
} from './test-support.js';

const page = fakeApiPerTest(treeReplies);

const renderPlan = (search = '') => renderTab(<ActionPlanTab incident={incident} />, search);
const node = (name: RegExp | string) => screen.findByRole('article', { name });

describe('ActionPlanTab', () => {
  it('shows the tree root → factor → solution, reading the incident’s hypotheses with their evidence', async () => {
    renderPlan();
    const rootNode = await node('Root cause: Database overloaded');
    expect(await node('Factor: Slow queries')).toBeInTheDocument();
    const solutionNode = await node('Solution: (no title)');
    expect(within(solutionNode).getByRole('textbox', { name: 'Title of the solution' })).toHaveAttribute(
      'placeholder',
      '(no title)',
    );
    // The factor sits inside the root's list item, the solution inside the factor's.
    expect(rootNode.closest('li')).toContainElement(solutionNode);
    const query = page.sent.find((r) => r.path === 'api/db/hypotheses')!.query;
    expect(query.get('incident_id')).toBe('eq.i1');
    expect(query.get('select')).toBe('*,evidences(*)');
  });

  it('keeps expand/collapse all in comments=true and shows each hypothesis’s comments and evidence', async () => {
    const { user, router } = renderPlan();
    await node('Root cause: Database overloaded');
    expect(screen.queryByText('No Evidence')).not.toBeInTheDocument();
    expect(screen.queryByText('The index is missing')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(router.state.location.search).toBe('?comments=true');
    expect(await screen.findByText('The index is missing')).toBeInTheDocument();
    // The factor and the solution have no evidence; the root's config evidence shows.
    expect(screen.getAllByText('No Evidence')).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Config evidence: checkout deployment' })).toBeInTheDocument();
    // The mention reads as the person's name.
    const mentioning = screen.getByText(/^Paging/).closest('li')!;
    expect(within(mentioning).getByRole('link', { name: '@Alan Turing' })).toBeInTheDocument();
    expect(screen.queryByText(/user:/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(screen.queryByText('The index is missing')).not.toBeInTheDocument());
  });

  it('opens every hypothesis when the URL says comments=true, and one can still be closed by hand', async () => {
    const { user } = renderPlan('?comments=true');
    expect(await screen.findByText('The index is missing')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide comments and evidence of Slow queries' }));
    expect(screen.queryByText('The index is missing')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Collapse all' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("says 'There are no evidences provided for this incident' when no hypothesis has evidence", async () => {
    page.api.reply('GET api/db/hypotheses', {
      status: 200,
      body: HYPOTHESES.map((h) => ({ ...h, evidences: [] })),
    });
    renderPlan();
    expect(await screen.findByText(NO_EVIDENCES)).toBeInTheDocument();
  });

  it('shows 5 of more than 6 comments, the rest on demand, in a list at most 200px high', async () => {
    const many = Array.from({ length: 7 }, (_, i) =>
      commentRow({ id: `m${i}`, hypothesis_id: 'h2', comment: `Note ${i + 1}` }),
    );
    page.api.reply('GET api/db/comments', { status: 200, body: many });
    const { user } = renderPlan('?comments=true');
    const list = await screen.findByRole('list', { name: 'Comments on Slow queries' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(list.parentElement).toHaveStyle({ maxHeight: '200px' });
    await user.click(screen.getByRole('button', { name: 'Show 2 more comments' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    expect(within(list).getByText('Note 7')).toBeInTheDocument();
  });

  it('shows all of 6 comments without a Show more', async () => {
    const six = Array.from({ length: 6 }, (_, i) =>
      commentRow({ id: `m${i}`, hypothesis_id: 'h2', comment: `Note ${i + 1}` }),
    );
    page.api.reply('GET api/db/comments', { status: 200, body: six });
    renderPlan('?comments=true');
    const list = await screen.findByRole('list', { name: 'Comments on Slow queries' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: /^Show \d+ more/ })).not.toBeInTheDocument();
  });

  it('adds a factor under the root and a solution under a factor; a solution has no children', async () => {
    const { user } = renderPlan();
    const rootNode = await node('Root cause: Database overloaded');
    const solutionNode = await node('Solution: (no title)');
    expect(within(solutionNode).queryByRole('button', { name: /^Add/ })).not.toBeInTheDocument();

    await user.click(within(rootNode).getByRole('button', { name: 'Add factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add factor' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Connection pool too small');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writesTo(page.sent, 'POST', 'api/db/hypotheses').map((r) => r.body)).toEqual([
      {
        incident_id: 'i1',
        parent_id: root.id,
        title: 'Connection pool too small',
        type: 'factor',
        status: 'possible',
        created_by: 'u1',
      },
    ]);

    await user.click(
      within(await node('Factor: Slow queries')).getByRole('button', { name: 'Add solution' }),
    );
    const second = await screen.findByRole('dialog', { name: 'Add solution' });
    await user.click(within(second).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writesTo(page.sent, 'POST', 'api/db/hypotheses')).toHaveLength(2));
    expect(writesTo(page.sent, 'POST', 'api/db/hypotheses')[1]!.body).toMatchObject({
      parent_id: factor.id,
      type: 'solution',
      title: null,
    });
  });

  it('saves a burst of status changes once, with the last status, after the 200 ms debounce', async () => {
    renderPlan();
    const select = within(await node('Factor: Slow queries')).getByRole('combobox', {
      name: 'Status of Slow queries',
    });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Proven', 'Likely', 'Possible', 'Unlikely', 'Improbable', 'Disproven']);
    // Two choices in a row, well within 200 ms of each other.
    fireEvent.change(select, { target: { value: 'likely' } });
    fireEvent.change(select, { target: { value: 'proven' } });
    expect(writesTo(page.sent, 'PATCH', 'api/db/hypotheses')).toHaveLength(0);
    await waitFor(() => expect(writesTo(page.sent, 'PATCH', 'api/db/hypotheses')).toHaveLength(1));
    const [patch] = writesTo(page.sent, 'PATCH', 'api/db/hypotheses');
    expect(patch!.body).toEqual({ status: 'proven' });
    expect(patch!.query.get('id')).toBe(`eq.${factor.id}`);
  });

  it('saves a title once the typing has stopped for a second', async () => {
    const { user } = renderPlan();
    const title = within(await node('Solution: (no title)')).getByRole('textbox', {
      name: 'Title of the solution',
    });
    await user.type(title, 'Add the index');
    await waitFor(() => expect(writesTo(page.sent, 'PATCH', 'api/db/hypotheses')).toHaveLength(1));
    const [patch] = writesTo(page.sent, 'PATCH', 'api/db/hypotheses');
    expect(patch!.body).toEqual({ title: 'Add the index' });
    expect(patch!.query.get('id')).toBe(`eq.${solution.id}`);
  });

  it('disproves a hypothesis from its Disprove button', async () => {
    const { user } = renderPlan();
    const factorNode = await node('Factor: Slow queries');
    await user.click(within(factorNode).getByRole('button', { name: 'Disprove' }));
    await waitFor(() => expect(writesTo(page.sent, 'PATCH', 'api/db/hypotheses')).toHaveLength(1));
    expect(writesTo(page.sent, 'PATCH', 'api/db/hypotheses')[0]!.body).toEqual({ status: 'disproven' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Status of Slow queries' })).toHaveValue('disproven'),
    );
    expect(within(factorNode).queryByRole('button', { name: 'Disprove' })).not.toBeInTheDocument();
  });

  it('offers Disprove instead of Delete, and deletes the hypothesis with those under it', async () => {
    const { user } = renderPlan();
    await user.click(
      within(await node('Factor: Slow queries')).getByRole('button', { name: 'Delete Slow queries' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Delete hypothesis ?' });
    expect(dialog).toHaveTextContent('and the 1 hypothesis under it');
    await user.click(within(dialog).getByRole('button', { name: 'Disprove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writesTo(page.sent, 'PATCH', 'api/db/hypotheses').map((r) => r.body)).toEqual([
      { status: 'disproven' },
    ]);
    expect(writesTo(page.sent, 'DELETE', 'api/db/hypotheses')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Slow queries' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete hypothesis ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [remove] = writesTo(page.sent, 'DELETE', 'api/db/hypotheses');
    expect(remove!.query.get('id')).toBe(`in.(${factor.id},${solution.id})`);
  });

  it('keeps the dialog open with the server’s message when the delete is refused', async () => {
    page.api.reply('DELETE api/db/hypotheses', { status: 409, body: { message: 'The incident is closed' } });
    const { user } = renderPlan();
    await user.click(
      within(await node('Factor: Slow queries')).getByRole('button', { name: 'Delete Slow queries' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete hypothesis ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The incident is closed')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('shows a viewer the tree without anything that writes', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    const { user } = renderPlan('?comments=true');
    const rootNode = await node('Root cause: Database overloaded');
    expect(within(rootNode).getByRole('heading', { name: 'Database overloaded' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add|Disprove|^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
    expect(within(rootNode).getByText('Possible')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
  });
});
