import { generateKeyPair, randomBytes, randomUUID } from "node:crypto";
import { promisify } from "node:util";
import type { Credentials } from "../marketplaces/upstream-config.ts";

/**
 * Fresh credentials for each sandbox start, in each API's own form: an eBay OAuth client, a PA-API
 * access key pair with a partner tag, a Walmart consumer id with an RSA key pair, a Shopify Storefront
 * token, an AliExpress app key/secret with an access token. The adapters use them exactly as they would
 * use real ones, and the sandbox verifies them the way each marketplace does.
 */
export interface SandboxCredentials {
  auction: Credentials<"auction">;
  emporium: Credentials<"emporium">;
  megastore: Credentials<"megastore">;
  storefront: Credentials<"storefront">;
  crossborder: Credentials<"crossborder">;
}

export interface SandboxSecrets {
  /** The public half of the megastore key, which Walmart would hold. */
  megastorePublicKey: string;
}

const token = (bytes: number) => randomBytes(bytes).toString("hex");

const generateRsaKeyPair = promisify(generateKeyPair);

/** Async: a 2048-bit RSA key takes 0.2 to 1 s of CPU, off the event loop here (issue 16 item 11). */
export async function generateCredentials(): Promise<{
  credentials: SandboxCredentials;
  secrets: SandboxSecrets;
}> {
  const { privateKey, publicKey } = await generateRsaKeyPair("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  return {
    credentials: {
      auction: {
        clientId: `Marketle-sandbox-PRD-${token(4)}`,
        clientSecret: `PRD-${token(12)}`,
        marketplaceId: "EBAY_US",
      },
      emporium: {
        accessKey: `AKIA${token(8).toUpperCase()}`,
        secretKey: randomBytes(30).toString("base64"),
        partnerTag: "marketlens-20",
        region: "us-east-1",
        marketplace: "www.amazon.com",
        country: "US",
      },
      megastore: { consumerId: randomUUID(), privateKey, keyVersion: "1", publisherId: "marketlens" },
      storefront: { accessToken: token(16), apiVersion: "2025-01" },
      crossborder: {
        appKey: String(500_000 + (randomBytes(2).readUInt16BE() % 400_000)),
        appSecret: token(16),
        accessToken: `50000${token(20)}`,
      },
    },
    secrets: { megastorePublicKey: publicKey },
  };
}
