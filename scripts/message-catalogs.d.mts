/** The message catalogs' check (message-catalogs.mjs), for the tests and the web build that run it. */
export interface CatalogFolder {
  dir: string;
  types: string;
}
export const WEB_CATALOGS: CatalogFolder;
export const CONTRACT_CATALOGS: CatalogFolder;
export const SERVER_CATALOGS: CatalogFolder;
export const CATALOG_FOLDERS: CatalogFolder[];
export function readCatalogs(dir: string): Record<string, Record<string, Record<string, unknown>>>;
export function checkCatalogs(dir: string): string[];
export function paramsModule(dir: string): string;
export function catalogProblems(folder: CatalogFolder): string[];
