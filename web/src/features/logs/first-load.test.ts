import { firstDataUrl } from '../../../../common/first-load.js';
import { LOGS_FIRST_LOAD, logComponentsPath } from './first-load.js';

describe('LOGS_FIRST_LOAD', () => {
  const [whoami, components] = LOGS_FIRST_LOAD.data;

  // A preload is used only when its URL is the one the page fetches, to the character.
  it('preloads the component list the page fetches, whatever the URL holds', () => {
    for (const search of ['', 'topologyId=c1', 'topologyId=c1&logsSelector=app&query=x&start=now-6h']) {
      expect(firstDataUrl(components!, new URLSearchParams(search))).toBe(logComponentsPath());
    }
    expect(logComponentsPath()).toBe(
      'api/db/components_with_logs?select=id%2Cname%2Ctitle%2Ctype%2Cicon%2Clog_selectors&order=name.asc',
    );
  });

  it('preloads whoami as the shell asks for it', () => {
    expect(firstDataUrl(whoami!, new URLSearchParams())).toBe('api/auth/whoami');
  });
});
