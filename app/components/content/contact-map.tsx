import { CONTACT_DETAILS } from "~/models/content/contact-details";
import { SHOP_NAME } from "~/models/site/shop";

/** A drawn street map with a pin: a placeholder that needs no third-party map service. */
export function ContactMap() {
  return (
    <svg
      viewBox="0 0 480 240"
      role="img"
      aria-label={`Map placeholder showing the ${SHOP_NAME} office at ${CONTACT_DETAILS.address[0]}`}
      className="h-auto w-full bg-slate-100"
    >
      <rect width="480" height="240" fill="#e2e8f0" />
      <rect x="24" y="20" width="120" height="70" rx="6" fill="#cbd5e1" />
      <rect x="176" y="20" width="130" height="70" rx="6" fill="#bbf7d0" />
      <rect x="338" y="20" width="120" height="70" rx="6" fill="#cbd5e1" />
      <rect x="24" y="150" width="120" height="70" rx="6" fill="#cbd5e1" />
      <rect x="176" y="150" width="130" height="70" rx="6" fill="#cbd5e1" />
      <rect x="338" y="150" width="120" height="70" rx="6" fill="#bfdbfe" />
      <path d="M0 120h480M160 0v240M322 0v240" stroke="#fff" strokeWidth="22" />
      <path d="M0 120h480M160 0v240M322 0v240" stroke="#94a3b8" strokeWidth="1.5" strokeDasharray="10 10" />
      <path d="M241 126c0 0-26-24-26-44a26 26 0 0 1 52 0c0 20-26 44-26 44Z" fill="#1d4ed8" />
      <circle cx="241" cy="82" r="9" fill="#fff" />
    </svg>
  );
}
