import type { ReactNode } from 'react';
import {
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
} from '@patternfly/react-core';

export interface DetailFieldProps {
  term: string;
  children?: ReactNode;
  /** What an empty value shows: nothing (default), a dash, or the whole row left out. */
  empty?: 'blank' | 'dash' | 'hidden';
}

const isEmpty = (value: ReactNode) =>
  value === null || value === undefined || value === '' || value === false;

/** One term and its value in a details list (a PatternFly DescriptionList). */
export function DetailField({ term, children, empty = 'blank' }: DetailFieldProps) {
  if (empty === 'hidden' && isEmpty(children)) return null;
  return (
    <DescriptionListGroup>
      <DescriptionListTerm>{term}</DescriptionListTerm>
      <DescriptionListDescription>{empty === 'dash' ? children || '—' : children}</DescriptionListDescription>
    </DescriptionListGroup>
  );
}
