/** What the dashboard asks of a payments provider to top up a balance. */
export interface TopUpRequest {
  paymentId: string;
  accountId: string;
  email: string;
  amountMicros: number;
  /** Where the provider sends the person back (the dashboard's Balance page). */
  returnUrl: string;
}

export type TopUpStart =
  /** Paid already (the sandbox): credit now. */
  | { kind: "paid"; providerRef: string }
  /** The person pays on the provider's page; a webhook says when it is paid. */
  | { kind: "redirect"; providerRef: string; url: string };

export interface PaymentsProvider {
  readonly name: "sandbox" | "stripe";
  /** Whether its money is test money (shown as such in the ledger). */
  readonly testMoney: boolean;
  startTopUp(request: TopUpRequest): Promise<TopUpStart>;
}
