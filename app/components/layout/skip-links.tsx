import { useMatches } from "react-router";

/** The id of root's one `<main>`: the first skip link's target. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * A link past the site shell to one part of the page. The target must take focus when the
 * browser follows the fragment (an interactive element, or `tabIndex={-1}`), so that the next
 * Tab continues from there, with or without JavaScript.
 */
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

/**
 * The page's first Tab stops: "Skip to main content", then any the matched routes declare (the
 * catalogue's "Skip to results"). Plain fragment links, so they work before and without
 * JavaScript; hidden until focused.
 */
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
