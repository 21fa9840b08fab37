import { createContext, type ReactNode, useContext } from "react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";

const HoneypotContext = createContext<Partial<HoneypotInputProps>>({});

/** Holds the loader's `honeypotInputProps()` for the `<HoneypotFields>` of a form below it. */
export function HoneypotFieldsProvider({ children, ...props }: Partial<HoneypotInputProps> & { children: ReactNode }) {
  return <HoneypotContext.Provider value={props}>{children}</HoneypotContext.Provider>;
}

/** remix-utils' `<HoneypotInputs>` with the timestamp hidden, for lynx (docs/accessibility.md#text-browsers). */
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
