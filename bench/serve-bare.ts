// A bare node:http server in its own process: every request gets the given body and headers. Prints its port.
import { createServer } from "node:http";

const { body, headers } = JSON.parse(process.argv[2]!) as { body: string; headers: Record<string, string> };
const bytes = Buffer.from(body, "base64");
const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(bytes);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
});
