import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "./api.ts";
import { money, when } from "./format.ts";
import { topUpReturnNotice } from "./topup-return.ts";
import { UsageChart, type UsageRow } from "./usage-chart.tsx";
import { Card, Empty, Notice } from "./widgets.tsx";

interface Balance {
  balance: string;
  balanceMicros: number;
  provider: "sandbox" | "stripe";
  testMoney: boolean;
}

interface LedgerLine {
  at: string;
  kind: "charge" | "release" | "topup";
  amountMicros: number;
  requestId: string;
  operation: string;
  testMoney: boolean;
}

const LEDGER_PAGE = 12;
const PRESETS = ["5.00", "20.00", "50.00"];
const KIND_LABEL = { charge: "Charge", release: "Released", topup: "Top-up" };

export function BalancePage() {
  const [balance, setBalance] = useState<Balance | null>(null);
  const [ledger, setLedger] = useState<LedgerLine[]>([]);
  const [usage, setUsage] = useState<UsageRow[]>([]);
  const [message, setMessage] = useState<{ kind: "ok" | "warn" | "error"; text: string } | null>(() =>
    topUpReturnNotice(location.search),
  );
  const [busy, setBusy] = useState(false);
  const [showAll, setShowAll] = useState(false);

  const load = async () => {
    const [b, l, u] = await Promise.all([
      api<Balance>("GET", "/balance"),
      api<{ entries: LedgerLine[] }>("GET", "/ledger"),
      api<{ usage: UsageRow[] }>("GET", "/usage"),
    ]);
    setBalance(b);
    setLedger(l.entries);
    setUsage(u.usage);
  };
  useEffect(() => {
    void load();
    // The notice of a return from checkout is said once; a reload should not say it again.
    if (new URLSearchParams(location.search).has("topup")) history.replaceState(null, "", location.pathname);
  }, []);

  async function topUp(amount: string) {
    setBusy(true);
    setMessage(null);
    try {
      const result = await api<{ credited: boolean; redirectUrl?: string; balance: string }>(
        "POST",
        "/topup",
        { amount },
      );
      if (result.redirectUrl) {
        location.assign(result.redirectUrl);
        return;
      }
      setMessage({ kind: "ok", text: `Added $${amount}${balance?.testMoney ? " of test money" : ""}.` });
      await load();
    } catch (caught) {
      setMessage({
        kind: "error",
        text: caught instanceof ApiError ? caught.message : "The server could not be reached.",
      });
    } finally {
      setBusy(false);
    }
  }

  function custom(event: Event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const value = Number(form.get("amount"));
    if (Number.isFinite(value)) void topUp(value.toFixed(2));
  }

  const spent30 = usage.reduce((n, r) => n + r.chargedMicros, 0);
  const calls30 = usage.reduce((n, r) => n + r.calls, 0);

  return (
    <>
      <header class="page-head">
        <h1>Balance and usage</h1>
        <p class="muted">Calls are charged per use from a prepaid balance.</p>
      </header>

      <div class="stats">
        <div class="stat stat-hero">
          <span class="stat-label">Balance</span>
          <strong class="stat-value" data-testid="balance">
            {balance ? money(balance.balanceMicros) : "…"}
          </strong>
          {balance?.testMoney && <span class="badge badge-test">test money</span>}
        </div>
        <div class="stat">
          <span class="stat-label">Spent, last 30 days</span>
          <strong class="stat-value">{money(spent30)}</strong>
        </div>
        <div class="stat">
          <span class="stat-label">Charged calls, last 30 days</span>
          <strong class="stat-value">{calls30.toLocaleString()}</strong>
        </div>
      </div>

      <Card title="Top up">
        {balance?.provider === "sandbox" && (
          <p class="muted">
            This server uses the embedded sandbox: a top-up is credited at once and marked as test money. No
            card is charged.
          </p>
        )}
        <div class="topup">
          {PRESETS.map((amount) => (
            <button
              key={amount}
              type="button"
              class="button preset"
              disabled={busy}
              onClick={() => topUp(amount)}
            >
              Add ${amount.replace(".00", "")}
            </button>
          ))}
          <form class="topup-custom" onSubmit={custom}>
            <label class="field inline">
              <span>Other amount ($)</span>
              <input
                name="amount"
                type="number"
                min={1}
                max={10000}
                step="0.01"
                required
                inputMode="decimal"
              />
            </label>
            <button type="submit" class="button primary" disabled={busy}>
              Top up
            </button>
          </form>
        </div>
        {message && <Notice kind={message.kind}>{message.text}</Notice>}
      </Card>

      <Card
        title="Usage, last 30 days"
        actions={
          <a class="button ghost small" href="/dashboard/api/usage.csv" download>
            Export CSV
          </a>
        }
      >
        <UsageChart rows={usage} />
      </Card>

      <Card title="Ledger">
        {ledger.length === 0 ? (
          <Empty>No entries yet.</Empty>
        ) : (
          <div class="table-wrap">
            <table class="table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Entry</th>
                  <th scope="col">Operation</th>
                  <th scope="col">Request id</th>
                  <th scope="col" class="num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {(showAll ? ledger : ledger.slice(0, LEDGER_PAGE)).map((line) => (
                  <tr key={`${line.requestId}-${line.at}-${line.kind}`}>
                    <td data-label="When">{when(line.at)}</td>
                    <td data-label="Entry">
                      <span class={`kind kind-${line.kind}`}>{KIND_LABEL[line.kind]}</span>
                      {line.testMoney && <span class="badge badge-test">test</span>}
                    </td>
                    <td data-label="Operation">{line.operation}</td>
                    <td data-label="Request id">
                      <code class="small-code">{line.requestId || "—"}</code>
                    </td>
                    <td data-label="Amount" class={`num ${line.amountMicros > 0 ? "plus" : ""}`}>
                      {line.amountMicros > 0 ? "+" : ""}
                      {money(line.amountMicros, line.kind === "topup" ? 2 : 4)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {ledger.length > LEDGER_PAGE && (
              <button type="button" class="button ghost small more" onClick={() => setShowAll(!showAll)}>
                {showAll ? "Show fewer" : `Show all ${ledger.length} entries`}
              </button>
            )}
          </div>
        )}
      </Card>
    </>
  );
}
