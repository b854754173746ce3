import { db } from '../../../api/index.js';

/**
 * One entry of a playbook's `spec.checks`: which checks it runs on. Every field given must
 * match (types, names, labels); an entry with none of them matches no check.
 */
export interface CheckSelector {
  types?: string[];
  names?: string[];
  /** 'team=payments,env!=dev,tier,!legacy' (equality, inequality, exists, not exists). */
  labelSelector?: string;
  labels?: Record<string, string>;
}

export interface Playbook {
  id: string;
  name: string;
  title: string | null;
  icon: string | null;
  spec: { checks?: CheckSelector[] } | null;
}

export interface MatchableCheck {
  name: string;
  type: string;
  labels: Record<string, string> | null;
}

export const PLAYBOOKS_KEY = 'playbooks?select=id,name,title,icon,spec&deleted_at=is.null';
export const listPlaybooks = () =>
  db
    .from('playbooks')
    .select('id,name,title,icon,spec')
    .is('deleted_at', null)
    .order('title', { ascending: true })
    .overrideTypes<Playbook[], { merge: false }>();

const nonEmpty = (list: unknown): list is string[] => Array.isArray(list) && list.length > 0;

/** A name pattern: exact, or with '*' standing for any text. */
function matchesName(pattern: string, name: string): boolean {
  if (!pattern.includes('*')) return pattern === name;
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`).test(name);
}

function matchesLabelSelector(selector: string, labels: Record<string, string>): boolean {
  return selector
    .split(',')
    .map((term) => term.trim())
    .filter((term) => term !== '')
    .every((term) => {
      const inequality = /^([^!=]+)!=(.*)$/.exec(term);
      if (inequality) return labels[inequality[1]!.trim()] !== inequality[2]!.trim();
      const equality = /^([^!=]+)==?(.*)$/.exec(term);
      if (equality) return labels[equality[1]!.trim()] === equality[2]!.trim();
      if (term.startsWith('!')) return !(term.slice(1).trim() in labels);
      return term in labels;
    });
}

export function selectorMatches(selector: CheckSelector, check: MatchableCheck): boolean {
  const labels = check.labels ?? {};
  const labelPairs = Object.entries(selector.labels ?? {});
  const results: boolean[] = [];
  if (nonEmpty(selector.types)) results.push(selector.types.includes(check.type));
  if (nonEmpty(selector.names)) results.push(selector.names.some((name) => matchesName(name, check.name)));
  if (selector.labelSelector?.trim()) results.push(matchesLabelSelector(selector.labelSelector, labels));
  if (labelPairs.length > 0) results.push(labelPairs.every(([key, value]) => labels[key] === value));
  return results.length > 0 && results.every(Boolean);
}

/** The playbooks that can run on the check: any of their `spec.checks` selectors matches it. */
export function playbooksForCheck(playbooks: readonly Playbook[], check: MatchableCheck): Playbook[] {
  return playbooks.filter((playbook) =>
    (Array.isArray(playbook.spec?.checks) ? playbook.spec.checks : []).some(
      (selector) => selector !== null && typeof selector === 'object' && selectorMatches(selector, check),
    ),
  );
}

/** What the menu shows for a playbook: its title, else its name. */
export const playbookLabel = (playbook: Playbook) => playbook.title?.trim() || playbook.name;
