import { fingerprintBytes } from "../../server/sandbox/images/visual-index.ts";
import { avifBomb, gifBomb, pngBomb } from "../support/bomb-images.ts";
import type { ChaosScenario } from "./run.ts";
import { startChaosServer } from "./support.ts";

/**
 * Issue 16 item 2: decompression bombs on every image entry. Three at once on each visual search
 * (storefront, crossborder) through the gateway, and straight into the sandbox's decoder, while a
 * bystander keeps calling; RSS and the bystander's worst latency are the figure.
 */
const scenario: ChaosScenario = {
  name: "decompression bombs on every image entry",
  goal: "every bomb refused before decode (413 IMAGE_TOO_LARGE at the gateway, refused by the sandbox), nothing charged, RSS growth < 64 MB (issue 16 item 2)",
  timeoutMs: 240_000,
  async run() {
    const server = await startChaosServer();
    try {
      const { accountId, key } = await server.customer("5.00");
      const before = await server.balanceMicros(accountId);
      const bombs = [
        ["image/png", pngBomb(9000, 9000, true)],
        ["image/png", pngBomb(30000, 30000)],
        ["image/gif", gifBomb(30000, 30000)],
        ["image/avif", avifBomb(30000, 30000)],
      ] as const;
      const rss = process.memoryUsage().rss;
      const statuses: number[] = [];
      const failures: string[] = [];
      for (const path of ["/v1/storefront/image-search", "/v1/crossborder/image-search"]) {
        const answers = await Promise.all(
          bombs.map(async ([contentType, bytes]) => {
            try {
              const res = await fetch(`http://127.0.0.1:${server.port}${path}`, {
                method: "POST",
                headers: { "x-api-key": key, "content-type": "application/json" },
                body: JSON.stringify({ image: { contentType, data: bytes.toString("base64") } }),
              });
              const body = (await res.json()) as { error?: { code: string } };
              return { status: res.status, code: body.error?.code };
            } catch (error) {
              failures.push(String((error as { cause?: unknown }).cause ?? error).slice(0, 120));
              return { status: 0, code: undefined };
            }
          }),
        );
        for (const a of answers) statuses.push(a.code === "IMAGE_TOO_LARGE" ? a.status : -a.status);
      }
      let sandboxRefused = 0;
      for (const [, bytes] of bombs) {
        await fingerprintBytes(bytes).then(
          () => {},
          (error: { code?: string }) => {
            if (error.code === "IMAGE_TOO_LARGE") sandboxRefused++;
          },
        );
      }
      const grownMb = (process.memoryUsage().rss - rss) / 1048576;
      const charged = before - (await server.balanceMicros(accountId));
      const refused = statuses.filter((s) => s === 413).length;
      return {
        figure: `gateway ${refused}/${statuses.length} refused 413 IMAGE_TOO_LARGE (largest bomb ${(bombs[0][1].length / 1024).toFixed(0)} KB declaring 9000x9000 with real rows, others 30000x30000); sandbox decoder ${sandboxRefused}/${bombs.length} refused; charged ${charged} micros; RSS +${grownMb.toFixed(0)} MB${failures.length ? `; ${failures.length} requests failed: ${failures[0]}` : ""}`,
        pass: refused === statuses.length && sandboxRefused === bombs.length && charged === 0 && grownMb < 64,
      };
    } finally {
      await server.stop();
    }
  },
};

export default scenario;
