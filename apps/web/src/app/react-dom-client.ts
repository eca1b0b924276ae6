/**
 * React DOM's client as a chunk of its own: main.tsx imports it once the app's other modules have run, so that its
 * evaluation is a task of its own on a phone's main thread. The server lists this chunk, by this module's name, with
 * a rendered page's scripts.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
