import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/** `?quantity=` or a typed value to a quantity: whole numbers from 1; anything else is 1. */
export function parseQuantity(raw: string | null | undefined): number {
  if (raw == null || !/^\s*\d{1,9}\s*$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

export interface QuantityStepperProps {
  /** The quantity the page was rendered with (from `?quantity=`). */
  initial: number;
  /**
   * The id of a GET form that reloads the page with `?quantity=N`. The − and + buttons submit it
   * without JavaScript (they sit inside the Add to Cart form, so they join this one by `form=`).
   */
  stepFormId: string;
}

// Disabled − at quantity 1 stays legible (slate-500, 4.7:1): WCAG exempts disabled controls, but
// the shopper still needs to read what the button is.
const buttonClass =
  "inline-flex h-11 w-11 items-center justify-center text-xl font-semibold text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-500 disabled:hover:bg-transparent aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 aria-disabled:hover:bg-transparent";

/**
 * Minimum 1, no maximum (SPEC). The number input belongs to the surrounding Add to Cart form.
 * Without JavaScript − and + are submit buttons carrying the new quantity; with it they only
 * change the number.
 */
export function QuantityStepper({ initial, stepFormId }: QuantityStepperProps) {
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
        <button
          type="submit"
          form={stepFormId}
          name="quantity"
          value={quantity - 1}
          disabled={!hydrated && atMinimum}
          aria-disabled={hydrated && atMinimum ? true : undefined}
          aria-label="Decrease quantity"
          onClick={(event) => {
            event.preventDefault();
            if (!atMinimum) setText(String(quantity - 1));
          }}
          className={`${buttonClass} rounded-l-lg`}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id="quantity"
          type="number"
          name="quantity"
          inputMode="numeric"
          min={1}
          step={1}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onBlur={() => setText(String(quantity))}
          className="h-11 w-16 border-x border-slate-300 text-center text-base font-semibold tabular-nums text-slate-900 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="submit"
          form={stepFormId}
          name="quantity"
          value={quantity + 1}
          aria-label="Increase quantity"
          onClick={(event) => {
            event.preventDefault();
            setText(String(quantity + 1));
          }}
          className={`${buttonClass} rounded-r-lg`}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
