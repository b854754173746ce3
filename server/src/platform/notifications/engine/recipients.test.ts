import { displayUrl } from './recipients.js';

describe('a recipient URL as the send history shows it', () => {
  it('keeps scheme and host, never credentials, path or query', () => {
    expect(displayUrl('https://hooks.slack.com/services/T000/B000/XXXX')).toBe('https://hooks.slack.com/…');
    expect(displayUrl('generic+https://user:secret@hooks.example.com:8443/?token=abc')).toBe(
      'generic+https://hooks.example.com:8443/…',
    );
    expect(displayUrl('https://ntfy.sh')).toBe('https://ntfy.sh');
    expect(displayUrl('not a url')).toBe('an unreadable URL');
  });
});
