import { useState } from 'react';
import { Button, ExpandableSection, Label, Skeleton } from '@patternfly/react-core';
import { PlusCircleIcon, TrashIcon } from '@patternfly/react-icons';
import { useSWRConfig } from 'swr';
import { errorMessage, useCan, useDbQuery } from '../../../api/index.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import {
  listResponders,
  removeResponder,
  RESPONDER_RESOURCE,
  respondersKey,
  type ResponderWithRefs,
} from '../responders-api.js';
import type { Incident } from '../types.js';
import { AddResponderWizard } from './AddResponderWizard.js';
import { labelOfType } from './responder-form.js';
import { DELIVERY, ResponderAvatar, responderName, responderTypeOf } from './ResponderAvatar.js';
import { ResponderProgress } from './ResponderProgress.js';
import './responders.css';

export const RESPONDER_DELETED = 'Responder deleted successfully';
export const NO_RESPONDERS = 'No responders yet';

/**
 * The incident's responders (spec 2 §2): each with its avatar or team icon (a hover card after
 * 1 s), its progress and, for those who may write responders, Remove (a soft delete after the
 * confirmation) and the Add Responder wizard. It has no heading of its own: where it sits says
 * Responders (the Details panel's term), and the list carries the name.
 */
export function RespondersSection({ incident }: { incident: Incident }) {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const canWrite = useCan(RESPONDER_RESOURCE, 'write');
  const key = respondersKey(incident.id);
  const { data, error, isLoading } = useDbQuery(key, () => listResponders(incident.id));
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ResponderWithRefs>();

  const remove = async (responder: ResponderWithRefs) => {
    try {
      await removeResponder(responder.id);
    } catch (failure) {
      toast.error(failure);
      throw failure;
    }
    toast.success(RESPONDER_DELETED);
    await mutate(key);
  };

  return (
    <div className="ops-responders">
      {isLoading ? (
        <Skeleton screenreaderText="Loading responders" height="2rem" />
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : !data || data.length === 0 ? (
        <p>{NO_RESPONDERS}</p>
      ) : (
        <ul className="ops-responder-list" aria-label="Responders">
          {data.map((responder) => {
            const name = responderName(responder);
            const type = responderTypeOf(responder);
            return (
              <li key={responder.id}>
                <ResponderAvatar responder={responder} />
                <div className="ops-responder-list__name">
                  <div>
                    {name}
                    {type && <small> · {labelOfType(type)}</small>}{' '}
                    {(responder.delivery_status === 'failed' || responder.delivery_status === 'pending') && (
                      <Label isCompact color={DELIVERY[responder.delivery_status]!.color}>
                        {DELIVERY[responder.delivery_status]!.text}
                      </Label>
                    )}
                  </div>
                  {responder.delivery_status === 'failed' && responder.delivery_error && (
                    <small className="ops-responder-list__error">{responder.delivery_error}</small>
                  )}
                  <ExpandableSection toggleText="Progress" isIndented>
                    <ResponderProgress responder={responder} />
                  </ExpandableSection>
                </div>
                {canWrite && (
                  <Button
                    variant="plain"
                    aria-label={`Delete responder ${name}`}
                    icon={<TrashIcon />}
                    onClick={() => setDeleting(responder)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {canWrite && (
        <Button variant="link" icon={<PlusCircleIcon />} onClick={() => setAdding(true)}>
          Add Responder
        </Button>
      )}
      {adding && <AddResponderWizard incident={incident} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title="Delete Responder ?"
        body="Are you sure you want to delete the responder ?"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(undefined)}
      />
    </div>
  );
}
