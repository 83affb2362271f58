/** A details dialog's facts: label and value pairs, the values wrapping anywhere (long addresses). */
export function FactList({
  facts,
  className = "gap-y-2",
}: {
  facts: [string, string][];
  className?: string;
}) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 text-sm ${className}`}>
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
