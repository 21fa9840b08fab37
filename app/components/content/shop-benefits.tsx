import type { ComponentType, SVGProps } from "react";

import { container } from "~/components/layout/page-section";
import { ClockIcon, ReturnIcon, SupportIcon, TruckIcon } from "~/components/ui/icons";
import { SHOP_NAME } from "~/models/site/shop";

const BENEFITS: { title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { title: "Free Shipping", text: "On every order over $50", Icon: TruckIcon },
  { title: "30-Day Returns", text: "Hassle-free returns on every order", Icon: ReturnIcon },
  { title: "Same-Day Processing", text: "Orders ship the day you place them", Icon: ClockIcon },
  { title: "Technical Assistance", text: "Engineers ready to help with your build", Icon: SupportIcon },
];

/** The strip under the home page's hero: why shop here, named for screen readers only. */
export function ShopBenefits() {
  return (
    <section aria-labelledby="benefits-heading" className="border-b border-slate-200 bg-slate-50">
      <h2 id="benefits-heading" className="sr-only">
        Why shop with {SHOP_NAME}
      </h2>
      <ul className={`${container} grid gap-4 py-8 sm:grid-cols-2 lg:grid-cols-4`}>
        {BENEFITS.map(({ title, text, Icon }) => (
          <li key={title} className="flex items-start gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="h-6 w-6" />
            </span>
            <div>
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
