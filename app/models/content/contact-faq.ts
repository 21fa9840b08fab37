/** The contact page's questions and answers (returns, support, shipping, bulk, authenticity, abroad). */
export const CONTACT_FAQ: { question: string; answer: string }[] = [
  {
    question: "What is your return policy?",
    answer:
      "You can return any unused item in its original packaging within 30 days of delivery. Contact us with your order number and we will send you a prepaid return label.",
  },
  {
    question: "Do you offer technical support?",
    answer:
      "Yes. Our engineers can help you choose parts, check a wiring diagram or debug your code. Choose “Technical Support” as the subject above and we will reply within 24 hours.",
  },
  {
    question: "What shipping options are available?",
    answer:
      "Standard shipping (3-5 business days), expedited shipping (2-3 business days) and overnight shipping. Standard shipping is free on orders over $50. We currently ship within the United States only.",
  },
  {
    question: "Do you offer bulk discounts?",
    answer:
      "Yes. Schools, makerspaces and businesses buying in quantity get tiered discounts. Choose “Bulk Orders” as the subject and tell us what you need for a quote.",
  },
  {
    question: "Are your products genuine?",
    answer:
      "Always. We buy directly from manufacturers and their authorised distributors, check every batch, and cover every product with a 1-year warranty.",
  },
  {
    question: "Do you ship internationally?",
    answer:
      "Not yet. We currently deliver to addresses in the United States only, and we hope to add international shipping in the future.",
  },
];
