import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useConsoleAction } from '../lib/booking-api.ts';
import { ActionDialog } from './action-dialog.tsx';

afterEach(cleanup);

function NoteDialog({ send }: { send: (note: string) => Promise<unknown> }) {
  const action = useConsoleAction(send);
  return (
    <ActionDialog
      open
      title="社内メモを追加"
      onClose={() => {}}
      onSubmit={() => action.mutate('到着が遅れる')}
      submitLabel="追加する"
      action={action}
    >
      <p>メモ</p>
    </ActionDialog>
  );
}

describe('a console action', () => {
  it('is sent once however fast the button is pressed again, and can be sent again once answered', async () => {
    let answer: (value: unknown) => void = () => {};
    const send = vi.fn(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <NoteDialog send={send} />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: '追加する' });
    // Three presses before React has drawn the busy state (a double click, a key held down).
    button.click();
    button.click();
    button.click();
    expect((await screen.findByRole('button', { name: '処理中…' })).hasAttribute('disabled')).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);

    answer({ ok: true });
    const again = await screen.findByRole('button', { name: '追加する' });
    await userEvent.click(again);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });
});
