import type { Area, AreaCatalog, LangCatalog } from './messages.ts';

/** A language's catalog from its folder's files by path (`../messages/en/common.json` is the area `common`). */
export function catalogOf(files: Record<string, unknown>): LangCatalog {
  return Object.fromEntries(
    Object.entries(files).map(([file, messages]) => [
      file.slice(file.lastIndexOf('/') + 1, -'.json'.length) as Area,
      messages as AreaCatalog,
    ]),
  ) as LangCatalog;
}
