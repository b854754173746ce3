import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell, whoamiAs } from '../../../shell/test-support.js';
import {
  ALAN,
  commentRow,
  COMMENTS,
  incident,
  renderTab,
  treeReplies,
  writesTo,
} from '../action-plan/test-support.js';
import { ActionPlanTab } from '../action-plan/ActionPlanTab.js';
import { IncidentListPage } from '../IncidentListPage.js';
import { CommentsTab, TIMELINE_NEWEST } from './CommentsTab.js';

const page = fakeApiPerTest(treeReplies);

const renderComments = () => renderTab(<CommentsTab incident={incident} />);

/** Holds the UI's POST of a comment until `release()`: the moment between sending and the answer. */
function holdCommentPosts() {
  const inner = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (init?.method === 'POST' && url.includes('api/db/comments')) await gate;
    return inner(input, init);
  };
  return { release, restore: () => void (globalThis.fetch = inner) };
}

describe('CommentsTab', () => {
  it('lists every comment of the incident in time order with the hypothesis it is about', async () => {
    renderComments();
    const timeline = await screen.findByRole('list', { name: 'Comment timeline' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Ada Lovelace');
    expect(items[0]).toHaveTextContent('Paging @Alan Turing about the pool');
    expect(items[0]).toHaveTextContent('Database overloaded');
    expect(items[1]).toHaveTextContent('The index is missing');
    expect(items[1]).toHaveTextContent('Slow queries');
    const query = page.sent.find((r) => r.path === 'api/db/comments')!.query;
    expect(query.get('incident_id')).toBe('eq.i1');
    expect(query.get('order')).toBe('created_at.asc');
  });

  it('shows the newest comments of a long incident first, and the earlier ones on request', async () => {
    const many = Array.from({ length: TIMELINE_NEWEST + 30 }, (_, n) =>
      commentRow({ id: `c${n}`, comment: `comment number ${n}` }),
    );
    page.api.reply('GET api/db/comments', { status: 200, body: many });
    const { user } = renderComments();
    const timeline = await screen.findByRole('list', { name: 'Comment timeline' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(TIMELINE_NEWEST);
    expect(within(timeline).getAllByRole('listitem')[0]).toHaveTextContent('comment number 30');
    await user.click(screen.getByRole('button', { name: 'Show 30 earlier comments' }));
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(TIMELINE_NEWEST + 30);
    expect(within(timeline).getAllByRole('listitem')[0]).toHaveTextContent('comment number 0');
    expect(screen.queryByRole('button', { name: /earlier comment/ })).not.toBeInTheDocument();
  });

  it('links a mention to the incidents the person owns, reachable with the keyboard', async () => {
    page.api.reply('GET api/db/incident_summary', {
      status: 200,
      body: [],
      headers: { 'Content-Range': '*/0' },
    });
    // The owner filter names the person through an incident they opened.
    page.api.reply('GET api/db/incidents', { status: 200, body: [{ owner: ALAN }] });
    page.api.reply('GET api/db/components', { status: 200, body: [] });
    const user = userEvent.setup();
    const { router } = renderInShell(
      [
        { path: 'incidents', element: <IncidentListPage /> },
        { path: 'incidents/:id', element: <CommentsTab incident={incident} /> },
      ],
      '/incidents/i1',
    );
    const timeline = await screen.findByRole('list', { name: 'Comment timeline' });
    const mention = within(timeline).getByRole('link', { name: '@Alan Turing' });
    expect(mention).toHaveAttribute('href', `/incidents?owner=${ALAN.id}`);

    mention.focus();
    expect(mention).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents'));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveDisplayValue('Alan Turing'),
    );
    await waitFor(() =>
      expect(
        page.sent.some(
          (r) => r.path === 'api/db/incident_summary' && r.query.get('created_by') === `eq.${ALAN.id}`,
        ),
      ).toBe(true),
    );
  });

  it("asks for a hypothesis and a text: 'Please select any hypothesis', 'Please add comment details'", async () => {
    const { user } = renderComments();
    await screen.findByRole('list', { name: 'Comment timeline' });
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Please select any hypothesis')).toBeInTheDocument();
    expect(screen.getByText('Please add comment details')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Hypothesis' }), 'h2');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(screen.queryByText('Please select any hypothesis')).not.toBeInTheDocument();
    expect(screen.getByText('Please add comment details')).toBeInTheDocument();
    expect(writesTo(page.sent, 'POST', 'api/db/comments')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Adding the index now');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(writesTo(page.sent, 'POST', 'api/db/comments')).toHaveLength(1));
    expect(writesTo(page.sent, 'POST', 'api/db/comments')[0]!.body).toEqual({
      created_by: 'u1',
      incident_id: 'i1',
      hypothesis_id: 'h2',
      comment: 'Adding the index now',
    });
  });

  it('mentions a person picked with the keyboard as @[Name](user:id) and shows the name', async () => {
    const hold = holdCommentPosts();
    try {
      const { user } = renderComments();
      await screen.findByRole('list', { name: 'Comment timeline' });
      await user.selectOptions(screen.getByRole('combobox', { name: 'Hypothesis' }), 'h1');
      const box = screen.getByRole('textbox', { name: 'Comment' });
      await user.type(box, 'Over to @al');
      const picker = await screen.findByRole('listbox', { name: 'People to mention' });
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Ada Lovelace', 'Alan Turing']);
      await waitFor(() =>
        expect(page.sent.some((r) => r.path === 'api/incidents/people' && r.query.get('q') === 'al')).toBe(
          true,
        ),
      );
      await user.keyboard('{ArrowDown}{Enter}');
      expect(box).toHaveValue(`Over to @[Alan Turing](user:${ALAN.id}) `);
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Comment' }));
      // Shown at once, before the server has answered, with the mention as a name.
      const timeline = screen.getByRole('list', { name: 'Comment timeline' });
      const added = await within(timeline).findByText(/^Over to/);
      expect(added).toHaveTextContent('Over to @Alan Turing');
      expect(within(added).getByRole('link', { name: '@Alan Turing' })).toBeInTheDocument();
      expect(box).toHaveValue('');
      hold.release();
      await waitFor(() => expect(writesTo(page.sent, 'POST', 'api/db/comments')).toHaveLength(1));
      expect(writesTo(page.sent, 'POST', 'api/db/comments')[0]!.body).toMatchObject({
        comment: `Over to @[Alan Turing](user:${ALAN.id})`,
      });
    } finally {
      hold.restore();
    }
  });

  it('takes a refused comment out of the list again, says why, and gives the text back', async () => {
    page.api.reply('POST api/db/comments', { status: 409, body: { message: 'The incident is closed' } });
    const hold = holdCommentPosts();
    try {
      const { user } = renderComments();
      const timeline = await screen.findByRole('list', { name: 'Comment timeline' });
      await user.selectOptions(screen.getByRole('combobox', { name: 'Hypothesis' }), 'h1');
      await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Restarting the pool');
      await user.click(screen.getByRole('button', { name: 'Comment' }));
      expect(await within(timeline).findByText('Restarting the pool')).toBeInTheDocument();
      hold.release();
      expect(await screen.findByText('The incident is closed')).toBeInTheDocument();
      await waitFor(() =>
        expect(within(timeline).queryByText('Restarting the pool')).not.toBeInTheDocument(),
      );
      expect(within(timeline).getAllByRole('listitem')).toHaveLength(COMMENTS.length);
      expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('Restarting the pool');
    } finally {
      hold.restore();
    }
  });

  it("keeps a hypothesis's Comment button disabled until there is text", async () => {
    const { user } = renderTab(<ActionPlanTab incident={incident} />, '?comments=true');
    const factor = await screen.findByRole('article', { name: 'Factor: Slow queries' });
    const button = within(factor).getByRole('button', { name: 'Comment' });
    expect(button).toBeDisabled();
    await user.type(within(factor).getByRole('textbox', { name: 'Comment' }), '   ');
    expect(button).toBeDisabled();
    await user.type(within(factor).getByRole('textbox', { name: 'Comment' }), 'Indexed');
    await user.click(button);
    await waitFor(() => expect(writesTo(page.sent, 'POST', 'api/db/comments')).toHaveLength(1));
    expect(writesTo(page.sent, 'POST', 'api/db/comments')[0]!.body).toMatchObject({
      hypothesis_id: 'h2',
      comment: 'Indexed',
    });
  });

  it('shows a viewer the comments without a box to write one', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderComments();
    await screen.findByRole('list', { name: 'Comment timeline' });
    expect(screen.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
  });
});
