import { useMatches } from "react-router";

/** The id of root's one `<main>`: the first skip link's target. */
export const MAIN_CONTENT_ID = "main-content";

/** Its target must take focus (`tabIndex={-1}`), so the next Tab continues from there. */
export interface SkipLink {
  targetId: string;
  label: string;
}

/** What a route module may declare in its `handle`: skip links shown after "Skip to main content". */
export interface SkipLinksHandle {
  skipLinks?: readonly SkipLink[];
}

function isSkipLink(value: unknown): value is SkipLink {
  if (typeof value !== "object" || value === null) return false;
  const { targetId, label } = value as Record<string, unknown>;
  return typeof targetId === "string" && typeof label === "string";
}

function declaredSkipLinks(handle: unknown): SkipLink[] {
  if (typeof handle !== "object" || handle === null) return [];
  const { skipLinks } = handle as SkipLinksHandle;
  return Array.isArray(skipLinks) ? skipLinks.filter(isSkipLink) : [];
}

const skipLinkClass =
  "sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-3 focus:font-semibold focus:text-brand-700 focus:shadow-lg";

/** The page's first Tab stops, fragment links that work without JavaScript (ADR 009). */
export function SkipLinks() {
  const matches = useMatches();
  const links: SkipLink[] = [
    { targetId: MAIN_CONTENT_ID, label: "Skip to main content" },
    ...matches.flatMap((match) => declaredSkipLinks(match.handle)),
  ];
  return (
    <>
      {links.map(({ targetId, label }) => (
        <a key={targetId} href={`#${targetId}`} className={skipLinkClass}>
          {label}
        </a>
      ))}
    </>
  );
}
