import { firstDataUrl } from '../../../../common/first-load.js';
import { TIME_RANGE_OPTIONS } from '../../lib/time-range/index.js';
import { HEALTH_FIRST_LOAD, summaryPath } from './first-load.js';
import { readHealthParams } from './health-params.js';

describe('HEALTH_FIRST_LOAD', () => {
  const [whoami, summary] = HEALTH_FIRST_LOAD.data;

  // A preload is used only when its URL is the one the page fetches, to the character.
  it.each([
    '',
    'timeRange=bogus',
    'timeRange=',
    'hidePassing=false&groupBy=no_grouping',
    ...TIME_RANGE_OPTIONS.map((option) => `timeRange=${encodeURIComponent(option.value)}&query=x`),
  ])('preloads the summary the page at ?%s fetches', (search) => {
    const params = new URLSearchParams(search);
    expect(firstDataUrl(summary!, params)).toBe(summaryPath(readHealthParams(params).timeRange));
  });

  it('preloads whoami as the shell asks for it', () => {
    expect(firstDataUrl(whoami!, new URLSearchParams())).toBe('api/auth/whoami');
  });
});
