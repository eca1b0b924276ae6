/**
 * The one way a form field is drawn (STYLE §11, after the Epic Stack's Field/ErrorList): a label with
 * the 必須 badge, the control, a hint and the error text, with the control's aria-describedby wired once.
 */
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { useCommonMessages } from '../../i18n/common.ts';
import { useSaid } from '../../i18n/messages.ts';
import choiceStyles from './choice.module.css';

/** What the control of a field needs so that its label, hint and error reach assistive technology. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

type TextTag = 'p' | 'span';

/** Joins the ids that describe a control; undefined when there are none. */
function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

export function RequiredBadge() {
  const t = useCommonMessages();
  return (
    <span className="required" aria-hidden="true">
      {t('required')}
    </span>
  );
}

/** A field's error message (nothing when there is none), in the page's language when it is a rule's. */
export function ErrorText({
  id,
  message,
  as: Tag = 'p',
  role,
  className,
}: {
  id: string;
  message: string | undefined;
  as?: TextTag;
  role?: 'alert';
  className?: string;
}) {
  const said = useSaid();
  if (!message) return null;
  return (
    <Tag id={id} className={className ? `error-text ${className}` : 'error-text'} role={role}>
      {said(message)}
    </Tag>
  );
}

interface FieldTextProps {
  /** Shown under the control and read with it. */
  hint?: ReactNode;
  hintAs?: TextTag;
  hintClassName?: string;
  error?: string | undefined;
  errorAs?: TextTag;
  errorRole?: 'alert';
  /** Marks the control invalid without an own error text (a form-level message describes it). */
  invalid?: boolean;
  /** Ids of descriptions outside the field, such as a hint shared by several fields. */
  describedBy?: string | undefined;
}

interface FieldProps extends FieldTextProps {
  label: ReactNode;
  /** Shows the 必須 badge and marks the control aria-required. */
  required?: boolean;
  /** A fixed id for the control (tests and links name it); otherwise one is made. */
  id?: string;
  className?: string;
  hidden?: boolean;
  ref?: Ref<HTMLDivElement>;
  children(control: ControlProps): ReactNode;
  /** Drawn below the hint and the error (a calendar that opens under the field). */
  after?: ReactNode;
}

function useFieldParts(fixedId: string | undefined, props: FieldTextProps, required: boolean) {
  const madeId = useId();
  const id = fixedId ?? madeId;
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const control: ControlProps = {
    id,
    'aria-describedby': describedBy(props.describedBy, hintId, errorId),
    'aria-invalid': props.error || props.invalid ? true : undefined,
    'aria-required': required ? true : undefined,
  };
  const HintTag = props.hintAs ?? 'p';
  const texts = (
    <>
      {props.hint && (
        <HintTag id={hintId} className={props.hintClassName ?? 'hint'}>
          {props.hint}
        </HintTag>
      )}
      <ErrorText id={`${id}-error`} message={props.error} as={props.errorAs} role={props.errorRole} />
    </>
  );
  return { control, texts };
}

/** A labelled control: `children` draws the control (or a row holding it) with the props it is given. */
export function Field({ label, required = false, id, className, hidden, ref, children, after, ...text }: FieldProps) {
  const { control, texts } = useFieldParts(id, text, required);
  return (
    <div className={className ? `field ${className}` : 'field'} hidden={hidden} ref={ref}>
      <label htmlFor={control.id}>
        {label}
        {required && <RequiredBadge />}
      </label>
      {children(control)}
      {texts}
      {after}
    </div>
  );
}

interface FieldSetProps extends FieldTextProps {
  legend: ReactNode;
  required?: boolean;
  /** The fieldset's whole class list (default `field`). */
  className?: string;
  children(control: ControlProps): ReactNode;
}

/** A group of choices (radios, checkboxes) under one legend; the group carries the description. */
export function FieldSet({ legend, required = false, className = 'field', children, ...text }: FieldSetProps) {
  const { control, texts } = useFieldParts(undefined, text, required);
  return (
    <fieldset className={className} aria-describedby={control['aria-describedby']}>
      <legend className="field-label">
        {legend}
        {required && <RequiredBadge />}
      </legend>
      {children(control)}
      {texts}
    </fieldset>
  );
}

type ChoiceInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  ref?: Ref<HTMLInputElement>;
};

/** A checkbox or radio inside its own bordered label, the text beside it; `look` says what it is for. */
export function Choice({
  type = 'checkbox',
  look,
  className,
  label,
  input,
}: {
  type?: 'checkbox' | 'radio';
  look: 'option' | 'chip' | 'consent';
  /** Placing only (margins); the look is the component's. */
  className?: string;
  label: ReactNode;
  input: ChoiceInputProps & { id: string };
}) {
  return (
    <label
      className={`${choiceStyles.choice} ${choiceStyles[look]}${className ? ` ${className}` : ''}`}
      htmlFor={input.id}
    >
      <input type={type} {...input} />
      <span>{label}</span>
    </label>
  );
}
