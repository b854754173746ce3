import { describeScrape, scrapeCounts, scrapeStatus } from './scrape-summary.js';

describe('scrapeCounts', () => {
  it('adds up the counts per config type of a job', () => {
    const details = {
      scrape_summary: {
        'Kubernetes::Pod': { added: 2, updated: 1, unchanged: 5 },
        'Kubernetes::Node': { added: 1, unchanged: 2, deleted: 1 },
      },
    };
    expect(scrapeCounts(details)).toEqual({ added: 3, updated: 1, unchanged: 7, deleted: 1, errors: 0 });
  });

  it('reads one set of counts as it is, errors as a number or a list', () => {
    expect(scrapeCounts({ added: 1, updated: 0, unchanged: 0, deleted: 0, errors: ['timeout'] })).toEqual({
      added: 1,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      errors: 1,
    });
    expect(scrapeCounts({ summary: { added: 4, errors: 2 } })).toMatchObject({ added: 4, errors: 2 });
  });

  it('finds nothing where there are no counts', () => {
    expect(scrapeCounts({ message: 'success' })).toBeNull();
    expect(scrapeCounts(null)).toBeNull();
    expect(scrapeCounts('ok')).toBeNull();
  });
});

describe('describeScrape', () => {
  it('says what the scrape did, errors only when there were some', () => {
    expect(describeScrape({ added: 3, updated: 1, unchanged: 10, deleted: 0, errors: 0 })).toBe(
      'Scrape finished: 3 added, 1 updated, 10 unchanged, 0 deleted',
    );
    expect(describeScrape({ added: 0, updated: 0, unchanged: 0, deleted: 0, errors: 1 })).toBe(
      'Scrape finished: 0 added, 0 updated, 0 unchanged, 0 deleted, 1 error',
    );
  });
});

describe("the platform's Run now answer", () => {
  it('takes its own totals and its errors', () => {
    const answer = {
      message: 'success',
      status: 'WARNING',
      added: 2,
      updated: 0,
      unchanged: 4,
      deleted: 1,
      changes: 3,
      errors: ['pods is forbidden'],
      scrape_summary: { 'Kubernetes::Pod': { added: 2, updated: 0, unchanged: 4, deleted: 1 } },
    };
    expect(scrapeCounts(answer)).toEqual({ added: 2, updated: 0, unchanged: 4, deleted: 1, errors: 1 });
    expect(scrapeStatus(answer)).toBe('WARNING');
  });
});
