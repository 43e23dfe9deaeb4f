import { rawExchange, trickle } from "../support/raw-http.ts";
import type { ChaosScenario } from "./run.ts";
import { percentile, startChaosServer } from "./support.ts";

/**
 * Issue 16 item 3: slow clients. Ten connections trickle their headers and ten their JSON bodies at a
 * byte a second, with the default limits (10 s for headers, 2 KB/s after a 10 s grace for bodies), while
 * a bystander keeps searching. Each slow connection must end in a 408 envelope in bounded time.
 */
const scenario: ChaosScenario = {
  name: "slow clients (a byte a second)",
  goal: "every slow connection answered 408 in the envelope within 15 s (limits 10 s), none held longer; bystander served throughout (issue 16 item 3)",
  timeoutMs: 120_000,
  async run() {
    const server = await startChaosServer();
    try {
      const { key } = await server.customer("5.00");
      const body = JSON.stringify({ query: "headphones", padding: "z".repeat(200) });
      const slowHeaders = Array.from({ length: 10 }, () =>
        rawExchange(
          server.port,
          (s) => trickle(s, `GET /healthz HTTP/1.1\r\nHost: a\r\nx-pad: ${"y".repeat(200)}\r\n\r\n`, 1000),
          60_000,
        ),
      );
      const slowBodies = Array.from({ length: 10 }, () =>
        rawExchange(
          server.port,
          async (s) => {
            s.write(
              `POST /v1/emporium/search HTTP/1.1\r\nHost: a\r\nx-api-key: ${key}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
            );
            await trickle(s, body, 1000);
          },
          60_000,
        ),
      );
      const bystander: number[] = [];
      let stop = false;
      const bystanding = (async () => {
        while (!stop) {
          const started = performance.now();
          const res = await fetch(`http://127.0.0.1:${server.port}/v1/emporium/search?query=tv`, {
            headers: { "x-api-key": key },
          });
          await res.arrayBuffer();
          if (res.ok) bystander.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      })();
      const answers = await Promise.all([...slowHeaders, ...slowBodies]);
      stop = true;
      await bystanding;
      const envelopes = answers.filter((a) => a.status === 408 && /"success":false/.test(a.body)).length;
      const longest = Math.max(...answers.map((a) => a.ms)) / 1000;
      const headerSecs = Math.max(...answers.slice(0, 10).map((a) => a.ms)) / 1000;
      const bodySecs = Math.max(...answers.slice(10).map((a) => a.ms)) / 1000;
      return {
        figure: `${envelopes}/20 answered 408 in the envelope; slow headers closed after ${headerSecs.toFixed(1)} s, slow bodies after ${bodySecs.toFixed(1)} s (was: held without limit, 45 s seen); bystander ${bystander.length} searches served, p50 ${percentile(bystander, 50).toFixed(0)} ms, p99 ${percentile(bystander, 99).toFixed(0)} ms`,
        pass: envelopes === 20 && longest <= 15 && bystander.length > 0,
      };
    } finally {
      await server.stop();
    }
  },
};

export default scenario;
