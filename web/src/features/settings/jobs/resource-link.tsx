import { Link } from 'react-router';

/** Spec 3 §2.3: where a job's resource is shown, by its resource type; undefined for others. */
export function jobResourcePath(
  type: string | null | undefined,
  id: string | null | undefined,
): string | undefined {
  if (!type || !id) return undefined;
  const ref = encodeURIComponent(id);
  switch (type) {
    case 'canary':
      return `/settings/canaries/${ref}`;
    case 'config_scraper':
    case 'catalog_scraper':
      return `/catalog/scrapers/${ref}`;
    case 'topology':
      return `/settings/topologies/${ref}`;
    case 'config':
      return `/catalog/${ref}`;
    case 'playbook':
      return `/playbooks/${ref}`;
    case 'agent':
      return `/settings/agents?${new URLSearchParams({ id }).toString()}`;
    default:
      return undefined;
  }
}

export interface JobResource {
  resource_type: string | null;
  resource_id: string | null;
  resource_name: string | null;
}

/** A job's resource by name, linked to its page when its type has one. */
export function JobResourceLink({ job }: { job: JobResource }) {
  const text = job.resource_name ?? job.resource_id;
  if (!text) return null;
  const path = jobResourcePath(job.resource_type, job.resource_id);
  return path ? <Link to={path}>{text}</Link> : <>{text}</>;
}
