import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, whoamiAs } from '../../../shell/test-support.js';
import { CONFIG_ID, configRow, renderConfigPage, replyConfig } from './test-support.js';

const page = fakeApiPerTest((api) => {
  api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('responder') });
  replyConfig(api);
});

async function renderTab(path = `/catalog/${CONFIG_ID}`) {
  const user = userEvent.setup();
  const result = renderConfigPage(path);
  const code = await screen.findByRole('region', { name: 'Config' });
  return { ...result, user, code };
}

/** The code's rows, one per line (number and text). */
const rows = (code: HTMLElement) => [...code.querySelector('code')!.children] as HTMLElement[];
const selectedNumbers = (code: HTMLElement) =>
  rows(code)
    .filter((row) => row.tagName === 'MARK')
    .map((row) => Number(row.firstElementChild!.textContent));

describe('ConfigTab', () => {
  it('shows the body as JSON with sorted keys and line numbers', async () => {
    const { code } = await renderTab();
    expect(rows(code).map((row) => row.lastElementChild!.textContent)).toEqual([
      '{',
      '  "apiVersion": "v1",',
      '  "kind": "Pod",',
      '  "spec": {',
      '    "containers": [',
      '      {',
      '        "image": "orders:1.2",',
      '        "name": "orders"',
      '      }',
      '    ]',
      '  }',
      '}',
    ]);
    expect(rows(code)[1]!.firstElementChild).toHaveTextContent('2');
  });

  it('shows a YAML config as YAML and a text body as it is', async () => {
    replyConfig(page.api, configRow({ format: 'yaml', config: { b: 1, a: { d: true, c: 'x' } } }));
    const { code, unmount } = await renderTab();
    expect(code.textContent).toContain('a:');
    expect(rows(code).map((row) => row.lastElementChild!.textContent)).toEqual([
      'a:',
      '  c: x',
      '  d: true',
      'b: 1',
    ]);
    unmount();

    replyConfig(page.api, configRow({ format: 'properties', config: 'max=10\nmin=1' }));
    const again = await renderTab();
    expect(rows(again.code).map((row) => row.lastElementChild!.textContent)).toEqual(['max=10', 'min=1']);
  });

  it('says when the item has no config body', async () => {
    replyConfig(page.api, configRow({ config: null }));
    renderConfigPage();
    expect(await screen.findByText('This item has no config')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Config' })).not.toBeInTheDocument();
  });

  it('keeps clicked lines in the address, a shift-click selecting the range', async () => {
    const { code, user, router } = await renderTab();
    await user.click(rows(code)[1]!);
    await user.keyboard('{Shift>}');
    await user.click(rows(code)[3]!);
    await user.keyboard('{/Shift}');
    await waitFor(() => expect(router.state.location.search).toBe('?selected=2&selected=3&selected=4'));
    expect(selectedNumbers(code)).toEqual([2, 3, 4]);
    expect(screen.getByText('3 lines selected')).toBeInTheDocument();

    await user.click(rows(code)[2]!);
    await waitFor(() => expect(router.state.location.search).toBe('?selected=2&selected=4'));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(selectedNumbers(code)).toEqual([]);
  });

  it('selects lines from the keyboard, keeping the focus on the chosen line', async () => {
    const { code, user, router } = await renderTab();
    rows(code)[0]!.focus();
    await user.keyboard('{ArrowDown}{Enter}{ArrowDown}{ArrowDown}{Shift>} {/Shift}');
    await waitFor(() => expect(router.state.location.search).toBe('?selected=2&selected=3&selected=4'));
    const list = screen.getByRole('listbox', { name: 'Config lines' });
    expect(within(list).getByRole('option', { name: /"spec": \{/ })).toHaveFocus();
    expect(within(list).getAllByRole('option', { selected: true })).toHaveLength(3);
  });

  it('restores a shared selection from the address', async () => {
    const { code } = await renderTab(`/catalog/${CONFIG_ID}?selected=7&selected=3&selected=99`);
    expect(selectedNumbers(code)).toEqual([3, 7]);
    expect(screen.getByText('2 lines selected')).toBeInTheDocument();
  });

  it('attaches the selected lines to a new incident as config evidence', async () => {
    page.api.reply('GET api/db/incidents', { status: 200, body: [] });
    page.api.reply('POST api/incidents', {
      status: 201,
      body: { id: 'new1', incident_id: 'INC0000050', hypothesis_id: 'h9', evidence_id: 'e9' },
    });
    const { user } = await renderTab(`/catalog/${CONFIG_ID}?selected=3`);
    await user.click(screen.getByRole('button', { name: 'Attach as Evidence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach as Evidence' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Incident' }), '__new__');
    await user.type(within(dialog).getByRole('textbox', { name: 'Incident title' }), 'Wrong image');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Severity' }), 'high');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'availability');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText(/Linked to incident successfully/)).toBeInTheDocument();

    const body = page.sent.find((r) => r.method === 'POST' && r.path === 'api/incidents')!.body as {
      evidence: { type: string; config_id: string; evidence: Record<string, unknown> };
    };
    expect(body.evidence.type).toBe('config');
    expect(body.evidence.config_id).toBe(CONFIG_ID);
    expect(body.evidence.evidence).toMatchObject({
      id: CONFIG_ID,
      configName: 'orders-7c9',
      configType: 'Kubernetes::Pod',
      selected_lines: { '3': '  "kind": "Pod",' },
    });
    expect(body.evidence.evidence.lines).toHaveLength(12);
  });

  it('offers Attach as Evidence only to those who may attach', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    await renderTab();
    expect(screen.queryByRole('button', { name: 'Attach as Evidence' })).not.toBeInTheDocument();
  });
});
