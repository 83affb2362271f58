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
 */
export const V8_FLAGS = ["--max-semi-space-size=4", "--heap-growing-percent=20", "--no-memory-reducer"];
