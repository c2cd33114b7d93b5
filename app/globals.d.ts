/** The id of the running build, set by vite.config.ts. */
declare const __BUILD_ID__: string;

/** The addresses of the code the service worker keeps as it installs: the error page's and more (vite.config.ts keptAtInstall). */
declare const __KEPT_AT_INSTALL__: string[];

/** Workers' default cache; the DOM library's CacheStorage, which wins in this project's types, lacks it. */
interface CacheStorage {
  readonly default: Cache;
}
