import { BREAKPOINTS } from "@backoffice/contracts/site-rules";
import { useMediaQuery } from "./use-media-query";

/** "Narrow" is under 992px (also the sidebar breakpoint), "mobile" under 640px. */
export const NARROW_MAX = BREAKPOINTS.narrow - 0.02;
export const MOBILE_MAX = BREAKPOINTS.mobile - 0.02;

export function useBreakpoint() {
  const narrow = useMediaQuery(`(max-width: ${NARROW_MAX}px)`);
  const mobile = useMediaQuery(`(max-width: ${MOBILE_MAX}px)`);
  return { narrow, mobile, desktop: !narrow };
}
