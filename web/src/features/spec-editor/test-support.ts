/**
 * Test-only helpers of the settings editors' pages: rows as the console saves them, the list with
 * its Add dialog open, requests held back. Only tests import this file.
 */
import { createElement, type ReactNode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInShell } from '../../shell/test-support.js';
import { ResourceListPage } from '../settings/resources/index.js';

/** A row saved from the console (source UI), its bookkeeping columns filled; `fields` say the rest. */
export const savedRow = <T extends object>(fields: T) => ({
  source: 'UI',
  agent_id: '00000000-0000-0000-0000-000000000000',
  created_by: 'u1',
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
  deleted_at: null,
  ...fields,
});

/**
 * The settings list at `listPath` ('settings/topologies') with its 'Add <title>' dialog open; what
 * is saved opens below the list, in `detailPage`.
 */
export async function openAddDialog(listPath: string, title: string, detailPage: ReactNode) {
  const user = userEvent.setup({ delay: null });
  const result = renderInShell(
    [
      { path: 'settings/:table', element: createElement(ResourceListPage) },
      { path: `${listPath}/:id`, element: detailPage },
    ],
    `/${listPath}`,
  );
  await user.click(await screen.findByRole('button', { name: `Add ${title}` }));
  const dialog = await screen.findByRole('dialog', { name: `Add ${title}` });
  return { user, dialog, ...result };
}

/**
 * Holds the requests of one method until `release()`, so a test can see a button while its
 * request is under way. `restore()` puts the previous fetch back.
 */
export function holdRequests(method: 'POST' | 'PATCH') {
  const realFetch = globalThis.fetch;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  globalThis.fetch = async (input, init) => {
    if ((init?.method ?? 'GET').toUpperCase() === method) await held;
    return realFetch(input, init);
  };
  return { release, restore: () => void (globalThis.fetch = realFetch) };
}
