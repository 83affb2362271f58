// A bare node:http server in its own process: every request gets the given status (200 unless
// said), body and headers; a 304 gets the headers alone. Prints its port.
import { createServer } from "node:http";

const {
  status = 200,
  body,
  headers,
} = JSON.parse(process.argv[2]!) as {
  status?: number;
  body: string;
  headers: Record<string, string>;
};
const bytes = Buffer.from(body, "base64");
const server = createServer((_request, response) => {
  response.writeHead(status, headers);
  if (status === 304) response.end();
  else response.end(bytes);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
});
