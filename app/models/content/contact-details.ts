/** The shop's address in parts, for structured data (schema.org PostalAddress). */
export const POSTAL_ADDRESS = {
  street: "123 Circuit Lane, Suite 400",
  locality: "San Jose",
  region: "CA",
  postalCode: "95110",
  country: "United States",
  /** ISO 3166-1 alpha-2. */
  countryCode: "US",
} as const;

/**
 * How shoppers reach MakerVolt: one source for the footer, the contact page and the home page's
 * structured data, so they never disagree. The phone number is in the 555 range reserved for fiction.
 */
export const CONTACT_DETAILS = {
  phone: { display: "+1 (555) 123-4567", href: "tel:+15551234567" },
  email: "support@makervolt.com",
  address: [
    POSTAL_ADDRESS.street,
    `${POSTAL_ADDRESS.locality}, ${POSTAL_ADDRESS.region} ${POSTAL_ADDRESS.postalCode}`,
    POSTAL_ADDRESS.country,
  ],
  hours: [
    { days: "Monday – Friday", time: "9:00 AM – 6:00 PM" },
    { days: "Saturday", time: "10:00 AM – 4:00 PM" },
    { days: "Sunday", time: "Closed" },
  ],
  replyTime: "We reply to every message within 24 hours.",
} as const;

/** The contact message's subject options, value and label (docs/pages.md#contact). */
export const CONTACT_SUBJECTS = [
  { value: "general", label: "General Inquiry" },
  { value: "technical", label: "Technical Support" },
  { value: "order", label: "Order Support" },
  { value: "bulk", label: "Bulk Orders" },
  { value: "partnership", label: "Partnership" },
  { value: "other", label: "Other" },
] as const;
