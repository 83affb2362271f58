import type { loginAnswer, messageBody } from "@backoffice/contracts";
import type { z } from "zod";

// The answers' types come from the shared contracts (type-only: nothing is added to the login bundle).
export type MessageAnswer = z.infer<typeof messageBody>;
export type LoginAnswer = z.infer<typeof loginAnswer>;
export type { SecondFactorStep } from "@backoffice/contracts/second-factor";
