import { Hono } from "hono";
import type { AppEnv } from "./context.ts";

/**
 * Liveness without a key: `/healthz` answers while the process serves HTTP; `/readyz` also checks the
 * database, for a load balancer deciding where to send traffic.
 */
export function healthRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await c.get("services").db.query("SELECT 1");
      return c.json({ status: "ok" });
    } catch {
      return c.json({ status: "unavailable", reason: "database" }, 503);
    }
  });
  return app;
}
