import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '@patternfly/react-core';
import { PlayIcon } from '@patternfly/react-icons';
import { useCan } from '../../../api/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { describeScrape, firstError, scrapeCounts, scrapeStatus } from './scrape-summary.js';
import { isTouchedByRun, latestScraperJob, runScraper } from './scrapers-api.js';

/**
 * 'Run now': the scraper scrapes at once; then a toast tells what the scrape did (from the answer,
 * else from the job it recorded) and the Job History shows the new run.
 */
export function RunScraperButton({ scraperId }: { scraperId: string }) {
  const mayRun = useCan('config_scrapers', 'write');
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [running, setRunning] = useState(false);
  if (!mayRun) return null;

  const run = async () => {
    setRunning(true);
    try {
      const answer = await runScraper(scraperId);
      // An answer without counts (an older platform's) leaves them to the job the run recorded.
      const job = scrapeCounts(answer) ? undefined : await latestScraperJob(scraperId);
      const counts = scrapeCounts(answer) ?? scrapeCounts(job?.details);
      const failed = (scrapeStatus(answer) ?? job?.status) === 'FAILED';
      const said = counts ? describeScrape(counts) : 'Scrape finished';
      const reason = firstError(answer) ?? firstError(job?.details);
      if (failed)
        toast.error(`${said.replace('Scrape finished', 'Scrape failed')}${reason ? `: ${reason}` : ''}`);
      else toast.success(said);
    } catch (error) {
      toast.error(error);
    } finally {
      setRunning(false);
      await mutate(isTouchedByRun(scraperId));
    }
  };

  return (
    <Button
      variant="secondary"
      icon={<PlayIcon />}
      isLoading={running}
      isDisabled={running}
      onClick={() => void run()}
    >
      {running ? 'Running…' : 'Run now'}
    </Button>
  );
}
