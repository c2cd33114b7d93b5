/** The id of the running build, set by vite.config.ts. */
declare const __BUILD_ID__: string;
