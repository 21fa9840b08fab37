/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Single Fetch (v3_singleFetch in remix.config.js) changes what useLoaderData<typeof loader> infers:
// loaders return plain objects or data(), and types follow turbo-stream (Dates, Maps survive).
// `export {}` makes this file a module, so the block below augments the package instead of replacing it.
export {};
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
// AppLoadContext is declared in server-runtime (@remix-run/node re-exports it), so it is augmented there.
declare module "@remix-run/server-runtime" {
  /** What the server entry (server/app.ts) hands every loader and action; a new object per request. */
  interface AppLoadContext {
    /** The client's IP address: the socket's, or with TRUST_PROXY=1 the one our proxy saw. */
    clientAddress: string;
  }
}
