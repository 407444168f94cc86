/**
 * What a person did on a page the server drew before the app took it over (decision 020): typed into its
 * fields, ticked its boxes, sent one of its forms or pressed a button. The page shows its first screen
 * before its scripts have loaded, so this can happen on a slow connection; nothing of it may be lost.
 *
 * Until the app has taken over, a form is not sent by the browser itself (it would put what was typed, a
 * password too, in the address): the send is held, and made by the app once it works; so is the press of
 * one of its buttons. When it takes over, the app adopts every value the fields hold that is not the one
 * it drew, as if typed just then.
 */
let drawnByServer = false;
let holding = false;
let heldSubmit: HTMLFormElement | null = null;
let heldClick: HTMLButtonElement | null = null;

function holdSubmit(event: SubmitEvent): void {
  event.preventDefault();
  if (event.target instanceof HTMLFormElement) heldSubmit = event.target;
}

// A button of the page pressed before the app listens ('Log out', 'Copy') would do nothing: the press is
// held and made again once the app has taken over. A form's own send button is the form's to hold.
function holdClick(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button || (button.type === 'submit' && button.form)) return;
  event.preventDefault();
  event.stopPropagation();
  heldClick = button;
}

/** From now until `takeOverPage`, forms on the page are held, not sent (called by the page's entry). */
export function holdFormsUntilTakeOver(): void {
  if (holding) return;
  drawnByServer = true;
  holding = true;
  document.addEventListener('submit', holdSubmit, true);
  document.addEventListener('click', holdClick, true);
}

/** The browser's own setter of a field's value, past the one React puts on each field it controls. */
function nativeValueSetter(
  element: HTMLInputElement | HTMLTextAreaElement,
): ((value: string) => void) | null {
  const prototype =
    element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(prototype, 'value')?.set ?? null;
}

/** Tells the app of a value the field holds but the app did not draw, as the field's own events would. */
function adopt(field: Element): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked === field.defaultChecked) return;
    // Back to what was drawn, through React's own setter, then a click sets it as the person left it.
    field.checked = field.defaultChecked;
    field.click();
    return;
  }
  if (field instanceof HTMLSelectElement) {
    const drawn = [...field.options].findIndex((option) => option.defaultSelected);
    if (field.selectedIndex !== Math.max(drawn, 0))
      field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  if (field.value === field.defaultValue) return;
  const typed = field.value;
  const { selectionStart, selectionEnd } = field;
  const focused = document.activeElement === field;
  // React notices a change against the value it last set: set the drawn one its way, then the typed one
  // the browser's way, and say so with the event typing sends.
  field.value = field.defaultValue;
  nativeValueSetter(field)?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (focused && selectionStart !== null && selectionEnd !== null) {
    field.setSelectionRange(selectionStart, selectionEnd);
  }
}

/**
 * Called when a field of the app is put in the page (its ref): on a page the server drew, a field the app
 * takes over may hold what the person typed before; the app adopts it. Elsewhere the field holds what the
 * app drew, and nothing happens.
 */
export function adoptField(field: Element | null): void {
  if (!drawnByServer || !field) return;
  adopt(field);
  // The form the person tried to send is sent once its fields are the app's (the rest of this commit's
  // fields adopt theirs first).
  const form = heldSubmit;
  if (form && 'form' in field && field.form === form) {
    heldSubmit = null;
    setTimeout(() => {
      if (form.isConnected) form.requestSubmit();
    }, 0);
  }
}

/**
 * Called once the app has taken the page over (the commit of its first render): forms are the app's to
 * send from now. React takes over the parts of the page below it (each screen) in moments of their own; a
 * form sent meanwhile is sent when its fields are taken over (`adoptField`).
 */
export function takeOverPage(): void {
  if (!holding) return;
  holding = false;
  document.removeEventListener('submit', holdSubmit, true);
  document.removeEventListener('click', holdClick, true);
  const button = heldClick;
  heldClick = null;
  if (button)
    setTimeout(() => {
      if (button.isConnected && !button.disabled) button.click();
    }, 0);
}
