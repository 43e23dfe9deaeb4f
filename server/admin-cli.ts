import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config.ts";

/**
 * `npm run admin -- <command> [options]`: the operators' command line over the running server's /admin
 * API (the embedded database belongs to the server process, so the CLI goes through it). Prints the
 * JSON answer on stdout; errors on stderr with exit code 1; usage mistakes exit 2.
 */
const USAGE = `Usage: npm run admin -- <command> [options]

  create-account --email <email> [--credit 10.00] [--no-billing]
  account        --account <accountId>
  credit         --account <accountId> --amount 5.00
  suspend        --account <accountId>
  unsuspend      --account <accountId>
  create-key     --account <accountId> [--name <name>] [--scopes emporium:search,auction:*]
                 [--rate <calls per second>] [--expires <ISO 8601 time>]
  keys           --account <accountId>
  revoke-key     --key <keyId>

The server is found at ADMIN_URL (default http://HOST:PORT) and authenticated with ADMIN_TOKEN.`;

type Call = { method: "GET" | "POST" | "DELETE"; path: string; body?: Record<string, unknown> };

function plan(command: string | undefined, v: Record<string, string | boolean | undefined>): Call {
  const need = (name: string): string => {
    const value = v[name];
    if (typeof value !== "string" || value === "") throw new UsageError(`${command} needs --${name}`);
    return value;
  };
  const account = () => encodeURIComponent(need("account"));
  switch (command) {
    case "create-account":
      return {
        method: "POST",
        path: "/accounts",
        body: {
          email: need("email"),
          ...(typeof v.credit === "string" ? { credit: v.credit } : {}),
          ...(v["no-billing"] ? { billing: false } : {}),
        },
      };
    case "account":
      return { method: "GET", path: `/accounts/${account()}` };
    case "credit":
      return { method: "POST", path: `/accounts/${account()}/credit`, body: { amount: need("amount") } };
    case "suspend":
    case "unsuspend":
      return { method: "POST", path: `/accounts/${account()}/${command}` };
    case "create-key": {
      const rate = typeof v.rate === "string" ? Number(v.rate) : undefined;
      if (rate !== undefined && !Number.isInteger(rate))
        throw new UsageError("--rate must be a whole number");
      return {
        method: "POST",
        path: `/accounts/${account()}/keys`,
        body: {
          ...(typeof v.name === "string" ? { name: v.name } : {}),
          ...(typeof v.scopes === "string" ? { scopes: v.scopes.split(",").map((s) => s.trim()) } : {}),
          ...(rate !== undefined ? { ratePerSecond: rate } : {}),
          ...(typeof v.expires === "string" ? { expiresAt: v.expires } : {}),
        },
      };
    }
    case "keys":
      return { method: "GET", path: `/accounts/${account()}/keys` };
    case "revoke-key":
      return { method: "DELETE", path: `/keys/${encodeURIComponent(need("key"))}` };
    default:
      throw new UsageError(command ? `unknown command: ${command}` : "no command given");
  }
}

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  let call: Call;
  let config: ReturnType<typeof loadConfig>;
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: "string" },
        credit: { type: "string" },
        "no-billing": { type: "boolean" },
        account: { type: "string" },
        amount: { type: "string" },
        name: { type: "string" },
        scopes: { type: "string" },
        rate: { type: "string" },
        expires: { type: "string" },
        key: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    call = plan(positionals[0], values);
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (!config.adminToken) {
    process.stderr.write("Set ADMIN_TOKEN to the token the server was started with.\n");
    return 2;
  }
  let res: Response;
  try {
    res = await fetch(`${config.adminUrl}/admin${call.path}`, {
      method: call.method,
      headers: { authorization: `Bearer ${config.adminToken}`, "content-type": "application/json" },
      ...(call.body ? { body: JSON.stringify(call.body) } : {}),
    });
  } catch {
    process.stderr.write(
      `No server answered at ${config.adminUrl}. Is it running (npm start)? Set ADMIN_URL if it is elsewhere.\n`,
    );
    return 1;
  }
  const text = res.status === 204 ? JSON.stringify({ ok: true }) : await res.text();
  const pretty = safePretty(text);
  if (res.ok) {
    process.stdout.write(`${pretty}\n`);
    return 0;
  }
  process.stderr.write(`${pretty}\n`);
  return 1;
}

function safePretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

process.exitCode = await main(process.argv.slice(2));
