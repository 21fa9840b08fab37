import { createContext, useContext } from "react";

/**
 * The CSP nonce of a personal page (app/entry.server.tsx); undefined on a shared page, whose
 * inline scripts are allowed by their hashes instead (ADR 018). Set on the server only: browsers
 * hide a nonce attribute's value from script, so on the client it reads as undefined and React
 * keeps the server's attribute.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
