/** The id of the running build, set by vite.config.ts. */
declare const __BUILD_ID__: string;

/** The addresses of this build's error page's code, which the service worker keeps as it installs (vite.config.ts). */
declare const __ERROR_PAGE_FILES__: string[];

/** Workers' default cache; the DOM library's CacheStorage, which wins in this project's types, lacks it. */
interface CacheStorage {
  readonly default: Cache;
}
