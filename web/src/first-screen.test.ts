import { jest } from '@jest/globals';
import { preload } from 'swr';
import { FIRST_READS_ID } from '../../common/first-load.js';
import { takeFirstReads } from './first-screen.js';

function addReadsBlock(text: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_READS_ID;
  block.textContent = text;
  document.body.append(block);
}

describe('takeFirstReads', () => {
  afterEach(() => document.getElementById(FIRST_READS_ID)?.remove());

  it('finds nothing on a page the server did not draw', () => {
    expect(takeFirstReads()).toBeUndefined();
  });

  it('takes the reads out of the page and hands each to SWR as already read', async () => {
    const roots = { components: [{ id: 'c1', name: '</script> and <b>' }] };
    addReadsBlock(JSON.stringify({ 'api/canary/api/topology?depth=2': roots }).replace(/</g, '\\u003c'));

    expect(takeFirstReads()).toEqual({ 'api/canary/api/topology?depth=2': roots });
    expect(document.getElementById(FIRST_READS_ID)).toBeNull();
    // A read started for the same URL (a route's loader, the page's hook) gets the page's answer.
    const asked = jest.fn(() => Promise.reject(new Error('asked the server again')));
    await expect(preload('api/canary/api/topology?depth=2', asked)).resolves.toEqual(roots);
    expect(asked).not.toHaveBeenCalled();
  });

  it('takes out a block it cannot read, and the UI reads as without one', () => {
    addReadsBlock('{not json');
    expect(takeFirstReads()).toBeUndefined();
    expect(document.getElementById(FIRST_READS_ID)).toBeNull();
  });
});
