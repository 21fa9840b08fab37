import type { Cookie, CookieOptions } from "react-router";

import { isSecure, signedCookie } from "~/services/cookie-policy.server";

/** Longer than anything a backend makes (hosted tokens as JSON are the longest): nobody's. */
const MAX_LENGTH = 3500;

export interface OpaqueCookie {
  /** null when missing, tampered with or not a string of ours. */
  read(request: Request): Promise<string | null>;
  commit(request: Request, value: string): Promise<string>;
  clear(request: Request): Promise<string>;
}

/** A signed cookie holding one string a backend made (a session, a recovery grant); made on first use. */
export function opaqueCookie(name: string, options: Omit<CookieOptions, "secrets">): OpaqueCookie {
  let cookie: Cookie | undefined;
  const signed = () => (cookie ??= signedCookie(name, options));
  const present = new RegExp(`(?:^|;\\s*)${name}=`);
  return {
    async read(request) {
      const header = request.headers.get("Cookie");
      if (!header || !present.test(header)) return null;
      try {
        const value: unknown = await signed().parse(header);
        return typeof value === "string" && value.length > 0 && value.length < MAX_LENGTH ? value : null;
      } catch {
        return null;
      }
    },
    commit: (request, value) => signed().serialize(value, { secure: isSecure(request) }),
    clear: (request) => signed().serialize("", { secure: isSecure(request), maxAge: 0, expires: new Date(0) }),
  };
}
