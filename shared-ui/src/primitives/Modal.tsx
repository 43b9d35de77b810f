import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from '../theme/tokens';

const StyledOverlay = styled.div`
  position: fixed;
  inset: 0;
  background: ${tokens.color.overlay};
  display: flex;
  align-items: center;
  justify-content: center;
  z-index: 1000;
  padding: ${tokens.space[4]};
`;
const StyledDialog = styled.div`
  background: ${tokens.color.bg};
  border-radius: ${tokens.radius.md};
  padding: ${tokens.space[6]};
  width: min(560px, 100%);
  max-height: 90vh;
  overflow: auto;
  position: relative;
`;
const StyledClose = styled.button`
  position: absolute;
  top: ${tokens.space[2]};
  right: ${tokens.space[2]};
  background: none;
  border: none;
  font-size: 1.5rem;
  cursor: pointer;
  color: ${tokens.color.text};
`;

export type ModalProps = { open: boolean; title: string; onClose: () => void; children: ReactNode };

/** Accessible dialog: labelled by its title, closes on Escape or the overlay, focus moves inside. */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <StyledOverlay onClick={onClose}>
      <StyledDialog
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={dialogRef}
        onClick={(event) => event.stopPropagation()}
      >
        <StyledClose type="button" aria-label="Close" onClick={onClose}>
          ×
        </StyledClose>
        <h2 id={titleId}>{title}</h2>
        {children}
      </StyledDialog>
    </StyledOverlay>
  );
}
