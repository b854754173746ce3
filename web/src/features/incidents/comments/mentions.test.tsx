import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mentionsIn } from '../../../../../common/incidents.js';
import { CommentText, insertMention, mentionMarkup, mentionQueryAt } from './mentions.js';

const ada = { id: '0a0a0a0a-0000-4000-8000-000000000001', name: 'Ada Lovelace' };

describe('mentions', () => {
  it('finds the name being typed after an @ at the start or after a space', () => {
    expect(mentionQueryAt('@ad', 3)).toEqual({ query: 'ad', start: 0 });
    expect(mentionQueryAt('ping @', 6)).toEqual({ query: '', start: 5 });
    expect(mentionQueryAt('ping @ad now', 8)).toEqual({ query: 'ad', start: 5 });
    expect(mentionQueryAt('mail ada@example.com', 20)).toBeNull();
    expect(mentionQueryAt('@ada is here', 12)).toBeNull();
  });

  it('puts the mention in place of the typed name, in the form the server reads', () => {
    const text = 'ping @ad please';
    const { text: next, caret } = insertMention(text, mentionQueryAt(text, 8)!, ada);
    expect(next).toBe(`ping @[Ada Lovelace](user:${ada.id}) please`);
    expect(next.slice(0, caret)).toBe(`ping @[Ada Lovelace](user:${ada.id}) `);
    expect(mentionsIn(next)).toEqual([{ display: 'Ada Lovelace', id: ada.id }]);
  });

  it('keeps brackets out of the display name so the mention stays readable', () => {
    expect(mentionMarkup({ id: ada.id, name: 'Ada [ops]' })).toBe(`@[Ada ops](user:${ada.id})`);
  });

  it('shows a mention as a link to the incidents the person owns, under the console base path', () => {
    const router = createMemoryRouter(
      [{ path: 'incidents/:id', element: <CommentText text={`Ask ${mentionMarkup(ada)} first`} /> }],
      { basename: '/tools/console', initialEntries: ['/tools/console/incidents/i1'] },
    );
    const { container } = render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: '@Ada Lovelace' });
    expect(link).toHaveAttribute('href', `/tools/console/incidents?owner=${ada.id}`);
    expect(container).toHaveTextContent('Ask @Ada Lovelace first');
  });
});
