import { CheckIcon } from "~/components/ui/icons";

/** At most this many of a product's features are listed. */
const KEY_FEATURES = 5;

/** The product's first few features, or nothing when it lists none. */
export function KeyFeatures({ features }: { features: string[] }) {
  if (features.length === 0) return null;
  return (
    <section aria-labelledby="features-heading" className="mt-8">
      <h2 id="features-heading" className="text-lg font-semibold text-slate-900">
        Key features
      </h2>
      <ul className="mt-3 space-y-2">
        {features.slice(0, KEY_FEATURES).map((feature, i) => (
          <li key={`${i}-${feature}`} className="flex gap-2 text-slate-700">
            <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
            {feature}
          </li>
        ))}
      </ul>
    </section>
  );
}
