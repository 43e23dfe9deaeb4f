import { main } from "./main.ts";

/** The entry of dist/server.js (scripts/build-server.ts): main.ts's own check names its source file. */
await main();
