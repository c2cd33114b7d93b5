import { createContext, useContext } from "react";

/** The per-response CSP nonce; empty in the browser, where the attribute is hidden anyway. */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
