/**
 * The port each of the project's own runs starts its server on by default, in one place so no two
 * share one: the lynx journey and the benchmark once both took 3190, and a run of one beside the
 * other failed to start. The end-to-end suite uses this one and the next four (its mail catcher
 * and the withdrawn-product shop); each can be moved with its setting or option.
 */
export const DEFAULT_PORTS = {
  /** `npm run test:e2e` (E2E_PORT), and E2E_PORT + 1 to + 4. */
  e2e: 3100,
  /** `npm run audit` (--port, AUDIT_PORT). */
  audit: 3180,
  /** `npm run test:lynx` (LYNX_PORT). */
  lynx: 3190,
  /** `npm run bench` (--port). */
  bench: 3200,
  /** `npm run soak` (--port). */
  soak: 3240,
  /** `npm run test:e2e:proxy` (PROXY_PORT). */
  proxy: 3300,
} as const;
