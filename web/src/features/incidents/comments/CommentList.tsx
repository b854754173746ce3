import { useState } from 'react';
import { Avatar, Button, Content, Flex, FlexItem, Label } from '@patternfly/react-core';
import { UserIcon } from '@patternfly/react-icons';
import { Age } from '../../../components/Age/index.js';
import type { CommentRow } from '../hypotheses-api.js';
import { CommentText } from './mentions.js';

/** Who wrote a comment: the person, or the external system's user (a ticket's comment). */
export const commentAuthor = (comment: CommentRow) =>
  comment.creator?.name ?? comment.external_created_by ?? 'Unknown';

export interface CommentListProps {
  comments: CommentRow[];
  /** The hypothesis each comment belongs to, for the timeline. */
  hypothesisTitle?: (comment: CommentRow) => string | undefined;
  'aria-label': string;
  /**
   * Show only the newest this many at first, with a button for the earlier ones: a long incident
   * has thousands, and rendering them all held its page's first render for seconds.
   */
  newest?: number;
}

export const earlierCommentsText = (count: number) =>
  `Show ${count.toLocaleString()} earlier comment${count === 1 ? '' : 's'}`;

/** Comments oldest first, each with its author, age and text (mentions as names). */
export function CommentList({
  comments,
  hypothesisTitle,
  'aria-label': ariaLabel,
  newest,
}: CommentListProps) {
  const [showAll, setShowAll] = useState(false);
  const hidden = showAll || newest === undefined ? 0 : Math.max(0, comments.length - newest);
  return (
    <>
      {hidden > 0 && (
        <Button variant="link" isInline onClick={() => setShowAll(true)}>
          {earlierCommentsText(hidden)}
        </Button>
      )}
      <ul aria-label={ariaLabel} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {comments.slice(hidden).map((comment) => {
          const about = hypothesisTitle?.(comment);
          return (
            <li
              key={comment.id}
              aria-busy={comment.id.startsWith('pending-') || undefined}
              style={{ paddingBlock: 'var(--pf-t--global--spacer--sm)' }}
            >
              <Flex spaceItems={{ default: 'spaceItemsSm' }} alignItems={{ default: 'alignItemsCenter' }}>
                <FlexItem>
                  {comment.creator?.avatar ? (
                    <Avatar src={comment.creator.avatar} alt="" size="sm" />
                  ) : (
                    <UserIcon aria-hidden="true" />
                  )}
                </FlexItem>
                <FlexItem>
                  <strong>{commentAuthor(comment)}</strong>
                </FlexItem>
                <FlexItem>
                  <Content component="small">
                    <Age from={comment.created_at} />
                  </Content>
                </FlexItem>
                {about !== undefined && (
                  <FlexItem>
                    <Label isCompact variant="outline">
                      {about}
                    </Label>
                  </FlexItem>
                )}
              </Flex>
              <div style={{ paddingInlineStart: 'var(--pf-t--global--spacer--lg)' }}>
                <CommentText text={comment.comment} />
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
