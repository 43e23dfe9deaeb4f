import { catalogOf } from "../../server/sandbox/catalog/catalog.ts";
import { drawProductImage } from "../../server/sandbox/images/render.ts";
import type { ChaosScenario } from "./run.ts";
import { type ChaosServer, percentile, startChaosServer } from "./support.ts";

/**
 * Issue 16 item 1: a client that cancels its image translations mid-processing (about one call a
 * second, as in the issue) next to a second client that
 * translates one image after another. Windows with and without the attack alternate, so the machine's
 * other load weighs on both alike; the figure is the second client's throughput with the attack over its
 * throughput without it. The calls were cut off 500 to 700 ms after they were sent, when a call took
 * longer than that; a faster engine would answer most of them before the cut, so each is cut off at 30 to
 * 90% of the calm median instead: mid-processing, whatever the machine's speed.
 */
const WINDOW_MS = 10_000;
const ROUNDS = 2;
const PATH = "/v1/image-translate/translate?source_language=zh&target_language=ko";
const product = new Uint8Array(
  drawProductImage(catalogOf("crossborder").products[1]!, 0, "zh", 480).toBuffer("image/jpeg", 90),
);

const scenario: ChaosScenario = {
  name: "cancelled image calls",
  goal: "second client's throughput under the attack ≥ 0.8 × without it; no engine thread lost, no capacity place held, no cancelled call charged (issue 16 item 1)",
  timeoutMs: 150_000,
  async run() {
    // Two engine threads, as on a small server (the default is half the cores).
    const server = await startChaosServer({ IMAGE_WORKERS: "2" });
    try {
      await server.services.imaging.warm();
      const attacker = await server.customer("5.00");
      const bystander = await server.customer("5.00");
      const attackerBefore = await server.balanceMicros(attacker.accountId);
      const calm = { served: 0, failed: 0, ms: [] as number[] };
      const attacked = { served: 0, failed: 0, ms: [] as number[] };
      let cancels = 0;
      let delivered = 0; // attacker calls answered before their cancel: served, and rightly charged
      for (let round = 0; round < ROUNDS; round++) {
        await bystanderFor(server, bystander.key, calm);
        const until = performance.now() + WINDOW_MS;
        const attack = (async () => {
          while (performance.now() < until) {
            const started = performance.now();
            const cutAfter = percentile(calm.ms, 50) * (0.3 + Math.random() * 0.6);
            if (await cancelledCall(server, attacker.key, cutAfter)) delivered++;
            else cancels++;
            await sleep(Math.max(0, 1_050 - (performance.now() - started)));
          }
        })();
        await bystanderFor(server, bystander.key, attacked);
        await attack;
      }
      await sleep(500); // the last cancelled task notices its flag and gives its place back
      const charged = attackerBefore - (await server.balanceMicros(attacker.accountId));
      const cancelledCharged = charged - delivered * server.services.prices.imageTranslateMicros;
      const { crashed } = server.services.imaging.stats;
      const held = server.services.capacity.inFlight("image-translate");
      const ratio = attacked.served / Math.max(1, calm.served);
      return {
        figure: `${ratio.toFixed(2)} (second client ${attacked.served} translations in ${(ROUNDS * WINDOW_MS) / 1000} s under ${cancels} cancels, median ${percentile(attacked.ms, 50).toFixed(0)} ms, vs ${calm.served} without, median ${percentile(calm.ms, 50).toFixed(0)} ms); second client's failures ${calm.failed + attacked.failed}; engine threads lost ${crashed}; places held after ${held}; attacker charged ${cancelledCharged} micros for its cancelled calls (${delivered} answered before the cancel, charged as delivered)`,
        pass:
          ratio >= 0.8 &&
          crashed === 0 &&
          held === 0 &&
          cancelledCharged === 0 &&
          calm.failed + attacked.failed === 0,
      };
    } finally {
      await server.stop();
    }
  },
};

/** One translation after another for a window; counts the ones served and their times. */
async function bystanderFor(
  server: ChaosServer,
  key: string,
  tally: { served: number; failed: number; ms: number[] },
): Promise<void> {
  const until = performance.now() + WINDOW_MS;
  while (performance.now() < until) {
    const started = performance.now();
    const res = await translate(server, key);
    await res.arrayBuffer();
    if (res.status === 200) {
      tally.served++;
      tally.ms.push(performance.now() - started);
    } else tally.failed++;
  }
}

/**
 * A call cut off after `afterMs`; true when its answer had begun (200 and headers) before the cut: the
 * server handed it over, so it was delivered and is charged even if the body read is then cut off.
 */
async function cancelledCall(server: ChaosServer, key: string, afterMs: number): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), afterMs);
  let answered = false;
  try {
    const res = await translate(server, key, controller.signal);
    answered = res.status === 200;
    await res.arrayBuffer();
  } catch {
    // cancelled, as meant
  } finally {
    clearTimeout(timer);
  }
  return answered;
}

function translate(server: ChaosServer, key: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`http://127.0.0.1:${server.port}${PATH}`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "image/jpeg" },
    body: product,
    ...(signal ? { signal } : {}),
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default scenario;
