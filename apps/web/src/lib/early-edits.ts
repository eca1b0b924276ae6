/**
 * Form edits made on a server-rendered page before the app took it over (a slow line: the page is there seconds
 * before its script, ADR 0192). Hydrating sets every controlled field back to its state, so the edits are read
 * just before and made again right after, through the events the app listens to.
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export type EarlyEdit =
  | { id: string; kind: 'checked'; checked: boolean }
  | { id: string; kind: 'value'; value: string };

function isControl(el: Element): el is Control {
  return el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
}

function isToggle(el: Control): el is HTMLInputElement {
  return el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
}

/** The value the server sent: a select's option marked selected (else its first), a field's value attribute. */
function sentValue(el: Control): string {
  if (el instanceof HTMLSelectElement) {
    const options = Array.from(el.options);
    return (options.find((o) => o.defaultSelected) ?? options[0])?.value ?? '';
  }
  return el.defaultValue;
}

/** Every field under `root` the visitor changed from what the server sent (fields without an id are left alone). */
export function readEarlyEdits(root: HTMLElement): EarlyEdit[] {
  return Array.from(root.querySelectorAll('input, select, textarea'))
    .filter(isControl)
    .filter((el) => el.id !== '' && !(el instanceof HTMLInputElement && el.type === 'hidden'))
    .flatMap((el): EarlyEdit[] => {
      if (isToggle(el))
        return el.checked === el.defaultChecked ? [] : [{ id: el.id, kind: 'checked', checked: el.checked }];
      return el.value === sentValue(el) ? [] : [{ id: el.id, kind: 'value', value: el.value }];
    });
}

/**
 * Makes the edits again on the live page, in document order (a region before the area it opens), as the
 * visitor's own input. Hydration may have left the field showing the edit while the app's state holds what the
 * server sent; React reports a change only when the field differs from the value it last saw, so the field is
 * first set (through React's own property) to something else, then to the edit natively, and the event sent.
 */
export function replayEarlyEdits(edits: EarlyEdit[]): void {
  for (const edit of edits) {
    const el = document.getElementById(edit.id);
    if (!el || !isControl(el) || el.disabled) continue;
    if (edit.kind === 'checked') {
      if (!isToggle(el)) continue;
      if (el.checked === edit.checked) el.click();
      el.click();
      continue;
    }
    el.value = edit.value === '' ? ' ' : '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set?.call(el, edit.value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
}
