import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdFormsUntilTakeOver, takeOverPage } from './page-take-over';

afterEach(() => {
  document.body.replaceChildren();
});

describe('a page the server drew, before the app takes it over', () => {
  it('holds a press of one of its buttons and makes it once the app has taken over', async () => {
    document.body.innerHTML = '<main><button type="button">Log out</button></main>';
    const button = document.querySelector('button');
    if (!button) throw new Error('no button');
    holdFormsUntilTakeOver();
    // The app's handler is not there yet: a press now would do nothing.
    button.click();
    const pressed = vi.fn();
    button.addEventListener('click', pressed);
    expect(pressed).not.toHaveBeenCalled();

    takeOverPage();
    await vi.waitFor(() => expect(pressed).toHaveBeenCalledTimes(1));
    // From now on a press is the app's at once, and the held one is not made again.
    button.click();
    expect(pressed).toHaveBeenCalledTimes(2);
  });

  it("leaves a form's own send button to the form, and forgets a press on a button gone meanwhile", async () => {
    document.body.innerHTML =
      '<form><input name="email"><button type="submit">Sign in</button></form><button type="button">Copy</button>';
    const send = document.querySelector<HTMLButtonElement>('button[type="submit"]');
    const copy = document.querySelector<HTMLButtonElement>('button[type="button"]');
    if (!send || !copy) throw new Error('no buttons');
    holdFormsUntilTakeOver();
    const clicks = vi.fn();
    document.addEventListener('click', clicks);
    send.click();
    // The send button's press goes on (the form's send is what is held), so the page sees it.
    expect(clicks).toHaveBeenCalledTimes(1);

    copy.click();
    copy.remove();
    const copied = vi.fn();
    copy.addEventListener('click', copied);
    takeOverPage();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(copied).not.toHaveBeenCalled();
  });
});
