/**
 * Set up before every jsdom test file (vitest.config.ts, project `dom`): what jsdom lacks and the app uses.
 * jsdom has <dialog> without its modal methods; the console's and my page's dialogs open with showModal().
 */
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.open = false;
};
