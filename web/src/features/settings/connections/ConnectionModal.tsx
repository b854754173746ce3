import { useId, useState } from 'react';
import {
  Alert,
  Button,
  Modal,
  ModalBody,
  ModalHeader,
  Tab,
  Tabs,
  TabTitleText,
} from '@patternfly/react-core';
import { FormModal } from '../../../components/Form/index.js';
import { ConnectionFields } from './ConnectionFields.js';
import { ConnectionPermissionsTab } from './ConnectionPermissionsTab.js';
import { ConnectionTypeIcon } from './ConnectionTypeIcon.js';
import { ConnectionTypePicker } from './ConnectionTypePicker.js';
import { TestConnectionButton } from './TestConnectionButton.js';
import { defaultValues, toWrite, validate, valuesFromRow } from './connection-form.js';
import { connectionType, type ConnectionType, type FormValues } from './connection-types.js';
import { isManagedElsewhere, type Connection, type ConnectionWrite } from './connections-api.js';

export const ADD_CONNECTION_TITLE = 'Add Connection';

export interface ConnectionModalProps {
  /** The saved connection being edited; a new one without it. */
  row?: Connection;
  /** Whether the person may change connections (write on connections). */
  canWrite: boolean;
  onSubmit: (write: ConnectionWrite) => Promise<void>;
  /** Asks to delete the saved connection (the page confirms first). */
  onDelete: () => void;
  onClose: () => void;
}

/** Why a saved connection cannot be changed here, if it cannot. */
function readOnlyReason(row: Connection | undefined, canWrite: boolean): string | undefined {
  if (row && isManagedElsewhere(row))
    return `This connection is managed by ${row.source}: change it there. It is read-only here.`;
  if (!canWrite) return 'You may not change connections: it is read-only for you.';
  return undefined;
}

function ConnectionForm({
  type,
  row,
  canWrite,
  onSubmit,
  onDelete,
  onBack,
  onClose,
}: Omit<ConnectionModalProps, 'row'> & { type: ConnectionType; row?: Connection; onBack?: () => void }) {
  const [values, setValues] = useState<FormValues>(() =>
    row ? valuesFromRow(type, row) : defaultValues(type),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<'edit' | 'permissions'>('edit');
  const reason = readOnlyReason(row, canWrite);
  const readOnly = reason !== undefined;

  const change = (patch: FormValues) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  const submit = async () => {
    const problems = validate(type, values, row);
    setErrors(problems);
    if (tab !== 'edit' && Object.keys(problems).length > 0) setTab('edit');
    if (Object.keys(problems).length === 0) await onSubmit(toWrite(type, values, row));
  };

  const form = (
    <>
      {reason && <Alert variant="info" isInline isPlain title={reason} />}
      <ConnectionFields
        type={type}
        values={values}
        errors={errors}
        onChange={change}
        row={row}
        readOnly={readOnly}
      />
    </>
  );

  return (
    <FormModal
      title={row ? row.name : ADD_CONNECTION_TITLE}
      description={
        <>
          <ConnectionTypeIcon type={type.value} /> {type.title}
        </>
      }
      variant="medium"
      submitLabel={row ? 'Update' : 'Save'}
      busyLabel={row ? 'Updating' : 'Saving'}
      canSubmit={!readOnly}
      onSubmit={submit}
      onClose={onClose}
      extraActions={
        <>
          {onBack && (
            <Button variant="secondary" onClick={onBack}>
              Back
            </Button>
          )}
          {row && <TestConnectionButton connectionId={row.id} />}
          {row && !readOnly && (
            <Button variant="danger" onClick={onDelete}>
              Delete
            </Button>
          )}
        </>
      }
    >
      {row ? (
        <Tabs
          activeKey={tab}
          onSelect={(_event, key) => setTab(key === 'permissions' ? 'permissions' : 'edit')}
          aria-label="Connection"
          mountOnEnter
        >
          <Tab eventKey="edit" title={<TabTitleText>Edit</TabTitleText>}>
            {form}
          </Tab>
          <Tab eventKey="permissions" title={<TabTitleText>Permissions</TabTitleText>}>
            <ConnectionPermissionsTab connectionId={row.id} />
          </Tab>
        </Tabs>
      ) : (
        form
      )}
    </FormModal>
  );
}

/**
 * Add or edit a connection (spec 3 §2.3): a new one picks its type first, Back returns to the
 * types; a saved one opens on its form, with tabs Edit and Permissions.
 */
export function ConnectionModal(props: ConnectionModalProps) {
  const { row, onClose } = props;
  const titleId = useId();
  const [picked, setPicked] = useState<ConnectionType>();
  const type = row ? connectionType(row.type) : picked;

  if (row && !type)
    return (
      <Modal variant="small" isOpen onClose={onClose} aria-labelledby={titleId}>
        <ModalHeader title={row.name} labelId={titleId} />
        <ModalBody>Unknown type</ModalBody>
      </Modal>
    );
  if (!type)
    return (
      <Modal variant="large" isOpen onClose={onClose} aria-labelledby={titleId}>
        <ModalHeader
          title={ADD_CONNECTION_TITLE}
          labelId={titleId}
          description="Choose the type of connection."
        />
        <ModalBody>
          <ConnectionTypePicker onPick={setPicked} />
        </ModalBody>
      </Modal>
    );
  return (
    <ConnectionForm
      key={type.value}
      {...props}
      type={type}
      onBack={row ? undefined : () => setPicked(undefined)}
    />
  );
}
