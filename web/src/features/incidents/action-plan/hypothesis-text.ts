import { capitalised, type HypothesisType } from '../../../../../common/incidents.js';
import type { Hypothesis } from '../types.js';

export const NO_TITLE = '(no title)';

/** A hypothesis's title, or '(no title)' (spec 2 §2). */
export const hypothesisTitle = (hypothesis: Pick<Hypothesis, 'title'>) =>
  hypothesis.title?.trim() || NO_TITLE;

/** 'Root cause', 'Factor', 'Solution'. */
export const HYPOTHESIS_TYPE_LABEL: Record<HypothesisType, string> = {
  root: 'Root cause',
  factor: 'Factor',
  solution: 'Solution',
};

export const statusLabel = capitalised;
