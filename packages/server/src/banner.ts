/**
 * What an operator must see among the start-up logs (the address, a first run's admin password),
 * as one framed block printed once the servers listen, so it is the last thing on the screen.
 */
export function framed(text: string): string {
  const lines = text.split("\n");
  const width = Math.max(...lines.map((line) => line.length));
  const rule = "─".repeat(width + 2);
  return `\n┌${rule}┐\n${lines.map((line) => `│ ${line.padEnd(width)} │`).join("\n")}\n└${rule}┘\n\n`;
}
