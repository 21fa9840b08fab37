import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { SiteHeader } from "~/components/layout/site-header";

/** The header's links say which is the page shown (aria-current), as NavLink did (ADR 044). */

async function headerOn(path: string): Promise<string> {
  const element = <SiteHeader user={null} />;
  const handler = createStaticHandler([{ id: "root", path: "*", loader: () => null, element }]);
  const context = await handler.query(new Request(new URL(path, "https://www.makervolt.com")));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/** The hrefs of the links marked as the current page. */
function currentLinks(html: string): string[] {
  return [...html.matchAll(/<a [^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => tag.includes('aria-current="page"'))
    .map((tag) => /href="([^"]*)"/.exec(tag)?.[1] ?? "");
}

describe("the site header's links", () => {
  it("mark the page shown, in the Main and the Mobile navigation alike", async () => {
    expect(currentLinks(await headerOn("/about"))).toEqual(["/about", "/about"]);
    expect(currentLinks(await headerOn("/contact"))).toEqual(["/contact", "/contact"]);
    expect(currentLinks(await headerOn("/products/sensors"))).toEqual(["/products/sensors", "/products/sensors"]);
  });

  it("mark the page whatever its path's case or trailing slash, as its route matches", async () => {
    expect(currentLinks(await headerOn("/about/"))).toEqual(["/about", "/about"]);
    expect(currentLinks(await headerOn("/Products/Sensors"))).toEqual(["/products/sensors", "/products/sensors"]);
  });

  it("mark nothing elsewhere: not a category on another one's page, nor any link on a page they do not name", async () => {
    expect(currentLinks(await headerOn("/products/tools"))).toEqual(["/products/tools", "/products/tools"]);
    expect(currentLinks(await headerOn("/products"))).toEqual([]);
    expect(currentLinks(await headerOn("/product/12"))).toEqual([]);
    expect(currentLinks(await headerOn("/about/more"))).toEqual([]);
  });
});
