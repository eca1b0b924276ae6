/**
 * The catalog's response schemas, loaded on demand: the list page's calls start before the schema code
 * has arrived, so zod is not part of the JavaScript that must load before the page can render.
 */
export function catalogSchemas() {
  return import('@tabi/contract/catalog');
}
