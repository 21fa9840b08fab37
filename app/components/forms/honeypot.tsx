import { createContext, type ReactNode, useContext } from "react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";

const HoneypotContext = createContext<Partial<HoneypotInputProps>>({});

/** Holds the loader's `honeypotInputProps()` for the `<HoneypotFields>` of a form below it. */
export function HoneypotFieldsProvider({ children, ...props }: Partial<HoneypotInputProps> & { children: ReactNode }) {
  return <HoneypotContext.Provider value={props}>{children}</HoneypotContext.Provider>;
}

/**
 * The fields remix-utils' honeypot check reads (`isSpam`), rendered as its own `<HoneypotInputs>`
 * does except that the encrypted timestamp is a hidden input. remix-utils renders it as a second,
 * read-only text field with the same label, and text browsers (lynx), which ignore CSS and
 * `aria-hidden`, showed the label twice and the ciphertext as page text. The trap field itself
 * has to stay a text field: bots fill those, and skip hidden ones. It is hidden by `honeypot`
 * (tailwind.css), only where flexbox is understood: Dillo draws a hidden field but not its label,
 * so there, as in lynx, the shopper sees the field with its label, which says to leave it blank.
 */
export function HoneypotFields({ label = "Please leave this field blank" }: { label?: string }) {
  const {
    nameFieldName = "name__confirm",
    validFromFieldName = "from__confirm",
    encryptedValidFrom,
  } = useContext(HoneypotContext);
  return (
    <>
      <div id={`${nameFieldName}_wrap`} className="honeypot" aria-hidden="true">
        <label htmlFor={nameFieldName}>{label}</label>
        <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      </div>
      {validFromFieldName && encryptedValidFrom ? (
        <input type="hidden" name={validFromFieldName} value={encryptedValidFrom} />
      ) : null}
    </>
  );
}
