import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { type TruncateLimits, useTruncate } from "@/hooks/use-truncate";

/**
 * A text cut by the shortening rules (docs/PRODUCT-RULES.md#shortened-text-and-breakpoints), without
 * losing it: on screen its first characters for the current window width and an ellipsis, the whole
 * text in a tooltip on hover and on keyboard focus, and the whole text (not the cut one) for screen
 * readers. Every shortened text of the product goes through this one component.
 */
export function ShortenedText({
  text,
  limits,
  slot,
  className,
}: {
  text: string;
  limits: TruncateLimits;
  /** `data-slot` of the visible part, for tests and styling. */
  slot: string;
  className?: string;
}) {
  const short = useTruncate()(text, limits);
  if (short === text) {
    return (
      <span data-slot={slot} className={className}>
        {text}
      </span>
    );
  }
  return (
    <TooltipProvider delayDuration={300}>
      <Tooltip>
        <TooltipTrigger asChild>
          <span
            // biome-ignore lint/a11y/noNoninteractiveTabindex: focus is how keyboard users read the whole text
            tabIndex={0}
            className={`rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring ${className ?? ""}`}
          >
            <span data-slot={slot} aria-hidden="true">
              {short}
            </span>
            <span className="sr-only">{text}</span>
          </span>
        </TooltipTrigger>
        <TooltipContent aria-hidden="true" data-slot={`${slot}-full`}>
          {text}
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
