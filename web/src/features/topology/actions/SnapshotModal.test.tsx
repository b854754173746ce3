import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest } from '../../../shell/test-support.js';
import { COMPONENT_ID, holdRequests, renderCardMenu, replyEmptyLists } from '../panel/test-support.js';

const SNAPSHOT_PATH = `api/snapshot/topology/${COMPONENT_ID}`;
const page = fakeApiPerTest(replyEmptyLists);

async function openSnapshot() {
  const user = userEvent.setup();
  renderCardMenu();
  await user.click(await screen.findByRole('button', { name: 'Actions of orders-api' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Snapshot' }));
  const dialog = await screen.findByRole('dialog', { name: 'Download orders-api snapshot' });
  return { user, dialog };
}

/** Catches the download link the dialog clicks, and the blob it points at. */
function catchDownloads() {
  const blobs: Blob[] = [];
  const clicked: HTMLAnchorElement[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:snapshot';
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  return { blobs, clicked };
}

describe('SnapshotModal', () => {
  afterEach(() => jest.restoreAllMocks());

  it('starts on the first time range with related components off', async () => {
    const { dialog } = await openSnapshot();
    const range = within(dialog).getByLabelText('Time Range');
    expect(range).toHaveValue('15m');
    expect(within(range).getAllByRole('option')[0]).toHaveTextContent('15 minutes');
    expect(within(dialog).getByRole('switch', { name: 'Include related components' })).not.toBeChecked();
  });

  it('downloads the zip, busy while it comes', async () => {
    page.api.reply(`GET ${SNAPSHOT_PATH}`, {
      status: 200,
      body: 'PK\u0003\u0004 zip bytes',
      contentType: 'application/zip',
    });
    const { blobs, clicked } = catchDownloads();
    const hold = holdRequests(SNAPSHOT_PATH);
    const { user, dialog } = await openSnapshot();
    await user.selectOptions(within(dialog).getByLabelText('Time Range'), '1d');
    await user.click(within(dialog).getByRole('switch', { name: 'Include related components' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    const busy = await within(dialog).findByRole('button', { name: /Downloading/ });
    expect(busy).toBeDisabled();
    hold.release();

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toHaveAttribute('download', 'orders-api-snapshot.zip');
    expect(clicked[0]).toHaveAttribute('href', 'blob:snapshot');
    expect(await blobs[0]!.text()).toContain('zip bytes');
    const request = page.sent.find((r) => r.path === SNAPSHOT_PATH)!;
    expect(request.query.get('start')).toBe('1d');
    expect(request.query.get('related')).toBe('true');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    hold.stop();
  });

  it('says "Error downloading file" when the snapshot fails, and stays open', async () => {
    page.api.reply(`GET ${SNAPSHOT_PATH}`, { status: 500, body: { message: 'snapshot failed' } });
    const { clicked } = catchDownloads();
    const { user, dialog } = await openSnapshot();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Error downloading file')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(clicked).toHaveLength(0);
  });
});
