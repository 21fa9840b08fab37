import { type ReactNode, useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

import { parseQuantity } from "~/models/product/product-query";

export interface QuantityStepperProps {
  initial: number;
  /** Where − and + lead without JavaScript: this page (and its #quantity). */
  stepAction: string;
  /** The tab and image a step keeps. */
  keep: [name: string, value: string][];
  cartFormId: string;
}

// min- sizes let the words show where − and + are not drawn alone; a disabled − stays legible (WCAG 1.4.3).
const buttonClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center text-xl font-semibold text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-500 disabled:hover:bg-transparent aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 aria-disabled:hover:bg-transparent";

/** A step's GET form, beside the Add to Cart form, never in it (docs/product-page.md#display-state-in-the-url). */
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

/** Without JavaScript − and + reload the page with the new quantity; with it they change the number. */
export function QuantityStepper({ initial, stepAction, keep, cartFormId }: QuantityStepperProps) {
  const [text, setText] = useState(String(initial));
  useEffect(() => setText(String(initial)), [initial]);
  const quantity = parseQuantity(text);
  const atMinimum = quantity <= 1;
  // Once hydrated − at 1 is aria-disabled, keeping focus (docs/product-page.md#display-state-in-the-url).
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
          {/* Here for lynx, which ignores `form=` (docs/product-page.md#display-state-in-the-url). */}
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
