import { ErrCd } from '@tabi/contract/constants';
import { Msg } from '@tabi/contract/messages';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Field } from '../../components/form/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { SchemaForm, useSchemaForm } from './schema-form.tsx';

/** A form-only schema in the pages' manner: text typed, a number sent. */
const countForm = z.object({
  name: z.string().trim().min(1, '名前を入力してください。'),
  count: z
    .string()
    .transform((v) => Number(v.normalize('NFKC')))
    .pipe(z.number().int('回数は整数で入力してください。').min(1, '回数は整数で入力してください。')),
});

function CountForm({
  send,
  mode,
  invalidText,
}: {
  send(values: z.output<typeof countForm>): Promise<unknown>;
  mode?: 'onChange';
  invalidText?: string;
}) {
  const counted = useSchemaForm(countForm, {
    defaultValues: { name: '', count: '' },
    mode,
    invalidText,
    onSubmit: send,
  });
  const { form } = counted;
  const { errors } = form.formState;
  return (
    <SchemaForm form={counted} aria-label="回数の入力">
      <Field label="名前" error={errors.name?.message}>
        {(c) => <input {...c} {...form.register('name')} />}
      </Field>
      <Field label="回数" error={errors.count?.message}>
        {(c) => <input {...c} {...form.register('count')} />}
      </Field>
      <button type="submit" disabled={counted.isSubmitting}>
        送る
      </button>
    </SchemaForm>
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it('refuses with the schema’s messages, focusing the first refused field, and sends nothing', async () => {
  const user = userEvent.setup();
  const send = vi.fn(async () => undefined);
  render(<CountForm send={send} />);
  expect(screen.getByRole('form', { name: '回数の入力' }).hasAttribute('novalidate')).toBe(true);
  await user.type(screen.getByLabelText('回数'), '0');
  await user.click(screen.getByRole('button', { name: '送る' }));
  expect(await screen.findByText('名前を入力してください。')).toBeTruthy();
  expect(screen.getByText('回数は整数で入力してください。')).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByLabelText('名前'));
  expect(screen.getByLabelText('名前').getAttribute('aria-invalid')).toBe('true');
  expect(send).not.toHaveBeenCalled();
});

it('sends what the schema made of the typed values, busy until the call ends, and once however often pressed', async () => {
  const user = userEvent.setup();
  let finish: () => void = () => {};
  const send = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  );
  render(<CountForm send={send} />);
  await user.type(screen.getByLabelText('名前'), ' 山田 ');
  await user.type(screen.getByLabelText('回数'), '１２');
  const button = screen.getByRole('button', { name: '送る' });
  await user.click(button);
  await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
  // A second submit while the first call is on its way (a double press before the button turned busy).
  fireEvent.submit(screen.getByRole('form', { name: '回数の入力' }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  finish();
  await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  expect(send).toHaveBeenCalledTimes(1);
  expect(send).toHaveBeenCalledWith({ name: '山田', count: 12 });
  expect(screen.queryByRole('alert')).toBeNull();
});

it('says a failed call’s text in the form’s alert, the server’s own or the unexpected one, and clears it on the next try', async () => {
  const user = userEvent.setup();
  const send = vi
    .fn<() => Promise<unknown>>()
    .mockRejectedValueOnce(new ApiError(ErrCd.generic, 'この名前はすでに使われています。', 409))
    .mockRejectedValueOnce(new Error('a program’s own text'))
    .mockResolvedValueOnce(undefined);
  render(<CountForm send={send} />);
  await user.type(screen.getByLabelText('名前'), '山田');
  await user.type(screen.getByLabelText('回数'), '3');
  await user.click(screen.getByRole('button', { name: '送る' }));
  expect((await screen.findByRole('alert')).textContent).toBe('この名前はすでに使われています。');
  await user.click(screen.getByRole('button', { name: '送る' }));
  await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(Msg.unexpected));
  await user.click(screen.getByRole('button', { name: '送る' }));
  await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  expect(send).toHaveBeenCalledTimes(3);
});

it('checks a field as it is typed when asked (`mode: onChange`), before any submit', async () => {
  const user = userEvent.setup();
  const send = vi.fn(async () => undefined);
  render(<CountForm send={send} mode="onChange" />);
  await user.type(screen.getByLabelText('回数'), '0');
  expect(await screen.findByText('回数は整数で入力してください。')).toBeTruthy();
  expect(screen.queryByText('名前を入力してください。')).toBeNull();
  await user.clear(screen.getByLabelText('回数'));
  await user.type(screen.getByLabelText('回数'), '2');
  await vi.waitFor(() => expect(screen.queryByText('回数は整数で入力してください。')).toBeNull());
  expect(send).not.toHaveBeenCalled();
});

it('says `invalidText` in the form’s alert when a field is refused, and clears it once a submit is sent', async () => {
  const user = userEvent.setup();
  const send = vi.fn(async () => undefined);
  render(<CountForm send={send} invalidText="入力内容に誤りがあります。" />);
  await user.click(screen.getByRole('button', { name: '送る' }));
  await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('入力内容に誤りがあります。'));
  expect(document.activeElement).toBe(screen.getByLabelText('名前'));
  await user.type(screen.getByLabelText('名前'), '山田');
  await user.type(screen.getByLabelText('回数'), '3');
  await user.click(screen.getByRole('button', { name: '送る' }));
  await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  expect(send).toHaveBeenCalledWith({ name: '山田', count: 3 });
});

it('leaves the alert as it was when a field is refused and no `invalidText` is given', async () => {
  const user = userEvent.setup();
  const send = vi.fn<() => Promise<unknown>>().mockRejectedValueOnce(new ApiError(ErrCd.generic, '使えません。', 409));
  render(<CountForm send={send} />);
  await user.type(screen.getByLabelText('名前'), '山田');
  await user.type(screen.getByLabelText('回数'), '3');
  await user.click(screen.getByRole('button', { name: '送る' }));
  expect((await screen.findByRole('alert')).textContent).toBe('使えません。');
  await user.clear(screen.getByLabelText('名前'));
  await user.click(screen.getByRole('button', { name: '送る' }));
  expect(await screen.findByText('名前を入力してください。')).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe('使えません。');
  expect(send).toHaveBeenCalledTimes(1);
});
