/**
 * How shoppers reach MakerVolt: one source for the footer and the contact page, so the two
 * never disagree. The phone number is in the 555 range reserved for fiction.
 */
export const CONTACT_DETAILS = {
  phone: { display: "+1 (555) 123-4567", href: "tel:+15551234567" },
  email: "support@makervolt.com",
  address: ["123 Circuit Lane, Suite 400", "San Jose, CA 95110", "United States"],
  /** SPEC §9: Mon-Fri 9-6, Sat 10-4, Sun closed. */
  hours: [
    { days: "Monday – Friday", time: "9:00 AM – 6:00 PM" },
    { days: "Saturday", time: "10:00 AM – 4:00 PM" },
    { days: "Sunday", time: "Closed" },
  ],
  /** SPEC §9: support replies within 24 hours. */
  replyTime: "We reply to every message within 24 hours.",
} as const;

/** SPEC §3: the contact message's subject options, value and label. */
export const CONTACT_SUBJECTS = [
  { value: "general", label: "General Inquiry" },
  { value: "technical", label: "Technical Support" },
  { value: "order", label: "Order Support" },
  { value: "bulk", label: "Bulk Orders" },
  { value: "partnership", label: "Partnership" },
  { value: "other", label: "Other" },
] as const;
