import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  FormAlert,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  type ModalProps,
} from '@patternfly/react-core';
import formStyles from '@patternfly/react-styles/css/components/Form/form';
import { errorMessage } from '../../api/index.js';
import { useToast } from '../Toasts/index.js';
import './FormModal.css';

export interface FormModalProps {
  title: string;
  /** Under the title. */
  description?: ReactNode;
  /** Default 'small'. */
  variant?: ModalProps['variant'];
  /** The submit button's text, e.g. 'Save'. */
  submitLabel: string;
  /** The submit button's text while submitting, e.g. 'Saving...'; the submit label by default. */
  busyLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  /** False keeps the submit button disabled (e.g. nothing chosen yet). */
  canSubmit?: boolean;
  /**
   * Runs on the submit button or Enter. While its promise is pending the dialog is busy: the
   * submit button spins, and Escape, the close button and Cancel do nothing. A rejection is
   * shown (a toast, or inside the form with `errorInForm`) and the dialog stays open with what
   * was typed. It closes when the caller says so (onSubmit calls its own close).
   */
  onSubmit: () => void | Promise<unknown>;
  onClose: () => void;
  /** Shows a failure inside the form instead of a toast (when the form must say it itself). */
  errorInForm?: boolean;
  /** Further buttons in the footer, between submit and cancel (Back, Delete, Test). */
  extraActions?: ReactNode;
  /** The fields; a function of `busy` for fields that must not change while the form is sent. */
  children: ReactNode | ((busy: boolean) => ReactNode);
}

/** A modal form with the console's submit, busy and failure behaviour; the fields are its children. */
export function FormModal({
  title,
  description,
  variant = 'small',
  submitLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  canSubmit = true,
  onSubmit,
  onClose,
  errorInForm = false,
  extraActions,
  children,
}: FormModalProps) {
  const toast = useToast();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const close = () => {
    if (!busy) onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !canSubmit) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await onSubmit();
    } catch (error) {
      if (errorInForm) setFailure(errorMessage(error));
      else toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal variant={variant} isOpen onClose={close} aria-labelledby={titleId}>
      <ModalHeader title={title} labelId={titleId} description={description} />
      <form className="ops-form-modal__form" onSubmit={(event) => void submit(event)} noValidate>
        <ModalBody>
          <div className={formStyles.form}>
            {failure && (
              <FormAlert>
                <Alert variant="danger" isInline isLiveRegion title={failure} />
              </FormAlert>
            )}
            {typeof children === 'function' ? children(busy) : children}
          </div>
        </ModalBody>
        <ModalFooter>
          <Button type="submit" variant="primary" isLoading={busy} isDisabled={busy || !canSubmit}>
            {busy && busyLabel ? busyLabel : submitLabel}
          </Button>
          {extraActions}
          <Button variant="link" onClick={close} isDisabled={busy}>
            {cancelLabel}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
