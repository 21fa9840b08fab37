import type { ReactNode } from "react";
import { Link } from "react-router";

import { ArrowRightIcon } from "~/components/ui/icons";
import { cataloguePath } from "~/models/catalogue/catalogue-query";

/** A second action on a dark band: outlined in white. */
export const onDarkOutlineButtonClass =
  "inline-flex min-h-12 items-center rounded-lg px-6 font-semibold text-white ring-1 ring-inset ring-white/70 hover:bg-white/10";

/**
 * The actions on a dark band (the hero, a call to action): first the way to the catalogue, white
 * with brand text, then `children`, styled with onDarkOutlineButtonClass.
 */
export function DarkBandActions({
  shopLabel,
  className = "",
  children,
}: {
  shopLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`mt-8 flex flex-wrap gap-3 ${className}`}>
      <Link
        to={cataloguePath(null)}
        className="inline-flex min-h-12 items-center gap-2 rounded-lg bg-white px-6 font-semibold text-brand-700 shadow-sm hover:bg-blue-50"
      >
        {shopLabel}
        <ArrowRightIcon className="h-5 w-5" />
      </Link>
      {children}
    </div>
  );
}
