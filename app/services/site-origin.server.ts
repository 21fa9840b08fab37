import { type Config, getConfig } from "~/config.server";

/** The public origin of every absolute URL: SITE_URL, else the request's as the server read it (ADR 008, ADR 023). */
export function siteOrigin(request: Request, config: Pick<Config, "siteOrigin"> = getConfig()): string {
  return config.siteOrigin ?? new URL(request.url).origin;
}

/** Account mails' links: never the request's Host, which its sender chooses (password-reset poisoning, ADR 035). */
export function mailLinkOrigin(config: Pick<Config, "siteOrigin" | "port"> = getConfig()): string {
  return config.siteOrigin ?? `http://localhost:${config.port}`;
}
