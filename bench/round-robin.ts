// A small round-robin HTTP proxy in its own process (keep-alive to each target). Prints its port.
import { Agent, createServer, request } from "node:http";

const targets = process.argv.slice(2).map((url) => new URL(url));
const agents = targets.map(() => new Agent({ keepAlive: true, maxSockets: 64 }));
let next = 0;
const server = createServer((incoming, outgoing) => {
  const index = next++ % targets.length;
  const target = targets[index]!;
  const forward = request(
    {
      host: target.hostname,
      port: target.port,
      path: incoming.url,
      method: incoming.method,
      headers: incoming.headers,
      agent: agents[index],
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forward.on("error", () => outgoing.writeHead(502).end());
  incoming.pipe(forward);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
});
