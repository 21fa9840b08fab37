import { index, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * Every URL the shop answers, and the module that answers it (docs/routes.md). Listed here rather
 * than read from file names: docs/decisions/025-react-router-7.md.
 */
export default [
  index("routes/_index.tsx"),
  route("products/:category?", "routes/products.($category).tsx"),
  route("product/:id", "routes/product.$id.tsx"),
  route("search", "routes/search.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("auth", "routes/auth.tsx"),
  route("logout", "routes/logout.tsx"),
  route("notice", "routes/notice.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("*", "routes/$.tsx"),
] satisfies RouteConfig;
