import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal';

describe('Modal', () => {
  it('is a labelled dialog that closes on Escape, the close button and the overlay', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(
      <Modal open title="Feedback" onClose={onClose}>
        <p>inside</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Feedback' });
    expect(dialog).toHaveFocus();

    await user.click(screen.getByText('inside'));
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing when closed', () => {
    render(
      <Modal open={false} title="Feedback" onClose={() => undefined}>
        <p>inside</p>
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
