/**
 * V8 heap settings for a thread or process that runs the image engine. With V8's defaults (16 MB
 * semi-spaces) a translation of the benchmark image sets off one full mark-compact of the whole heap (the
 * parsed fonts make it some 53 MB), 22 to 33 ms of pause each plus concurrent marking beside the
 * inference; with 32 MB semi-spaces the same images are collected by scavenges alone (`--trace-gc` over
 * five translations: 5 mark-compacts and 124 ms of pauses before, 5 scavenges and 6 ms after). The
 * engine benchmark's pipeline against bare inference went from a median of 1.62 to 1.42 (five runs each,
 * alternating, on a noisy machine), for at most 48 MB more memory per engine.
 *
 * The server's engine threads take it as a worker resource limit (server/imaging/engine-pool.ts); a process
 * that runs the engine on its main thread (the command line, the engine benchmark) as a Node flag.
 */
export const ENGINE_SEMI_SPACE_MB = 32;

/** V8's young generation is three semi-spaces (two for scavenging, one for new large objects). */
export const ENGINE_YOUNG_GENERATION_MB = ENGINE_SEMI_SPACE_MB * 3;

/** The same as Node flags, for a process whose main thread runs the engine. */
export const ENGINE_NODE_FLAGS: readonly string[] = [`--max-semi-space-size=${ENGINE_SEMI_SPACE_MB}`];
