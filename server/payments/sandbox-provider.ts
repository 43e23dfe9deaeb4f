import type { PaymentsProvider } from "./port.ts";

/** The embedded provider: every top-up is paid at once, with test money (no card, no network). */
export function sandboxProvider(): PaymentsProvider {
  return {
    name: "sandbox",
    testMoney: true,
    async startTopUp(request) {
      return { kind: "paid", providerRef: `sandbox_${request.paymentId}` };
    },
  };
}
