/**
 * The V8 flags the api and the content service run with: `npm start` (scripts/start.mjs), their
 * `start` scripts in apps/api and apps/content (what docs/DEPLOYMENT.md runs) and the bench. Each
 * was measured after the bench's load (docs/PERFORMANCE.md):
 * - `--max-semi-space-size=4`: V8's young generation had grown to 110 MB; 8 MB now, with no
 *   difference in CPU time per request beyond the noise (public read, admin list).
 * - `--heap-growing-percent=20`: the next full collection comes when the old generation has grown
 *   by 20 % over what survived the last one, instead of up to four times it: 37 MB instead of 138 MB.
 * - `--no-memory-reducer`: about 8 s after its last allocation V8 shrinks the heap and empties its
 *   page pool; a server then served public reads about 10 % slower for as long as it was measured
 *   ("Quiet, then busy"), for the same memory 3 s after the bench's load.
 * Chosen again with the embedded database on its own thread (docs/decisions/018), measuring the
 * intake and the memory of `npm start` together in alternated runs: Node's defaults made no more
 * intake (3,168–5,165 req/s against 4,391–5,915 with these flags, p99 42–59 ms against 21–43 ms)
 * and held 592–658 MB after the bench's load against 398–401 MB (goal 400 MB), 371–382 MB idle
 * against 341–346 MB; a 16-MB semi-space held 468–470 MB after load for no gain. The 1.5–1.8× the
 * defaults once gained came with the database's WebAssembly on this thread.
 */
export const V8_FLAGS = ["--max-semi-space-size=4", "--heap-growing-percent=20", "--no-memory-reducer"];
