import type { IssuedKey } from '@tabi/contract/resellers';

/** What a change did, said once above the list; a new key is shown in its own dialog, never on the page. */
export type Say = (message: string) => void;
export type ShowKey = (issued: IssuedKey) => void;
