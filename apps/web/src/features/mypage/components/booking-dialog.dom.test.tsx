import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookingDialog } from './booking-dialog.tsx';

afterEach(cleanup);

function renderDialog(props: { danger?: boolean; disabled?: boolean; busy?: boolean }) {
  const onConfirm = vi.fn();
  render(
    <BookingDialog
      open
      title="予約のキャンセル"
      lead="この予約をキャンセルします。"
      confirmLabel="キャンセルする"
      danger={props.danger}
      disabled={props.disabled ?? false}
      busy={props.busy}
      onConfirm={onConfirm}
      onClose={() => {}}
    >
      <p>キャンセル料 0円</p>
    </BookingDialog>,
  );
  const dialog = screen.getByRole('dialog', { name: '予約のキャンセル' });
  return { dialog, button: within(dialog).getByRole('button', { name: 'キャンセルする' }), onConfirm };
}

describe('a dialog of my page that changes the booking', () => {
  it('leads with what it does, then shows the change, and does it with its one button', async () => {
    const { dialog, button, onConfirm } = renderDialog({});
    const paragraphs = within(dialog)
      .getAllByText(/./, { selector: 'p' })
      .map((p) => p.textContent);
    expect(paragraphs).toEqual(['この予約をキャンセルします。', 'キャンセル料 0円']);
    await userEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('is the primary button unless the change cannot be undone', () => {
    expect(renderDialog({}).button.className).toBe('btn btn-primary');
    cleanup();
    expect(renderDialog({ danger: true }).button.className).not.toContain('btn-primary');
  });

  it('says it is busy only when told, and takes no press while disabled', async () => {
    expect(renderDialog({}).button.hasAttribute('aria-busy')).toBe(false);
    cleanup();
    const { button, onConfirm } = renderDialog({ disabled: true, busy: true });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button).toHaveProperty('disabled', true);
    await userEvent.click(button);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
