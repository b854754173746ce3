import { useCan } from '../../../api/index.js';
import { RunNowButton, type RunNowOutcome } from '../../../components/RunNowButton/index.js';
import { describeScrape, firstError, scrapeCounts, scrapeStatus } from './scrape-summary.js';
import { isTouchedByRun, latestScraperJob, runScraper } from './scrapers-api.js';

/** Scrapes at once and says what the scrape did (from the answer, else from the job it recorded). */
async function scrapeNow(scraperId: string): Promise<RunNowOutcome> {
  const answer = await runScraper(scraperId);
  // An answer without counts (an older platform's) leaves them to the job the run recorded.
  const job = scrapeCounts(answer) ? undefined : await latestScraperJob(scraperId);
  const counts = scrapeCounts(answer) ?? scrapeCounts(job?.details);
  const failed = (scrapeStatus(answer) ?? job?.status) === 'FAILED';
  const said = counts ? describeScrape(counts) : 'Scrape finished';
  const reason = firstError(answer) ?? firstError(job?.details);
  if (failed)
    return {
      failed,
      text: `${said.replace('Scrape finished', 'Scrape failed')}${reason ? `: ${reason}` : ''}`,
    };
  return { failed, text: said };
}

/**
 * 'Run now': the scraper scrapes at once; then a toast tells what the scrape did and the Job
 * History shows the new run.
 */
export function RunScraperButton({ scraperId }: { scraperId: string }) {
  const mayRun = useCan('config_scrapers', 'write');
  if (!mayRun) return null;
  return <RunNowButton run={() => scrapeNow(scraperId)} touches={isTouchedByRun(scraperId)} />;
}
