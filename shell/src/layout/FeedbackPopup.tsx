import { feedbackRemote } from 'contracts';
import { closeFeedbackPopup, Modal, useFeedbackPopupOpen, type FooterVariant } from 'shared-ui';
import { useRemoteModule } from '../federation/useRemoteModule';

function FeedbackContent({ remote }: { remote: string }) {
  const { state, retry } = useRemoteModule(remote);
  if (state.status === 'loading') return <p role="status">Loading…</p>;
  const Form = state.status === 'ready' ? state.module.FeedbackForm : undefined;
  if (!Form) {
    return (
      <p role="alert">
        The feedback form could not be loaded.{' '}
        <button type="button" onClick={retry}>
          Retry
        </button>
      </p>
    );
  }
  return <Form onDone={closeFeedbackPopup} />;
}

export function FeedbackPopup({ variant }: { variant: FooterVariant }) {
  const open = useFeedbackPopupOpen();
  return (
    <Modal open={open} title="Feedback" onClose={closeFeedbackPopup}>
      {/* The registry names the remote that owns each surface's feedback form. */}
      {open && <FeedbackContent remote={feedbackRemote(variant).name} />}
    </Modal>
  );
}
