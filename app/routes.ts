import { index, route, type RouteConfig } from "@react-router/dev/routes";

import { SHOP_ROUTES } from "./models/site/pages";

/**
 * Every URL the shop answers and the module that answers it, one route per entry of the list of
 * the shop's pages (app/models/site/pages.ts, docs/routes.md): a page is added there, not here. Listed
 * rather than read from file names: docs/decisions/025-react-router-7.md.
 */
export default SHOP_ROUTES.map(({ path, module }) =>
  path === null ? index(module) : route(path, module),
) satisfies RouteConfig;
