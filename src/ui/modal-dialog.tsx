import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export type ModalDialogProps = {
  title: string;
  isOpen: boolean;
  /** Omit for blocking dialogs (no Escape, no outside click). */
  onClose?: () => void;
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
};

/** A focus-trapped modal dialog with a labelled heading. */
export function ModalDialog({ title, isOpen, onClose, role = 'dialog', children }: ModalDialogProps) {
  const dismissable = Boolean(onClose);
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      onOpenChange={(open) => { if (!open) onClose?.(); }}
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
    >
      <Modal className="modal">
        <Dialog role={role} className="modal-dialog">
          <Heading slot="title">{title}</Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
