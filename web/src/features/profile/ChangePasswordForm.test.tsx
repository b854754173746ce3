import { jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderPage } from '../../shell/test-support.js';
import { ChangePasswordForm, PROFILE_MESSAGE_TIMEOUT_MS } from './ChangePasswordForm.js';

const page = fakeApiPerTest();
afterEach(() => jest.useRealTimers());

const current = () => screen.getByLabelText(/Current password/);
const newPassword = () => screen.getByLabelText(/^New password/);
const confirmation = () => screen.getByLabelText(/Confirm new password/);
const sent = () => page.sent.filter((r) => r.method === 'POST' && r.path === 'api/auth/change_password');

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: [string, string, string]) {
  await user.type(current(), values[0]);
  await user.type(newPassword(), values[1]);
  await user.type(confirmation(), values[2]);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

function openForm(user = userEvent.setup()) {
  renderPage(<ChangePasswordForm email="ada@example.com" />, '/profile-settings');
  return user;
}

describe('ChangePasswordForm', () => {
  it('changes the password, says so and clears the fields', async () => {
    page.api.reply('POST api/auth/change_password', { status: 204 });
    const user = openForm();
    await fillIn(user, ['old secret', 'new secret!', 'new secret!']);

    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(sent().map((r) => r.body)).toEqual([
      { currentPassword: 'old secret', newPassword: 'new secret!' },
    ]);
    expect(current()).toHaveValue('');
    expect(newPassword()).toHaveValue('');
    expect(confirmation()).toHaveValue('');
  });

  it('says when the new passwords do not match, without calling the server', async () => {
    const user = openForm();
    await fillIn(user, ['old secret', 'new secret!', 'new secret?']);
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(confirmation()).toHaveFocus();
    expect(sent()).toEqual([]);
  });

  it("shows the server's message inline and keeps what was typed", async () => {
    page.api.reply('POST api/auth/change_password', {
      status: 422,
      body: { message: 'The current password is not correct.' },
    });
    const user = openForm();
    await fillIn(user, ['wrong', 'new secret!', 'new secret!']);

    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
    expect(current()).toHaveValue('wrong');
    expect(newPassword()).toHaveValue('new secret!');
    expect(screen.queryByText('Password changed successfully')).not.toBeInTheDocument();
  });

  it('lets the message vanish after 10 s (spec 1 §9)', async () => {
    page.api.reply('POST api/auth/change_password', {
      status: 422,
      body: { message: 'The password must be at least 8 characters long.' },
    });
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const user = openForm(userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) }));
    await fillIn(user, ['old secret', 'short', 'short']);
    const message = await screen.findByText('The password must be at least 8 characters long.');

    act(() => jest.advanceTimersByTime(PROFILE_MESSAGE_TIMEOUT_MS - 1000));
    expect(message).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByText('The password must be at least 8 characters long.')).not.toBeInTheDocument();
  });
});
