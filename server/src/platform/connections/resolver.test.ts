import { withStoredCredentials } from './resolver.js';

describe('withStoredCredentials', () => {
  it("puts the connection's username and password where its URL names them, URL-encoded", () => {
    expect(withStoredCredentials('slack://$(password)@alerts', { password: 'xoxb-1/2' })).toBe(
      'slack://xoxb-1%2F2@alerts',
    );
    expect(
      withStoredCredentials('zulip://$(username):$(password)@chat.example/?stream=ops', {
        username: 'bot@acme.example',
        password: 'p:w',
      }),
    ).toBe('zulip://bot%40acme.example:p%3Aw@chat.example/?stream=ops');
  });

  it('leaves a URL without placeholders as it is, and an unset value empty', () => {
    expect(withStoredCredentials('https://hooks.example/x', { password: 'secret' })).toBe(
      'https://hooks.example/x',
    );
    expect(withStoredCredentials('discord://$(password)@123', {})).toBe('discord://@123');
  });
});
