/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_MARKETING_URL?: string;
}
