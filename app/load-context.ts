/** What the server entry (server/app.ts) hands every loader and action; a new object per request. */
declare module "react-router" {
  interface AppLoadContext {
    /** The client's IP address: the socket's, or with TRUST_PROXY=1 the one our proxy saw. */
    clientAddress: string;
  }
}

export {};
