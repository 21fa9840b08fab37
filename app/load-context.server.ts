import { createContext, RouterContextProvider } from "react-router";

/** The client's IP address: the socket's, or with TRUST_PROXY the one our proxy saw (server/app.ts). */
export const clientAddressContext = createContext<string>();

/**
 * What every loader and action of one request is handed. The server asks the build's entry module
 * for it: a context key is matched by identity, so only the build's own copy of the key finds it.
 */
export function loadContext(clientAddress: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, clientAddress);
  return context;
}
