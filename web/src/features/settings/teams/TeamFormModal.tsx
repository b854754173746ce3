import { useState } from 'react';
import { Flex, FlexItem } from '@patternfly/react-core';
import { TextField } from '../../../components/Form/index.js';
import { NameSpecModal } from '../../../components/SpecResource/index.js';
import { hasPicture, TeamIcon } from './TeamIcon.js';
import type { TeamFields } from './teams-api.js';

export interface TeamFormModalProps {
  title: string;
  submitLabel: string;
  busyLabel: string;
  /** The team as it is (editing); none when adding. */
  initial?: TeamFields;
  onSubmit: (fields: TeamFields) => Promise<unknown>;
  onClose: () => void;
}

export const ICON_HELP = "A picture's address (https://… or data:image/…), shown beside the team's name";

/**
 * A team's name and icon, for 'Add Team' and 'Edit Team'. The icon previews as it will show; a
 * name another team has is the server's 409, shown in a toast with the dialog kept open.
 */
export function TeamFormModal({
  title,
  submitLabel,
  busyLabel,
  initial,
  onSubmit,
  onClose,
}: TeamFormModalProps) {
  const [icon, setIcon] = useState(initial?.icon ?? '');
  const trimmedIcon = icon.trim();

  return (
    <NameSpecModal
      title={title}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      initialName={initial?.name}
      onSubmit={({ name }) => onSubmit({ name, icon: trimmedIcon === '' ? null : trimmedIcon })}
      onClose={onClose}
    >
      {(busy, name) => (
        <>
          <TextField label="Icon" value={icon} onChange={setIcon} helperText={ICON_HELP} isDisabled={busy} />
          <Flex spaceItems={{ default: 'spaceItemsSm' }} alignItems={{ default: 'alignItemsCenter' }}>
            <FlexItem>Preview:</FlexItem>
            <FlexItem aria-label="Icon preview" role="img">
              {hasPicture(trimmedIcon) ? <TeamIcon icon={trimmedIcon} /> : 'no picture'}
            </FlexItem>
            <FlexItem>{name}</FlexItem>
          </Flex>
        </>
      )}
    </NameSpecModal>
  );
}
