import type { APIRequestContext } from '@playwright/test';
import type { LogSearchResult } from '../../common/logs.js';
import { expect, test } from './fixtures.js';
import { LogsPage, NO_COMPONENT_CHOSEN, NO_MATCHING_LOGS } from './pages/logs-page.js';

/** The range the spec searches: wide enough for every line the demo has written. */
const RANGE = 'now-7d';

interface LogComponent {
  id: string;
  name: string;
  title: string | null;
  log_selectors: Array<{ name: string }>;
}

/** A demo component whose first log selector answers lines, and its newest line's message. */
async function componentWithLines(
  api: APIRequestContext,
): Promise<{ component: LogComponent; message: string }> {
  const list = await api.get('api/db/components_with_logs?select=id,name,title,log_selectors&order=name');
  expect(list.status(), await list.text()).toBe(200);
  for (const component of (await list.json()) as LogComponent[]) {
    const answer = await api.post('api/logs', {
      data: { id: component.id, name: component.log_selectors[0]?.name, start: '7d', limit: 1 },
    });
    if (!answer.ok()) continue;
    const [line] = ((await answer.json()) as LogSearchResult).results;
    if (line) return { component, message: line.message };
  }
  throw new Error('no demo component has log lines');
}

/** A word of a message to search for: its longest run of letters. */
const wordOf = (message: string) =>
  [...message.matchAll(/[A-Za-z]{4,}/g)].map(([word]) => word).sort((a, b) => b.length - a.length)[0] ?? '';

test("a component's lines, searched by a word of them, and the text when nothing matches", async ({
  page,
  adminApi,
}) => {
  const { component, message } = await componentWithLines(adminApi);
  const shownName = component.title || component.name;
  const logs = new LogsPage(page);

  await logs.open(`?start=${RANGE}`);
  await expect(logs.emptyText(NO_COMPONENT_CHOSEN)).toBeVisible();

  await logs.chooseComponent(shownName);
  await expect.poll(() => logs.query('topologyId')).toBe(component.id);
  // Its first selector is chosen; the link names a selector only once one is picked.
  await expect(logs.selector()).toHaveValue(component.log_selectors[0]!.name);
  expect(logs.query('logsSelector')).toBeNull();
  await expect(logs.rows().first()).toBeVisible();

  const word = wordOf(message);
  expect(word, `a word in "${message}"`).not.toBe('');
  await logs.search(word);
  await expect.poll(() => logs.query('query')).toBe(word);
  await expect(logs.messages().first()).toContainText(word, { ignoreCase: true });
  for (const text of await logs.messages().allTextContents())
    expect(text.toLowerCase()).toContain(word.toLowerCase());

  // The link holds the view: opened afresh, it shows the same search.
  await page.reload();
  await expect(logs.searchBox()).toHaveValue(word);
  await expect(logs.messages().first()).toContainText(word, { ignoreCase: true });

  await logs.search(`no-such-line-${Date.now().toString(36)}`);
  await expect(logs.emptyText(NO_MATCHING_LOGS)).toBeVisible();
  await expect(logs.rows()).toHaveCount(0);
});
