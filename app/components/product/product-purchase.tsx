import { NoticeButton, NoticeForm } from "~/components/forms/notice-form";
import { QuantityStepper } from "~/components/product/quantity-stepper";
import { HeartIcon, ShareIcon } from "~/components/ui/icons";
import { primaryButtonClass } from "~/components/ui/primary-button";

const CART_FORM_ID = "add-to-cart";

const secondaryButton =
  "inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm hover:border-brand-600 hover:text-brand-700";

export interface ProductPurchaseProps {
  inStock: boolean;
  /** The quantity from `?quantity=`. */
  quantity: number;
  /** Where − and + lead without JavaScript: the product page and its #quantity. */
  stepAction: string;
  /** The page's other display parameters (image, tab) that a quantity step keeps. */
  keep: [name: string, value: string][];
}

/** Quantity, Add to Cart, and the wishlist and share buttons; none is built yet, so each shows a notice. */
export function ProductPurchase({ inStock, quantity, stepAction, keep }: ProductPurchaseProps) {
  return (
    <>
      <div className="mt-6 flex flex-wrap items-end gap-4">
        {/* Without JavaScript − and + reload this page with ?quantity=N, keeping the tab and image. */}
        <QuantityStepper initial={quantity} stepAction={stepAction} keep={keep} cartFormId={CART_FORM_ID} />
        <NoticeForm feature="add-to-cart" id={CART_FORM_ID} className="flex flex-1 sm:flex-none">
          <button
            type="submit"
            disabled={!inStock}
            className={`${primaryButtonClass} btn-cart min-h-11 flex-1 gap-2 whitespace-nowrap px-6 text-base shadow-sm`}
          >
            Add to Cart
          </button>
        </NoticeForm>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <NoticeButton feature="wishlist" className={secondaryButton}>
          <HeartIcon />
          Add to wishlist
        </NoticeButton>
        <NoticeButton feature="share" className={secondaryButton}>
          <ShareIcon />
          Share
        </NoticeButton>
      </div>
    </>
  );
}
