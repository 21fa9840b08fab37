import { z } from "zod";

import { AUTH_MESSAGES, PASSWORD_LENGTH } from "~/models/account/auth-messages";
import { EmailSchema } from "~/services/form-data.server";

/** The account forms' fields (docs/accounts.md#validation); server-only, so zod stays out of the browser. */
export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, AUTH_MESSAGES.passwordMissing).max(1024, AUTH_MESSAGES.invalidCredentials),
});
export const SignUpSchema = z.object({
  email: EmailSchema,
  password: z
    .string()
    .min(PASSWORD_LENGTH.min, AUTH_MESSAGES.weakPassword)
    .max(PASSWORD_LENGTH.max, AUTH_MESSAGES.passwordTooLong),
});
export const NewPasswordSchema = SignUpSchema.pick({ password: true });
export const SendLinkSchema = SignInSchema.pick({ email: true });
