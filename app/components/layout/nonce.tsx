import { createContext, useContext } from "react";

/**
 * A personal page's CSP nonce, none on a shared page (ADR 018); undefined in the browser, which hides it from script,
 * so React keeps the server's attribute.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
