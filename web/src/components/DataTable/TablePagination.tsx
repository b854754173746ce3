import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Flex, FlexItem, FormSelect, FormSelectOption, TextInput } from '@patternfly/react-core';
import {
  AngleDoubleLeftIcon,
  AngleDoubleRightIcon,
  AngleLeftIcon,
  AngleRightIcon,
} from '@patternfly/react-icons';
import { DEFAULT_PAGE_SIZES } from './sorting.js';

export interface TablePaginationProps {
  /** 0-based. */
  pageIndex: number;
  /** -1 when the total is unknown: shows 'Page X' and relies on hasNextPage. */
  pageCount: number;
  pageSize: number;
  pageSizes?: number[];
  /** Only used when pageCount is unknown: whether a next page may exist (a full page came back). */
  hasNextPage?: boolean;
  onPageIndexChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  isDisabled?: boolean;
}

/** 'Page X of Y', a go-to-page input, a page-size select and first/previous/next/last buttons. */
export function TablePagination({
  pageIndex,
  pageCount,
  pageSize,
  pageSizes = DEFAULT_PAGE_SIZES,
  hasNextPage = false,
  onPageIndexChange,
  onPageSizeChange,
  isDisabled = false,
}: TablePaginationProps) {
  const known = pageCount >= 0;
  const lastIndex = known ? Math.max(pageCount, 1) - 1 : undefined;
  const atStart = pageIndex <= 0;
  const atEnd = lastIndex !== undefined ? pageIndex >= lastIndex : !hasNextPage;
  const sizes = pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b);

  // What the user is typing in the go-to-page box; null while they are not editing it.
  const [draft, setDraft] = useState<string | null>(null);
  const goTo = (index: number) => {
    if (index !== pageIndex) onPageIndexChange(index);
  };
  const applyDraft = () => {
    if (draft === null) return;
    setDraft(null);
    const requested = Number.parseInt(draft, 10);
    if (Number.isNaN(requested)) return;
    const page = Math.min(Math.max(requested, 1), lastIndex !== undefined ? lastIndex + 1 : requested);
    goTo(page - 1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') applyDraft();
  };

  const navButton = (label: string, icon: ReactNode, disabled: boolean, target: () => number) => (
    <FlexItem>
      <Button
        variant="plain"
        aria-label={label}
        icon={icon}
        isDisabled={isDisabled || disabled}
        onClick={() => goTo(target())}
      />
    </FlexItem>
  );

  return (
    <Flex
      className="ops-table-pagination"
      alignItems={{ default: 'alignItemsCenter' }}
      justifyContent={{ default: 'justifyContentFlexEnd' }}
      spaceItems={{ default: 'spaceItemsSm' }}
      role="navigation"
      aria-label="Pagination"
    >
      <FlexItem>
        <FormSelect
          aria-label="Page size"
          value={String(pageSize)}
          isDisabled={isDisabled}
          onChange={(_event, value) => onPageSizeChange(Number(value))}
        >
          {sizes.map((size) => (
            <FormSelectOption key={size} value={String(size)} label={`${size} per page`} />
          ))}
        </FormSelect>
      </FlexItem>
      {navButton('First page', <AngleDoubleLeftIcon />, atStart, () => 0)}
      {navButton('Previous page', <AngleLeftIcon />, atStart, () => pageIndex - 1)}
      <FlexItem>
        <span aria-live="polite">
          {known ? `Page ${pageIndex + 1} of ${(lastIndex ?? 0) + 1}` : `Page ${pageIndex + 1}`}
        </span>
      </FlexItem>
      <FlexItem style={{ width: '5.5rem' }}>
        <TextInput
          type="number"
          aria-label="Go to page"
          min={1}
          max={lastIndex !== undefined ? lastIndex + 1 : undefined}
          value={draft ?? String(pageIndex + 1)}
          isDisabled={isDisabled}
          onChange={(_event, value) => setDraft(value)}
          onKeyDown={onKeyDown}
          onBlur={applyDraft}
        />
      </FlexItem>
      {navButton('Next page', <AngleRightIcon />, atEnd, () => pageIndex + 1)}
      {navButton(
        'Last page',
        <AngleDoubleRightIcon />,
        lastIndex === undefined || atEnd,
        () => lastIndex ?? 0,
      )}
    </Flex>
  );
}
