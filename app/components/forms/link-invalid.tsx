import { Link } from "react-router";

import { primaryButtonClass } from "~/components/ui/primary-button";
import { ACCOUNT_PAGES } from "~/models/account/account-texts";

/**
 * What a mailed link that no longer works shows (/auth/confirm, /auth/reset): why, and the way to a
 * new one, a link so it works in every browser. `unavailable`: the service is down, try again.
 */
export function LinkInvalid({
  kind,
  unavailableMessage,
}: {
  kind: "signup" | "recovery";
  unavailableMessage?: string;
}) {
  const copy = ACCOUNT_PAGES.linkInvalid;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">
        {unavailableMessage ? copy.unavailableHeading : copy.heading}
      </h1>
      <div className="mt-8 space-y-5 rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm sm:p-8">
        <p>{unavailableMessage ?? copy.intro}</p>
        <p>
          <Link
            to={kind === "signup" ? "/auth/forgot?link=signup" : "/auth/forgot"}
            className={`${primaryButtonClass} inline-flex min-h-11 w-full items-center justify-center px-5`}
          >
            {kind === "signup" ? copy.resendConfirmation : copy.resendRecovery}
          </Link>
        </p>
      </div>
    </div>
  );
}
