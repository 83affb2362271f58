import type { PerDay } from "@backoffice/contracts/overview";
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "recharts";
import { type ChartConfig, ChartContainer, ChartTooltip, ChartTooltipContent } from "@/components/ui/chart";
import { formatDay, formatDayMonth } from "@/lib/format";

// The foreground colour of each theme: far above 3:1 against the card in light and dark.
const config = { count: { label: "Count", color: "var(--foreground)" } } satisfies ChartConfig;

/**
 * The bars of a per-day chart, loaded on its own (Recharts). Keyboard focusable through Recharts'
 * accessibility layer: arrow keys move between days, each shown in the tooltip.
 */
export function DayBars({ title, summary, days }: { title: string; summary: string; days: PerDay["days"] }) {
  return (
    <ChartContainer config={config} className="aspect-auto h-56 w-full">
      <BarChart
        accessibilityLayer
        title={`${title} per day`}
        desc={summary}
        data={days}
        margin={{ left: 0, right: 8, top: 8 }}
      >
        <CartesianGrid vertical={false} />
        <XAxis
          dataKey="day"
          tickLine={false}
          axisLine={false}
          minTickGap={24}
          tickFormatter={(day: string) => formatDayMonth(day)}
        />
        <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={40} />
        <ChartTooltip
          cursor={false}
          content={<ChartTooltipContent labelFormatter={(day) => formatDay(String(day))} />}
        />
        <Bar dataKey="count" fill="var(--color-count)" radius={2} />
      </BarChart>
    </ChartContainer>
  );
}
