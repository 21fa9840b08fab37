/** How a value looks in a message: short (text up to `limit` characters), with control characters visible. */
export function shown(raw: unknown, limit = 40): string {
  if (typeof raw === "string") {
    return raw.length > limit ? `${JSON.stringify(raw.slice(0, limit)).slice(0, -1)}…"` : JSON.stringify(raw);
  }
  if (raw === null) return "null";
  if (Array.isArray(raw)) return "a list";
  if (typeof raw === "object") return "an object";
  return String(raw);
}

/** What a JSON value is, for "must be X, not Y". */
export function described(raw: unknown): string {
  if (typeof raw === "string") return `the text ${shown(raw)}`;
  if (typeof raw === "number") return `the number ${raw}`;
  return shown(raw);
}

/** Characters as a person counts them (code points), not UTF-16 units. */
function characterCount(text: string): number {
  return [...text].length;
}

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Why text cannot be stored as it is (docs/catalogue.md#the-checks), or null. Only a description may be `multiline`. */
export function unstorableText(text: string, multiline: boolean): string | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20) continue;
    if (code === 0) return "must not contain a NUL character (\\u0000): PostgreSQL cannot store it";
    if (multiline && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    if (code === 0x09 || code === 0x0a || code === 0x0d) return "must be one line, without tabs or line breaks";
    return `must not contain the control character U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  }
  if (LONE_SURROGATE.test(text)) return "must not contain half of a character (a lone UTF-16 surrogate)";
  return null;
}

/** Text of at most `max` characters that is not only spaces. */
export function textProblem(raw: unknown, max: number, multiline = false): string | null {
  if (typeof raw !== "string") return `must be text, not ${described(raw)}`;
  if (raw.trim() === "") return "must not be empty";
  const unstorable = unstorableText(raw, multiline);
  if (unstorable) return unstorable;
  // Counting code points walks the whole string; one this short in UTF-16 units is within any limit.
  if (raw.length > max && characterCount(raw) > max) {
    return `must be at most ${max.toLocaleString("en-US")} characters (it has ${characterCount(raw).toLocaleString("en-US")})`;
  }
  return null;
}
