import { type MatchSport, SPORT_LABELS } from "@backoffice/contracts";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

// Drawn here rather than as emoji: a system without a colour-emoji font shows emoji as empty boxes.
const SHAPES: Record<MatchSport, ReactNode> = {
  football: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 8l3.8 2.76-1.45 4.48h-4.7L8.2 10.76z" />
      <path d="M12 8V2M15.8 10.76l5.7-1.86M14.35 15.24l3.55 4.86M9.65 15.24L6.1 20.1M8.2 10.76L2.5 8.9" />
    </>
  ),
  basketball: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 2v20M2 12h20M5.6 4.3a11 11 0 0 1 0 15.4M18.4 4.3a11 11 0 0 0 0 15.4" />
    </>
  ),
  tennis: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M5.5 4.4c2.5 2 4 4.6 4 7.6s-1.5 5.6-4 7.6M18.5 4.4c-2.5 2-4 4.6-4 7.6s1.5 5.6 4 7.6" />
    </>
  ),
  hockey: (
    <>
      <path d="M8 2l6.2 13.4a2 2 0 0 0 1.8 1.2H22" />
      <ellipse cx="6" cy="18" rx="4" ry="1.8" />
      <path d="M2 18v1.6C2 20.5 3.8 21.4 6 21.4s4-.9 4-1.8V18" />
    </>
  ),
  "AM-football": (
    <>
      <ellipse cx="12" cy="12" rx="10.5" ry="6" transform="rotate(-45 12 12)" />
      <path d="M9 15l6-6M10 11l3 3M11.5 9.5l3 3M8.5 12.5l3 3" />
    </>
  ),
};

/**
 * A stored match's sport as an icon that ships with the product. It names the sport to screen
 * readers, unless `decorative` (the sport's name is written beside it).
 */
export function SportIcon({
  sport,
  decorative = false,
  className,
}: {
  sport: MatchSport;
  decorative?: boolean;
  className?: string;
}) {
  const shape = {
    "data-slot": "sport-icon",
    "data-sport": sport,
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 1.75,
    strokeLinecap: "round",
    strokeLinejoin: "round",
    className: cn("size-5 shrink-0", className),
  } as const;
  if (decorative)
    return (
      <svg {...shape} aria-hidden="true">
        {SHAPES[sport]}
      </svg>
    );
  const name = SPORT_LABELS[sport];
  return (
    <svg {...shape} role="img" aria-label={name}>
      <title>{name}</title>
      {SHAPES[sport]}
    </svg>
  );
}
