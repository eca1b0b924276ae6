/** 商品編集's fields bound to the form: each field's registration with its message, as every fieldset reads them. */
import type {
  Control,
  FieldErrors,
  Path,
  PathValue,
  RegisterOptions,
  UseFormRegisterReturn,
  UseFormReturn,
} from 'react-hook-form';
import { get } from 'react-hook-form';
import { firstMessage } from '../../lib/field-message.ts';
import type { OptionBody, OptionFormValues } from '../../lib/option-form.ts';

export type OptionFormApi = UseFormReturn<OptionFormValues, unknown, OptionBody>;
export type OptionControl = Control<OptionFormValues, unknown, OptionBody>;
export type OptionPath = Path<OptionFormValues>;
/** The form's texts: an HTML text's preview reads one as it is typed. */
export type TextPath = { [P in OptionPath]: PathValue<OptionFormValues, P> extends string ? P : never }[OptionPath];

/** A field's registration and the first message of its error (of any of its parts: a tier's, a keyword's). */
export interface FieldBinding {
  input: UseFormRegisterReturn;
  error: string | undefined;
}

/** A text's binding and what its preview watches. */
export interface TextBinding extends FieldBinding {
  name: TextPath;
  control: OptionControl;
}

export interface OptionBinding {
  form: OptionFormApi;
  errors: FieldErrors<OptionFormValues>;
  field(name: OptionPath, options?: RegisterOptions<OptionFormValues>): FieldBinding;
  text(name: TextPath): TextBinding;
}

/** Read while the form renders, so that each field's message is the one of this render. */
export function bindOption(form: OptionFormApi): OptionBinding {
  const { errors } = form.formState;
  const field = (name: OptionPath, options?: RegisterOptions<OptionFormValues>): FieldBinding => ({
    input: form.register(name, options),
    error: firstMessage(get(errors, name)),
  });
  const text = (name: TextPath): TextBinding => ({ ...field(name), name, control: form.control });
  return { form, errors, field, text };
}
