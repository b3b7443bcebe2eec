/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_ACCESS_KEY?: string;
  readonly VITE_SSO_PREFIX?: string;
  /** Names the build in the footer (set by whoever builds, e.g. CI or the update e2e). */
  readonly VITE_BUILD_ID?: string;
}
