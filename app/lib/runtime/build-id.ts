/**
 * The id of the running build (vite.config.ts defines __BUILD_ID__ at build time). Where no build
 * defined it (tests, tools), it reads "development".
 */
export const BUILD_ID: string = typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : "development";
