import { createContext, useContext } from "react";

/**
 * The CSP nonce for this response. Set on the server only: browsers hide a nonce attribute's
 * value from script, so on the client it reads as "" and React keeps the server's attribute.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
