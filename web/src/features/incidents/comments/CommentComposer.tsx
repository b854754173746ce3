import { useState } from 'react';
import { Button, Flex, FlexItem } from '@patternfly/react-core';
import { useAddComment } from './use-add-comment.js';
import { MentionTextArea } from './MentionTextArea.js';

/** A hypothesis's own comment box: Comment is disabled while the text is empty. */
export function CommentComposer({ incidentId, hypothesisId }: { incidentId: string; hypothesisId: string }) {
  const add = useAddComment(incidentId);
  const [text, setText] = useState('');
  const empty = text.trim() === '';

  const submit = async () => {
    if (empty) return;
    const sent = text.trim();
    setText('');
    // A refused comment comes back into the box, so nothing typed is lost.
    if (!(await add(hypothesisId, sent))) setText((current) => current || sent);
  };

  return (
    <Flex direction={{ default: 'column' }} spaceItems={{ default: 'spaceItemsSm' }}>
      <FlexItem>
        <MentionTextArea
          value={text}
          onChange={setText}
          aria-label="Comment"
          placeholder="Add a comment; type @ to mention someone"
        />
      </FlexItem>
      <FlexItem>
        <Button variant="secondary" size="sm" isDisabled={empty} onClick={() => void submit()}>
          Comment
        </Button>
      </FlexItem>
    </Flex>
  );
}
