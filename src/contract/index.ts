export * from "./envelope.ts";
export * from "./errors.ts";
export * from "./image-translate.ts";
export * from "./marketplace.ts";
