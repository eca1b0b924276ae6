/** The part of jsdom the server uses (a window for DOMPurify, ADR 0160); jsdom ships no types of its own. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: {
      document: {
        createElement(name: 'template'): { innerHTML: string; content: { textContent: string | null } };
      };
    };
  }
}
