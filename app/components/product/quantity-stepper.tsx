import { type ReactNode, useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

import { parseQuantity } from "~/models/product/product-query";

export interface QuantityStepperProps {
  /** The quantity the page was rendered with (from `?quantity=`). */
  initial: number;
  /** Where − and + lead without JavaScript: this page (and its #quantity), reloaded with `?quantity=N`. */
  stepAction: string;
  /** Other display parameters of the page (tab, image) that a step keeps. */
  keep: [name: string, value: string][];
  /** The id of the Add to Cart form, which the number field belongs to. */
  cartFormId: string;
}

// min- sizes: where − and + are not enough on their own (icon-label, tailwind.css) the words show
// and take the room they need. Disabled − at quantity 1 stays legible (slate-500, 4.7:1): WCAG exempts disabled controls, but
// the shopper still needs to read what the button is.
const buttonClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center text-xl font-semibold text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-500 disabled:hover:bg-transparent aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 aria-disabled:hover:bg-transparent";

/**
 * One step button in a GET form of its own that reloads the page with `?quantity=N`. Each sits
 * beside the Add to Cart form, never inside it: text browsers (lynx) ignore the `form`
 * attribute, so a button inside that form would send it instead. Named by visually hidden
 * text, which text browsers show too, not by aria-label.
 */
function StepForm({
  action,
  keep,
  quantity,
  children,
}: {
  action: string;
  keep: [string, string][];
  quantity: number;
  children: ReactNode;
}) {
  return (
    <form method="get" action={action} className="contents">
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="quantity" value={quantity} />
      {children}
    </form>
  );
}

/**
 * Minimum 1, no maximum. The number field belongs to the Add to Cart form (`form=`).
 * Without JavaScript − and + submit their own forms, reloading the page with the new quantity;
 * with it they only change the number.
 */
export function QuantityStepper({ initial, stepAction, keep, cartFormId }: QuantityStepperProps) {
  const [text, setText] = useState(String(initial));
  useEffect(() => setText(String(initial)), [initial]);
  const quantity = parseQuantity(text);
  const atMinimum = quantity <= 1;
  // With JavaScript − stays focusable at 1 (aria-disabled): a button that turns `disabled` under
  // the keyboard drops focus to <body>. Without it, − at 1 would only reload the same page.
  const hydrated = useHydrated();

  return (
    <div>
      <label htmlFor="quantity" className="block text-sm font-semibold text-slate-900">
        Quantity
      </label>
      <div className="mt-1.5 inline-flex items-center rounded-lg border border-slate-300 bg-white shadow-sm">
        <StepForm action={stepAction} keep={keep} quantity={Math.max(1, quantity - 1)}>
          <button
            type="submit"
            disabled={!hydrated && atMinimum}
            aria-disabled={hydrated && atMinimum ? true : undefined}
            onClick={(event) => {
              event.preventDefault();
              if (!atMinimum) setText(String(quantity - 1));
            }}
            className={`${buttonClass} rounded-l-lg`}
          >
            <span aria-hidden="true">−</span>
            <span className="icon-label"> Decrease quantity</span>
          </button>
          {/* The field belongs to the Add to Cart form (`form=`). Text browsers ignore `form=`: in
              this form, after the new quantity, it is sent but not read (the first value is). Alone
              outside any form they would add it to a form of their choosing, in an order of theirs. */}
          <input
            id="quantity"
            type="number"
            name="quantity"
            form={cartFormId}
            inputMode="numeric"
            min={1}
            step={1}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onBlur={() => setText(String(quantity))}
            className="h-11 w-16 border-x border-slate-300 text-center text-base font-semibold tabular-nums text-slate-900 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
          />
        </StepForm>
        <StepForm action={stepAction} keep={keep} quantity={quantity + 1}>
          <button
            type="submit"
            onClick={(event) => {
              event.preventDefault();
              setText(String(quantity + 1));
            }}
            className={`${buttonClass} rounded-r-lg`}
          >
            <span aria-hidden="true">+</span>
            <span className="icon-label"> Increase quantity</span>
          </button>
        </StepForm>
      </div>
    </div>
  );
}
