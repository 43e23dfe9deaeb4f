import { z } from "zod";

/**
 * The success envelope. The spec shows it for image-translate JSON; marketplace operations use the same
 * shape (the spec leaves theirs open), so one parser reads every success of the gateway.
 */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    requestId: z.string(),
    data,
  });
}

export interface SuccessBody<T> {
  success: true;
  requestId: string;
  data: T;
}
