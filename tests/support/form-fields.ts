/**
 * What a browser would send of a page's form besides what the shopper types: its hidden inputs (the
 * CSRF token, the honeypot's timestamp, the mode) and the honeypot's trap left empty. For tests and
 * scripts that post forms without a browser; a sign-up or a contact message without the honeypot's
 * fields reads as a bot's (app/services/honeypot.server.ts).
 */
export function formFieldsOf(html: string, trapName = "name__confirm"): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(input, "name");
    if (!name) continue;
    if (attribute(input, "type") === "hidden") fields[name] = attribute(input, "value") ?? "";
    else if (name === trapName) fields[name] = "";
  }
  return fields;
}

/** An attribute's value as React writes it (double quotes, HTML entities decoded). */
function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value
    ?.replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#x2F;/g, "/")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
