/** Runs the comparison of one product and keeps its state as the server's events arrive. */
import { useEffect, useState } from "preact/hooks";
import { CompareRefused, streamComparison } from "../../compare/compare-stream.ts";
import { applyEvent, type ComparisonState, EMPTY } from "../../compare/comparison-state.ts";
import type { PageProduct } from "../../page/readers/index.ts";

export type ComparisonRun =
  | { phase: "idle" }
  | { phase: "running" | "done"; state: ComparisonState }
  | { phase: "refused"; status: number; code: string; message: string };

export function useComparison(
  server: { url: string; token: string } | null | undefined,
  product: PageProduct | undefined,
  currency: string,
  pages = 1,
): ComparisonRun {
  const [run, setRun] = useState<ComparisonRun>({ phase: "idle" });
  const key =
    product && server ? `${server.url} ${product.marketplace} ${product.productId} ${currency} ${pages}` : "";
  useEffect(() => {
    if (!product || !server) return undefined;
    const abort = new AbortController();
    const started = performance.now();
    let state = EMPTY;
    setRun({ phase: "running", state });
    streamComparison(
      { server, marketplace: product.marketplace, productId: product.productId, currency, pages },
      (event) => {
        state = applyEvent(state, event, performance.now() - started);
        setRun({ phase: "running", state });
      },
      abort.signal,
    ).then(
      () => setRun({ phase: "done", state }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof CompareRefused)
          setRun({ phase: "refused", status: error.status, code: error.code, message: error.message });
        else
          setRun({
            phase: "refused",
            status: 0,
            code: "NETWORK",
            message: `The Marketlens server could not be reached (${String(error)}).`,
          });
      },
    );
    return () => abort.abort();
    // The key names everything the run depends on (server, product, currency and pages).
  }, [key]);
  return run;
}
