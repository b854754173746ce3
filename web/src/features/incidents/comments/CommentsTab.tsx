import { useId, useState, type FormEvent } from 'react';
import {
  ActionGroup,
  Button,
  EmptyState,
  EmptyStateBody,
  Form,
  FormGroup,
  FormSelect,
  FormSelectOption,
  Skeleton,
  Title,
} from '@patternfly/react-core';
import { useCan } from '../../../api/index.js';
import { FieldError } from '../../../components/Form/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import { useComments, useHypotheses, type HypothesisRow } from '../hypotheses-api.js';
import type { Incident } from '../types.js';
import { hypothesisTitle } from '../action-plan/hypothesis-text.js';
import { CommentList } from './CommentList.js';
import { MentionTextArea } from './MentionTextArea.js';
import { useAddComment } from './use-add-comment.js';

export const SELECT_HYPOTHESIS = 'Please select any hypothesis';
export const ADD_COMMENT_DETAILS = 'Please add comment details';
/** How many of the newest comments the timeline shows before 'Show … earlier comments'. */
export const TIMELINE_NEWEST = 100;

const option = (hypothesis: HypothesisRow) => `${hypothesisTitle(hypothesis)} (${hypothesis.type})`;

/** Every comment of the incident in time order, and a box to comment on a chosen hypothesis. */
export function CommentsTab({ incident }: { incident: Incident }) {
  const hypotheses = useHypotheses(incident.id);
  const comments = useComments(incident.id);
  const canComment = useCan('comments', 'write');

  if (comments.error) return <LoadError error={comments.error} />;
  if (comments.isLoading || !comments.data)
    return <Skeleton height="6rem" screenreaderText="Loading comments" />;

  const byId = new Map((hypotheses.data ?? []).map((h) => [h.id, h]));
  const about = (hypothesisId: string | null) => {
    const hypothesis = hypothesisId ? byId.get(hypothesisId) : undefined;
    return hypothesis && hypothesisTitle(hypothesis);
  };

  return (
    <section aria-label="Comments">
      {comments.data.length === 0 ? (
        <EmptyState variant="xs" titleText="No comments yet" headingLevel="h3">
          <EmptyStateBody>Comments on every hypothesis of this incident show here.</EmptyStateBody>
        </EmptyState>
      ) : (
        <CommentList
          aria-label="Comment timeline"
          comments={comments.data}
          newest={TIMELINE_NEWEST}
          hypothesisTitle={(comment) => about(comment.hypothesis_id)}
        />
      )}
      {canComment && <TimelineComposer incident={incident} hypotheses={hypotheses.data ?? []} />}
    </section>
  );
}

function TimelineComposer({ incident, hypotheses }: { incident: Incident; hypotheses: HypothesisRow[] }) {
  const add = useAddComment(incident.id);
  const pickerId = useId();
  const textId = useId();
  const [hypothesisId, setHypothesisId] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ hypothesis?: string; comment?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      hypothesis: hypothesisId ? undefined : SELECT_HYPOTHESIS,
      comment: text.trim() ? undefined : ADD_COMMENT_DETAILS,
    };
    setErrors(next);
    if (next.hypothesis || next.comment) return;
    const sent = text.trim();
    setText('');
    if (!(await add(hypothesisId, sent))) setText((current) => current || sent);
  };

  return (
    <Form
      onSubmit={(event) => void submit(event)}
      noValidate
      style={{ marginBlockStart: 'var(--pf-t--global--spacer--md)' }}
    >
      <Title headingLevel="h3" size="md">
        Add a comment
      </Title>
      <FormGroup label="Hypothesis" fieldId={pickerId} isRequired>
        <FormSelect
          id={pickerId}
          value={hypothesisId}
          validated={errors.hypothesis ? 'error' : 'default'}
          aria-describedby={errors.hypothesis ? `${pickerId}-error` : undefined}
          onChange={(_event, value) => {
            setHypothesisId(value);
            setErrors((e) => ({ ...e, hypothesis: undefined }));
          }}
        >
          <FormSelectOption value="" label="Select a hypothesis" isPlaceholder />
          {hypotheses.map((h) => (
            <FormSelectOption key={h.id} value={h.id} label={option(h)} />
          ))}
        </FormSelect>
        {errors.hypothesis && <FieldError id={`${pickerId}-error`} error={errors.hypothesis} />}
      </FormGroup>
      <FormGroup label="Comment" fieldId={textId} isRequired>
        <MentionTextArea
          id={textId}
          value={text}
          onChange={(value) => {
            setText(value);
            setErrors((e) => ({ ...e, comment: undefined }));
          }}
          aria-label="Comment"
          placeholder="Type @ to mention someone"
          validated={errors.comment ? 'error' : 'default'}
          aria-describedby={errors.comment ? `${textId}-error` : undefined}
        />
        {errors.comment && <FieldError id={`${textId}-error`} error={errors.comment} />}
      </FormGroup>
      <ActionGroup>
        <Button type="submit" variant="primary">
          Comment
        </Button>
      </ActionGroup>
    </Form>
  );
}
