import { useEffect, useState } from 'react';
import {
  Button,
  Flex,
  FlexItem,
  FormSelect,
  FormSelectOption,
  Label,
  TextInput,
  Title,
} from '@patternfly/react-core';
import { AngleDownIcon, AngleRightIcon, BanIcon, PlusCircleIcon, TrashIcon } from '@patternfly/react-icons';
import { useCan } from '../../../api/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { HYPOTHESIS_STATUSES, type HypothesisStatus } from '../../../../../common/incidents.js';
import { CommentComposer } from '../comments/CommentComposer.js';
import { CommentList } from '../comments/CommentList.js';
import { EvidenceItem } from '../evidence/EvidenceItem.js';
import {
  childTypeOf,
  deleteHypotheses,
  updateHypothesis,
  type CommentRow,
  type HypothesisRow,
} from '../hypotheses-api.js';
import { AddChildModal } from './AddChildModal.js';
import { DeleteHypothesisDialog } from './DeleteHypothesisDialog.js';
import { HYPOTHESIS_TYPE_LABEL, hypothesisTitle, NO_TITLE, statusLabel } from './hypothesis-text.js';
import { ShowMore } from './ShowMore.js';
import { useDebouncedSave } from './use-debounced-save.js';

/** Spec 2 §9: a status is sent 200 ms after the last change, a title 1 s after the last keystroke. */
export const STATUS_DEBOUNCE_MS = 200;
export const TITLE_DEBOUNCE_MS = 1000;

export const NO_EVIDENCE = 'No Evidence';

export interface HypothesisNodeProps {
  hypothesis: HypothesisRow;
  childrenOf: (id: string) => HypothesisRow[];
  commentsOf: (id: string) => CommentRow[];
  isExpanded: (id: string) => boolean;
  onToggle: (id: string) => void;
  refresh: () => Promise<unknown>;
}

/** The ids of a hypothesis and everything under it. */
function subtree(id: string, childrenOf: (id: string) => HypothesisRow[]): string[] {
  return [id, ...childrenOf(id).flatMap((child) => subtree(child.id, childrenOf))];
}

/** One hypothesis of the tree: title, type and status, its evidence and comments, then its children. */
export function HypothesisNode(props: HypothesisNodeProps) {
  const { hypothesis, childrenOf, commentsOf, isExpanded, onToggle, refresh } = props;
  const canWrite = useCan('incident', 'write');
  const canComment = useCan('comments', 'write');
  const toast = useToast();
  const [title, setTitle] = useState(hypothesis.title ?? '');
  const [status, setStatus] = useState<HypothesisStatus>(hypothesis.status);
  const [adding, setAdding] = useState(false);
  // Someone else's change of status shows once the tree is read again.
  useEffect(() => setStatus(hypothesis.status), [hypothesis.status]);
  const [deleting, setDeleting] = useState(false);

  const expanded = isExpanded(hypothesis.id);
  const children = childrenOf(hypothesis.id);
  const comments = commentsOf(hypothesis.id);
  const childType = childTypeOf(hypothesis.type);
  const typeLabel = HYPOTHESIS_TYPE_LABEL[hypothesis.type];
  const shownTitle = hypothesisTitle({ title });
  const detailsId = `hypothesis-${hypothesis.id}-details`;

  const save = async (patch: Parameters<typeof updateHypothesis>[1]) => {
    try {
      await updateHypothesis(hypothesis.id, patch);
    } catch (error) {
      toast.error(error);
      if (patch.status) setStatus(hypothesis.status);
      throw error;
    }
    await refresh();
  };
  const saveStatus = useDebouncedSave<HypothesisStatus>(
    (next) => void save({ status: next }).catch(() => undefined),
    STATUS_DEBOUNCE_MS,
  );
  const saveTitle = useDebouncedSave<string>(
    (next) => void save({ title: next.trim() || null }).catch(() => undefined),
    TITLE_DEBOUNCE_MS,
  );

  const disprove = async () => {
    setStatus('disproven');
    await save({ status: 'disproven' });
  };

  const remove = async () => {
    try {
      await deleteHypotheses(subtree(hypothesis.id, childrenOf));
    } catch (error) {
      toast.error(error);
      throw error;
    }
    await refresh();
  };

  return (
    <li style={{ listStyle: 'none' }}>
      <article
        aria-label={`${typeLabel}: ${shownTitle}`}
        style={{
          padding: 'var(--pf-t--global--spacer--sm)',
          border: '1px solid var(--pf-t--global--border--color--default)',
          borderRadius: 'var(--pf-t--global--border--radius--small)',
          marginBlockEnd: 'var(--pf-t--global--spacer--sm)',
        }}
      >
        <Flex
          alignItems={{ default: 'alignItemsCenter' }}
          spaceItems={{ default: 'spaceItemsSm' }}
          flexWrap={{ default: 'wrap' }}
        >
          <FlexItem>
            <Button
              variant="plain"
              size="sm"
              aria-expanded={expanded}
              aria-controls={detailsId}
              aria-label={`${expanded ? 'Hide' : 'Show'} comments and evidence of ${shownTitle}`}
              icon={expanded ? <AngleDownIcon /> : <AngleRightIcon />}
              onClick={() => onToggle(hypothesis.id)}
            />
          </FlexItem>
          <FlexItem>
            <Label
              isCompact
              color={hypothesis.type === 'root' ? 'red' : hypothesis.type === 'factor' ? 'orange' : 'green'}
            >
              {typeLabel}
            </Label>
          </FlexItem>
          <FlexItem grow={{ default: 'grow' }}>
            {canWrite ? (
              <TextInput
                aria-label={`Title of the ${typeLabel.toLowerCase()}`}
                value={title}
                placeholder={NO_TITLE}
                onChange={(_event, next) => {
                  setTitle(next);
                  saveTitle(next);
                }}
              />
            ) : (
              <Title headingLevel="h3" size="md">
                {shownTitle}
              </Title>
            )}
          </FlexItem>
          <FlexItem>
            {canWrite ? (
              <FormSelect
                aria-label={`Status of ${shownTitle}`}
                value={status}
                onChange={(_event, next) => {
                  setStatus(next as HypothesisStatus);
                  saveStatus(next as HypothesisStatus);
                }}
              >
                {HYPOTHESIS_STATUSES.map((value) => (
                  <FormSelectOption key={value} value={value} label={statusLabel(value)} />
                ))}
              </FormSelect>
            ) : (
              <Label isCompact>{statusLabel(status)}</Label>
            )}
          </FlexItem>
          {canWrite && (
            <>
              {childType && (
                <FlexItem>
                  <Button variant="link" size="sm" icon={<PlusCircleIcon />} onClick={() => setAdding(true)}>
                    Add {HYPOTHESIS_TYPE_LABEL[childType].toLowerCase()}
                  </Button>
                </FlexItem>
              )}
              {status !== 'disproven' && (
                <FlexItem>
                  <Button
                    variant="link"
                    size="sm"
                    icon={<BanIcon />}
                    onClick={() => void disprove().catch(() => undefined)}
                  >
                    Disprove
                  </Button>
                </FlexItem>
              )}
              {hypothesis.type !== 'root' && (
                <FlexItem>
                  <Button
                    variant="plain"
                    size="sm"
                    icon={<TrashIcon />}
                    aria-label={`Delete ${shownTitle}`}
                    onClick={() => setDeleting(true)}
                  />
                </FlexItem>
              )}
            </>
          )}
        </Flex>
        {expanded && (
          <div id={detailsId} style={{ paddingInlineStart: 'var(--pf-t--global--spacer--xl)' }}>
            <Title headingLevel="h4" size="md">
              Evidence
            </Title>
            {hypothesis.evidences.length === 0 ? (
              <p>{NO_EVIDENCE}</p>
            ) : (
              <ShowMore items={hypothesis.evidences} noun="evidences">
                {(shown) =>
                  shown.map((evidence) => (
                    <EvidenceItem key={evidence.id} evidence={evidence} incidentId={hypothesis.incident_id} />
                  ))
                }
              </ShowMore>
            )}
            <Title
              headingLevel="h4"
              size="md"
              style={{ marginBlockStart: 'var(--pf-t--global--spacer--sm)' }}
            >
              Comments
            </Title>
            {comments.length > 0 && (
              <ShowMore items={comments} noun="comments">
                {(shown) => <CommentList aria-label={`Comments on ${shownTitle}`} comments={shown} />}
              </ShowMore>
            )}
            {canComment && (
              <CommentComposer incidentId={hypothesis.incident_id} hypothesisId={hypothesis.id} />
            )}
          </div>
        )}
      </article>
      {children.length > 0 && (
        <ul style={{ margin: 0, paddingInlineStart: 'var(--pf-t--global--spacer--xl)' }}>
          {children.map((child) => (
            <HypothesisNode key={child.id} {...props} hypothesis={child} />
          ))}
        </ul>
      )}
      {adding && <AddChildModal parent={hypothesis} onAdded={refresh} onClose={() => setAdding(false)} />}
      {deleting && (
        <DeleteHypothesisDialog
          title={shownTitle}
          descendants={subtree(hypothesis.id, childrenOf).length - 1}
          onDisprove={disprove}
          onDelete={remove}
          onClose={() => setDeleting(false)}
        />
      )}
    </li>
  );
}
