/**
 * The one way a console form is made: react-hook-form checked by a zod schema (the contract's request schema, or a
 * form-only one piped into it), its fields drawn with `Field`, a failed call said in the form's `FormAlert`, and the
 * submit button disabled while the call runs. A page writes its fields and its call; this holds the rest.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type BaseSyntheticEvent,
  type FormHTMLAttributes,
  type ReactNode,
  useCallback,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type DefaultValues, type FieldValues, type Mode, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorText } from '../lib/admin-api.ts';
import { FormAlert } from './query-state.tsx';

export interface SchemaFormOptions<In extends FieldValues, Out> {
  defaultValues: DefaultValues<In>;
  /** When a field is checked: on submit (the default), or as it is typed from the start (`onChange`). */
  mode?: Mode;
  /**
   * Said in the form's alert when the schema refuses a field (a long form, whose refused field may be out of
   * view); without it a refusal leaves the alert as it was.
   */
  invalidText?: string;
  /**
   * Sends what the schema made of the typed values; what it throws is said in the form's alert. A form whose call
   * is a TanStack mutation (a console action) starts it here and gives the mutation to its `ActionDialog`, which
   * shows its `isPending` and error.
   */
  onSubmit(values: Out): unknown;
}

/** A form checked by a schema `z.ZodType<Out, In>`: the fields hold `In` (`z.input`), the submit gets `Out` (`z.output`). */
export interface SchemaFormApi<In extends FieldValues, Out> {
  form: UseFormReturn<In, unknown, Out>;
  /** Checks the fields (focusing the first refused one), then runs `onSubmit` once at a time. */
  submit(event?: BaseSyntheticEvent): Promise<void>;
  /** The failed call's text ('' when there is none). */
  formError: string;
  /** Says a message in the form's alert that came from elsewhere (a step of sign-in that ended). */
  setFormError(text: string): void;
  /** Back to `values` (or the defaults), with no field's error and no alert. */
  reset(values?: In): void;
  isSubmitting: boolean;
}

export function useSchemaForm<In extends FieldValues, Out>(
  schema: z.ZodType<Out, In>,
  { defaultValues, mode, invalidText, onSubmit }: SchemaFormOptions<In, Out>,
): SchemaFormApi<In, Out> {
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema),
    defaultValues,
    mode,
  });
  const [formError, setFormError] = useState('');
  // A second press before the button has turned busy is dropped here, so a call is never sent twice.
  const running = useRef(false);
  const send = useRef(onSubmit);
  send.current = onSubmit;
  const refused = useRef(invalidText);
  refused.current = invalidText;
  const submit = useMemo(
    () =>
      form.handleSubmit(
        async (values) => {
          if (running.current) return;
          running.current = true;
          setFormError('');
          try {
            await send.current(values);
          } catch (e) {
            setFormError(errorText(e));
          } finally {
            running.current = false;
          }
        },
        () => {
          if (refused.current !== undefined) setFormError(refused.current);
        },
      ),
    [form],
  );
  const reset = useCallback(
    (values?: In) => {
      form.reset(values);
      setFormError('');
    },
    [form],
  );
  return { form, submit, formError, setFormError, reset, isSubmitting: form.formState.isSubmitting };
}

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate' | 'children'>;

/**
 * The `<form>` of a schema form: checked by the schema rather than the browser (`noValidate`), with the failed
 * call's alert at its end, or at its start where the form says so (`alertAt`).
 */
export function SchemaForm<In extends FieldValues, Out>({
  form,
  alertAt = 'end',
  children,
  ...props
}: FormProps & { form: SchemaFormApi<In, Out>; alertAt?: 'start' | 'end'; children: ReactNode }) {
  const alert = <FormAlert>{form.formError}</FormAlert>;
  return (
    <form {...props} onSubmit={(event) => void form.submit(event)} noValidate>
      {alertAt === 'start' && alert}
      {children}
      {alertAt === 'end' && alert}
    </form>
  );
}
