import type { APIRequestContext } from "@playwright/test";

import { formFieldsOf } from "../support/form-fields";

/**
 * The authenticity token the sign-in page gives its form (ADR 023, ADR 017: only the forms where a
 * session is at stake carry one), for tests that post with the request API instead of a browser
 * form. The GET also stores the matching `csrf` cookie in `request`'s cookie jar, so a post through
 * the same `request` carries both.
 */
export async function csrfToken(request: APIRequestContext, path = "/auth"): Promise<string> {
  const html = await (await request.get(path)).text();
  const input = /<input[^>]*name="csrf"[^>]*>/.exec(html)?.[0] ?? "";
  const token = /value="([^"]+)"/.exec(input)?.[1];
  if (!token) throw new Error(`No CSRF token on ${path}`);
  return token;
}

/**
 * What the form on `path` sends besides what is typed (CSRF token, honeypot, mode), as a browser
 * would; the GET stores the page's cookies in `request`'s jar.
 */
export async function formFields(request: APIRequestContext, path: string): Promise<Record<string, string>> {
  return formFieldsOf(await (await request.get(path)).text());
}
