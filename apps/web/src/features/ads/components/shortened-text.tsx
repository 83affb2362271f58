/**
 * A text cut for the window width. Sighted users see the short form (with the whole text as a
 * tooltip); screen readers hear the whole text.
 */
export function ShortenedText({
  text,
  short,
  slot,
  className,
}: {
  text: string;
  short: string;
  /** `data-slot` of the visible part, for tests and styling. */
  slot: string;
  className?: string;
}) {
  if (short === text) {
    return (
      <span data-slot={slot} className={className}>
        {text}
      </span>
    );
  }
  return (
    <span className={className} title={text}>
      <span data-slot={slot} aria-hidden="true">
        {short}
      </span>
      <span className="sr-only">{text}</span>
    </span>
  );
}
